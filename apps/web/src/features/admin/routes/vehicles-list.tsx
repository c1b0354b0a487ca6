import { useMemo } from 'react';
import { normaliseRego } from '@parking/domain/rego';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/roles';
import type { CustomerAttributes, VehicleAttributes } from '@parking/domain/api-contract/accounts';
import { LIVE_VEHICLES, markVehicleDeleted, vehicleColumns } from '../components/vehicle-list';

/** Vehicles (back-office §2): rego filter, soft delete by Admins (§4), only live vehicles (§3). */
export function VehiclesListPage() {
  const config = useMemo<ListScreenConfig<VehicleAttributes>>(
    () => ({
      title: 'Vehicles',
      noun: 'vehicle',
      type: 'vehicles',
      include: 'vehicleType,owner',
      fixedFilters: LIVE_VEHICLES,
      filters: [
        {
          name: 'rego',
          label: 'Rego',
          kind: 'search',
          api: (value) => ({ rego__icontains: normaliseRego(value) }),
        },
      ],
      columns: [
        ...vehicleColumns,
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
      remove: markVehicleDeleted,
      emptyText: 'No vehicles match these filters.',
    }),
    [],
  );
  return <ListScreen config={config} />;
}
