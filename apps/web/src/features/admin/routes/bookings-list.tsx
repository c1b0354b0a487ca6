import { columns } from '@/components/admin/columns';
import { ExportCsvButton } from '@/components/admin/export-button';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/roles';
import { bookingFilters } from '../api/booking-filters';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<BookingAttributes> = {
  title: 'Bookings',
  noun: 'booking',
  type: 'bookings',
  include: 'lot',
  defaultSort: '-created',
  filters: bookingFilters,
  columns: [
    columns.text<BookingAttributes>('bookingCode', 'Booking'),
    {
      id: 'customer',
      label: 'Customer',
      sortKey: 'lastName',
      render: (row) => `${row.attributes.firstName} ${row.attributes.lastName}`.trim(),
    },
    columns.text<BookingAttributes>('rego', 'Rego', { sortKey: undefined }),
    columns.datetime<BookingAttributes>('startDatetime', 'Drop Off'),
    columns.datetime<BookingAttributes>('endDatetime', 'Pick Up'),
    columns.related<BookingAttributes, NamedAttributes>('lot', 'lots', (lot) => lot.name, 'Carpark'),
    columns.money<BookingAttributes>('totalCost', 'Total'),
    columns.status<BookingAttributes>(),
    columns.paymentStatus<BookingAttributes>(),
  ],
  hrefOf: (row) => adminHref(paths.adminBookingsEdit, { bookingId: row.id }),
  addHref: paths.adminBookingsAdd.path,
  canDelete: isAdmin,
  emptyText: 'No bookings match these filters.',
  actions: ({ apiFilters, filtered }) => (
    <ExportCsvButton type="bookings" filters={apiFilters} filtered={filtered} />
  ),
};

/** Bookings (back-office §2, §7): every filter of the spec, CSV export of the current filter. */
export function BookingsListPage() {
  return <ListScreen config={config} />;
}
