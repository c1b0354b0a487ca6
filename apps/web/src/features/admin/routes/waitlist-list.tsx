import { formatDateShort } from '@parking/domain/dates';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';
import type { WaitlistEntryAttributes } from '@parking/domain/api-contract/waitlist';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { StatusDot, type DotColour } from '@/components/status-dot';
import { paths } from '@/config/paths';

/** An entry's state for staff: holding a place green, waiting yellow, the rest grey. */
const STATUS: Record<string, { colour: DotColour; label: string }> = {
  offered: { colour: 'green', label: 'Place held' },
  waiting: { colour: 'yellow', label: 'Waiting' },
  booked: { colour: 'blue', label: 'Booked' },
  lapsed: { colour: 'grey', label: 'Hold lapsed' },
  left: { colour: 'grey', label: 'Left' },
  // Joined, its address's owner not yet confirming from the email (issue 38): on no list, holding nothing.
  pending: { colour: 'grey', label: 'Unconfirmed' },
};

const config: ListScreenConfig<WaitlistEntryAttributes> = {
  title: paths.adminWaitlist.title,
  noun: 'waitlist entry',
  type: 'waitlist-entries',
  include: 'lot',
  filters: [
    { name: 'date', label: 'Day', kind: 'date', api: (value) => ({ date: value }) },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: Object.entries(STATUS).map(([value, { label }]) => ({ value, label })),
      api: (value) => ({ status: value }),
    },
  ],
  columns: [
    columns.text<WaitlistEntryAttributes>('email', 'Email', { sortKey: undefined }),
    columns.related<WaitlistEntryAttributes, NamedAttributes>('lot', 'lots', (lot) => lot.name, 'Carpark'),
    {
      id: 'startDate',
      label: 'Departure',
      sortKey: 'startDate',
      render: (row) => formatDateShort(row.attributes.startDate),
    },
    { id: 'endDate', label: 'Return', render: (row) => formatDateShort(row.attributes.endDate) },
    {
      id: 'status',
      label: 'Status',
      sortKey: 'status',
      render: (row) => {
        const status = STATUS[row.attributes.status] ?? { colour: 'grey', label: row.attributes.status };
        return <StatusDot colour={status.colour} label={status.label} />;
      },
    },
    columns.datetime<WaitlistEntryAttributes>('joined', 'Joined'),
    columns.datetime<WaitlistEntryAttributes>('holdExpiresAt', 'Held Until', { sortKey: undefined }),
  ],
  emptyText:
    'Nobody is on the waitlist for this day. Travellers join it from the quote when a car park is full.',
};

/**
 * The waitlist (issue 24): who is waiting for a place on a full day, and whose place is held, first to
 * join first. Opened from the diary's count for its day (?date=YYYY-MM-DD).
 */
export function WaitlistListPage() {
  return <ListScreen config={config} />;
}
