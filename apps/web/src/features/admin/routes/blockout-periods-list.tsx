import { blockTypeLabel } from '@parking/domain/settings-forms';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { BlockoutPeriodAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<BlockoutPeriodAttributes> = {
  title: 'Blockout Periods',
  noun: 'blockout period',
  type: 'blockout-periods',
  columns: [
    columns.text<BlockoutPeriodAttributes>('name', 'Name'),
    columns.datetime<BlockoutPeriodAttributes>('startDatetime', 'Start'),
    columns.datetime<BlockoutPeriodAttributes>('endDatetime', 'End'),
    columns.text<BlockoutPeriodAttributes>('blockType', 'Block Type', {
      sortKey: undefined,
      render: (row) => blockTypeLabel(row.attributes.blockType),
    }),
  ],
  defaultSort: '-startDatetime',
  hrefOf: (row) => adminHref(paths.adminBlockoutPeriodsEdit, { blockoutPeriodId: row.id }),
  addHref: paths.adminBlockoutPeriodsAdd.path,
  emptyText: 'No blockout periods. Add one to stop drop-offs, online bookings or extras for a while.',
};

/** Blockout periods (back-office §2 "Settings screens"): Admins only; the latest first. */
export function BlockoutPeriodsListPage() {
  return <ListScreen config={config} />;
}
