import { useNavigate } from 'react-router';
import { columns } from '@/components/admin/columns';
import { RelatedTable } from '@/components/admin/related-table';
import { adminHref, paths } from '@/config/paths';
import type { Resource } from '@/lib/api/jsonapi';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

const bookingColumns = [
  columns.text<BookingAttributes>('bookingCode', 'Booking'),
  columns.text<BookingAttributes>('rego', 'Rego', { sortKey: undefined }),
  columns.datetime<BookingAttributes>('startDatetime', 'Drop Off'),
  columns.datetime<BookingAttributes>('endDatetime', 'Pick Up'),
  columns.related<BookingAttributes, NamedAttributes>('lot', 'lots', (lot) => lot.name, 'Carpark', {
    hideOnMobile: true,
  }),
  columns.money<BookingAttributes>('totalCost', 'Total'),
  columns.status<BookingAttributes>(),
  columns.paymentStatus<BookingAttributes>(),
];

const editHref = (booking: Resource<BookingAttributes>) =>
  adminHref(paths.adminBookingsEdit, { bookingId: booking.id });

/**
 * A customer's bookings below their form (back-office §2 "Customers", §7 "Customer tabs"), newest first
 * (§9): Add opens a new booking for this customer, Edit or a click on a row opens the booking, Delete
 * (Admins, §6) asks first.
 */
export function CustomerBookings({ customerId, canDelete }: { customerId: string; canDelete: boolean }) {
  const navigate = useNavigate();
  return (
    <RelatedTable<BookingAttributes>
      id="bookings"
      title="Bookings"
      noun="booking"
      type="bookings"
      filters={{ customer: customerId }}
      include="lot"
      defaultSort="-created"
      columns={bookingColumns}
      emptyText="This customer has no bookings yet."
      onAdd={() => navigate(adminHref(paths.adminBookingsAdd, {}, { customer: customerId }))}
      onEdit={(booking) => navigate(editHref(booking))}
      hrefOf={editHref}
      canDelete={canDelete}
      invalidates={['customers']}
    />
  );
}
