import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<NamedAttributes> = {
  title: 'Vehicle Types',
  noun: 'vehicle type',
  type: 'vehicle-types',
  columns: [columns.text<NamedAttributes>('name', 'Name')],
  hrefOf: (row) => adminHref(paths.adminVehicletypesEdit, { vehicleTypeId: row.id }),
  addHref: paths.adminVehicletypesAdd.path,
  emptyText: 'No vehicle types yet. Add one so that customers can describe their car.',
};

/** Vehicle types (back-office §2 "Settings screens"): Admins only. */
export function VehicleTypesListPage() {
  return <ListScreen config={config} />;
}
