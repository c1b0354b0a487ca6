import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { ExtraAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<ExtraAttributes> = {
  title: 'Extras',
  noun: 'extra',
  type: 'extras',
  columns: [
    columns.text<ExtraAttributes>('name', 'Name'),
    columns.text<ExtraAttributes>('extraType', 'Type', {
      render: (row) => (row.attributes.extraType === 'detailing' ? 'Detailing' : 'Service'),
    }),
    columns.money<ExtraAttributes>('basePrice', 'Base Price'),
    columns.bool<ExtraAttributes>('available', 'Available'),
    columns.bool<ExtraAttributes>('public', 'Publicly Visible'),
  ],
  hrefOf: (row) => adminHref(paths.adminExtrasEdit, { extraId: row.id }),
  addHref: paths.adminExtrasAdd.path,
  emptyText: 'No extras yet. Add the detailing and services customers can order with their parking.',
};

/** Extras (back-office §2 "Settings screens"): Admins only; private ones included. */
export function ExtrasListPage() {
  return <ListScreen config={config} />;
}
