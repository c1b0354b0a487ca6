import { useState } from 'react';
import { columns } from '@/components/admin/columns';
import { RelatedTable } from '@/components/admin/related-table';
import type { Resource } from '@/lib/api/jsonapi';
import { saveResource } from '@/lib/api/resources';
import type { VehicleAttributes } from '@parking/domain/api-contract/accounts';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';
import { CustomerVehicleDialog } from './customer-vehicle-dialog';

const vehicleColumns = [
  columns.text<VehicleAttributes>('rego', 'Rego'),
  columns.text<VehicleAttributes>('make', 'Make'),
  columns.text<VehicleAttributes>('model', 'Model', { sortKey: undefined }),
  columns.text<VehicleAttributes>('colour', 'Colour', { sortKey: undefined }),
  columns.related<VehicleAttributes, NamedAttributes>(
    'vehicleType',
    'vehicle-types',
    (type) => type.name,
    'Vehicle type',
  ),
];

/** The dialog's state: closed, adding, or editing one vehicle. */
type Editing = { vehicle: Resource<VehicleAttributes> | null } | null;

/**
 * A customer's vehicles below their form (back-office §2 "Customers"): single select, Add and Edit in a
 * dialog, Delete (Admins, §6) marks the vehicle deleted rather than removing it (§4). Deleted vehicles
 * and the placeholder regos of bookings made without one are not listed (§3).
 */
export function CustomerVehicles({ customerId, canDelete }: { customerId: string; canDelete: boolean }) {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <RelatedTable<VehicleAttributes>
        id="vehicles"
        title="Vehicles"
        noun="vehicle"
        type="vehicles"
        filters={{ owner: customerId, deleted: 'false', regoUuid: 'false' }}
        include="vehicleType"
        defaultSort="rego"
        columns={vehicleColumns}
        emptyText="This customer has no vehicles yet."
        onAdd={() => setEditing({ vehicle: null })}
        onEdit={(vehicle) => setEditing({ vehicle })}
        canDelete={canDelete}
        remove={async (id) => {
          await saveResource('vehicles', { attributes: { deleted: true } }, id);
        }}
      />
      {editing && (
        <CustomerVehicleDialog
          vehicle={editing.vehicle}
          customerId={customerId}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
