import PaymentIcon from '@mui/icons-material/Payment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { amountOwedCents } from '@parking/domain/stay-phase';
import { columns, type Column } from '@/components/admin/columns';
import { ExportCsvButton } from '@/components/admin/export-button';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { adminHref, paths } from '@/config/paths';
import type { Resource } from '@/lib/api/jsonapi';
import { invalidateTypes } from '@/lib/api/resource-queries';
import { isAdmin } from '@/lib/auth/roles';
import { bookingFilters } from '../api/booking-filters';
import { MakePaymentDialog } from '../components/make-payment-dialog';
import { ReportPdfLinks } from '../components/report-pdf-links';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

type Booking = Resource<BookingAttributes>;

const owedOf = (row: Booking) =>
  formatMoney(amountOwedCents(parseMoney(row.attributes.totalCost), parseMoney(row.attributes.amountPaid)));
/** Back-office §4: Make Payment for a saved booking not paid online, not paid, with something owing. */
const canPay = (row: Booking) =>
  !row.attributes.stripeComplete && row.attributes.paymentStatus !== 'paid' && parseMoney(owedOf(row)) > 0;

function bookingsConfig(created: string, pay: (row: Booking) => void): ListScreenConfig<BookingAttributes> {
  const code: Column<BookingAttributes> = {
    ...columns.text<BookingAttributes>('bookingCode', 'Booking'),
    render: (row) =>
      row.id === created ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {row.attributes.bookingCode}
          <Chip size="small" color="success" label="Just created" />
        </Box>
      ) : (
        row.attributes.bookingCode
      ),
  };
  // After a new booking is saved (back-office §4) its payment is taken from its row, beside the customer
  // (the first column is the row's link, and a column of its own would push the table past 1280 px).
  const customer: Column<BookingAttributes> = {
    id: 'customer',
    label: 'Customer',
    sortKey: 'lastName',
    render: (row) => {
      const name = `${row.attributes.firstName} ${row.attributes.lastName}`.trim();
      if (row.id !== created || !canPay(row)) return name;
      return (
        <Box sx={{ display: 'grid', gap: 0.75, justifyItems: 'start' }}>
          {name}
          <Button
            size="small"
            variant="contained"
            startIcon={<PaymentIcon />}
            onClick={() => pay(row)}
            aria-label={`Make Payment for booking ${row.attributes.bookingCode}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Make Payment
          </Button>
        </Box>
      );
    },
  };
  // The car park, and beneath it what the booking was sold through (issue 42: Website, Staff or the partner's
  // name); a Channel column of its own would push the table past 1280 px too.
  const carpark: Column<BookingAttributes> = {
    id: 'lot',
    label: 'Carpark',
    render: (row, included) => (
      <>
        {included.one<NamedAttributes>(row, 'lot', 'lots')?.attributes.name ?? ''}
        {row.attributes.channel && (
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block', overflowWrap: 'anywhere' }}
          >
            via {row.attributes.channel}
          </Typography>
        )}
      </>
    ),
  };
  return {
    title: 'Bookings',
    noun: 'booking',
    type: 'bookings',
    include: 'lot',
    defaultSort: '-created',
    filters: bookingFilters,
    columns: [
      code,
      customer,
      columns.text<BookingAttributes>('rego', 'Rego', { sortKey: undefined }),
      columns.datetime<BookingAttributes>('startDatetime', 'Drop Off'),
      columns.datetime<BookingAttributes>('endDatetime', 'Pick Up'),
      carpark,
      columns.money<BookingAttributes>('totalCost', 'Total'),
      columns.status<BookingAttributes>(),
      columns.paymentStatus<BookingAttributes>(),
    ],
    hrefOf: (row) => adminHref(paths.adminBookingsEdit, { bookingId: row.id }),
    addHref: paths.adminBookingsAdd.path,
    canDelete: isAdmin,
    emptyText: 'No bookings match these filters.',
    actions: ({ apiFilters, filtered }) => (
      <>
        <ExportCsvButton type="bookings" filters={apiFilters} filtered={filtered} />
        <ReportPdfLinks />
      </>
    ),
  };
}

/**
 * Bookings (back-office §2, §7): every filter of the spec, CSV export of the current filter. A booking just
 * created from the form (?created=) is marked, with Make Payment on its row, so staff take the payment
 * without reopening it.
 */
export function BookingsListPage() {
  const [search] = useSearchParams();
  const created = search.get('created') ?? '';
  const [paying, setPaying] = useState<Booking | null>(null);
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const config = useMemo(() => bookingsConfig(created, setPaying), [created]);
  return (
    <>
      <ListScreen config={config} />
      {paying && (
        <MakePaymentDialog
          open
          bookingId={paying.id}
          due={owedOf(paying)}
          billing={{
            email: paying.attributes.email,
            name: `${paying.attributes.firstName} ${paying.attributes.lastName}`.trim(),
            phone: paying.attributes.phoneNumber,
          }}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            snackbar.show('Payment received');
            void invalidateTypes(queryClient, 'bookings', 'booking-logs');
          }}
        />
      )}
    </>
  );
}
