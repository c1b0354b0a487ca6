import { useMemo } from 'react';
import { normaliseRego } from '@parking/domain/rego';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { saveResource } from '@/lib/api/resources';
import { isAdmin } from '@/lib/auth/roles';
import type { CustomerAttributes, VehicleAttributes } from '@parking/domain/api-contract/accounts';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

/** Vehicles (back-office §2): rego filter, soft delete by Admins (§4), only live vehicles (§3). */
export function VehiclesListPage() {
  const config = useMemo<ListScreenConfig<VehicleAttributes>>(
    () => ({
      title: 'Vehicles',
      noun: 'vehicle',
      type: 'vehicles',
      include: 'vehicleType,owner',
      fixedFilters: { deleted: 'false', regoUuid: 'false' },
      filters: [
        {
          name: 'rego',
          label: 'Rego',
          kind: 'search',
          api: (value) => ({ rego__icontains: normaliseRego(value) }),
        },
      ],
      columns: [
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
        columns.related<VehicleAttributes, CustomerAttributes>(
          'owner',
          'customers',
          (owner) => owner.fullName,
          'Owner',
        ),
      ],
      hrefOf: (row) => adminHref(paths.adminVehiclesEdit, { vehicleId: row.id }),
      addHref: paths.adminVehiclesAdd.path,
      canDelete: isAdmin,
      // Back-office §4: a vehicle is never removed, only marked deleted.
      remove: async (id) => {
        await saveResource('vehicles', { attributes: { deleted: true } }, id);
      },
      emptyText: 'No vehicles match these filters.',
    }),
    [],
  );
  return <ListScreen config={config} />;
}
