import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<NamedAttributes> = {
  title: 'Airlines',
  noun: 'airline',
  type: 'airlines',
  columns: [columns.text<NamedAttributes>('name', 'Name')],
  hrefOf: (row) => adminHref(paths.adminAirlinesEdit, { airlineId: row.id }),
  addHref: paths.adminAirlinesAdd.path,
  // Bookings without a flight need it; the server refuses too.
  canDeleteRow: (row) => row.attributes.name !== NOT_FLYING_AIRLINE,
  emptyText: 'No airlines yet. Add one, then its flights.',
};

/** Airlines (back-office §2 "Settings screens"): Admins only; the Not flying entry stays. */
export function AirlinesListPage() {
  return <ListScreen config={config} />;
}
