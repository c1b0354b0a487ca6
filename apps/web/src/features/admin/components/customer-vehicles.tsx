import { useState } from 'react';
import { RelatedTable } from '@/components/admin/related-table';
import type { Resource } from '@/lib/api/jsonapi';
import type { VehicleAttributes } from '@parking/domain/api-contract/accounts';
import { CustomerVehicleDialog } from './customer-vehicle-dialog';
import { LIVE_VEHICLES, markVehicleDeleted, vehicleColumns } from './vehicle-list';

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
        filters={{ owner: customerId, ...LIVE_VEHICLES }}
        include="vehicleType"
        defaultSort="rego"
        columns={vehicleColumns}
        emptyText="This customer has no vehicles yet."
        onAdd={() => setEditing({ vehicle: null })}
        onEdit={(vehicle) => setEditing({ vehicle })}
        canDelete={canDelete}
        remove={markVehicleDeleted}
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
