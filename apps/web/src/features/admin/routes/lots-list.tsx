import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { LotAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<LotAttributes> = {
  title: 'Lots',
  noun: 'lot',
  type: 'lots',
  columns: [
    columns.text<LotAttributes>('name', 'Name'),
    columns.text<LotAttributes>('slug', 'Slug', { sortKey: undefined }),
    columns.text<LotAttributes>('lotType', 'Type', {
      sortKey: undefined,
      render: (row) => (row.attributes.lotType === 'indoor' ? 'Indoor' : 'Outdoor'),
    }),
    columns.text<LotAttributes>('spaces', 'Spaces', { align: 'right' }),
    columns.text<LotAttributes>('fillRateThreshold', 'Fill Rate Threshold', {
      align: 'right',
      render: (row) => row.attributes.fillRateThreshold ?? '',
    }),
  ],
  hrefOf: (row) => adminHref(paths.adminLotsEdit, { lotId: row.id }),
  addHref: paths.adminLotsAdd.path,
  emptyText: 'No lots yet. Add the car parks customers can book.',
};

/** The car parks (back-office §2 "Settings screens"): Admins only. */
export function LotsListPage() {
  return <ListScreen config={config} />;
}
