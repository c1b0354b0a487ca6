import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDelay } from '@parking/domain/flight-delay-format';
import { StatusDot } from '@/components/status-dot';
import { bookingStatusDot, paymentStatusDot } from '@/lib/booking-status';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import type { ManagedBooking } from '../api/manage-booking';

function Facts({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  const shown = rows.filter(([, value]) => value !== '' && value !== null);
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="primary.light">
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 0.5,
          display: 'grid',
          gridTemplateColumns: 'minmax(96px, auto) 1fr',
          columnGap: 2,
          rowGap: 0.75,
        }}
      >
        {shown.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{
        justifyContent: 'space-between',
        typography: strong ? 'subtitle1' : 'body2',
        fontWeight: strong ? 700 : 400,
      }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    </Stack>
  );
}

const nonZero = (amount: string) => Number(amount) !== 0;
const flight = (airline: string, number: string) => [airline, number].filter(Boolean).join(' ');

/** The pick-up, and what a late or cancelled arriving flight did to it (issue 24). */
function PickUp({ booking }: { booking: ManagedBooking }) {
  const pickUp = formatDateTime(booking.endDatetime);
  if (booking.flightStatus === 'cancelled')
    return (
      <>
        {pickUp}
        <Box component="span" sx={{ display: 'block', color: 'error.main', fontWeight: 400 }}>
          Your flight home was cancelled: tell us your new flight and we will have your car ready. Nothing has
          been charged.
        </Box>
      </>
    );
  if (booking.flightStatus !== 'delayed') return pickUp;
  const moved = booking.bookedEndDatetime !== null && booking.bookedEndDatetime !== booking.endDatetime;
  return (
    <>
      {pickUp}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
        Your flight is running {formatDelay(booking.flightDelayMinutes).slice(1)} late.{' '}
        {moved
          ? `Your car will be ready when you land: moved from ${formatDateTime(booking.bookedEndDatetime)}, at no charge.`
          : 'Please call us about your pick-up.'}
      </Box>
    </>
  );
}

/** The booking as it stands: what, when, which car, and where the money is. */
export function BookingSummary({ booking }: { booking: ManagedBooking }) {
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Facts
          title="Booking"
          rows={[
            ['Booking code', booking.bookingCode],
            ['Status', <StatusDot key="status" {...bookingStatusDot(booking.status)} />],
            [
              'Payment',
              <StatusDot key="payment" {...paymentStatusDot(booking.paymentStatus, booking.amountPaid)} />,
            ],
            ['Name', [booking.title, booking.firstName, booking.lastName].filter(Boolean).join(' ')],
          ]}
        />
        <Facts
          title="Parking"
          rows={[
            ['Car park', booking.lotName],
            ['Drop-off', formatDateTime(booking.startDatetime)],
            ['Pick-up', <PickUp key="pick-up" booking={booking} />],
          ]}
        />
        <Facts
          title="Flights"
          rows={[
            ['Departure', flight(booking.airlineOutName, booking.flightNumberOut)],
            ['Return', flight(booking.airlineInName, booking.flightNumberIn)],
          ]}
        />
        <Facts
          title="Vehicle"
          rows={[
            ['Rego', booking.rego],
            ['Vehicle', [booking.colour, booking.make, booking.model].filter(Boolean).join(' ')],
            [
              'Extras',
              booking.extras.length
                ? booking.extras.map((extra) => `${extra.name} (${formatMoneyText(extra.price)})`).join(', ')
                : 'None',
            ],
          ]}
        />
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box
        component="section"
        aria-label="Charges"
        sx={{
          bgcolor: 'background.default',
          borderRadius: 3,
          p: 2.5,
          maxWidth: { md: 420 },
          ml: { md: 'auto' },
        }}
      >
        <Stack spacing={0.75}>
          <Line label="Parking" amount={formatMoneyText(booking.parkingCost)} />
          {nonZero(booking.subscriptionDiscount) && (
            <Line label="Subscription" amount={`−${formatMoneyText(booking.subscriptionDiscount)}`} />
          )}
          {nonZero(booking.amountDiscounted) && (
            <Line
              label={booking.promoCode ? `Discount (${booking.promoCode})` : 'Discount'}
              amount={`−${formatMoneyText(booking.amountDiscounted)}`}
            />
          )}
          <Line label="Extras" amount={formatMoneyText(booking.extrasCost)} />
          <Divider />
          <Line label="Total (AUD)" amount={formatMoneyText(booking.totalCost)} strong />
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            Includes GST of {formatMoneyText(booking.gst)}
          </Typography>
          {/* From the ledger: everything paid, what went back, and only then anything still owed. */}
          <Line
            label="Paid"
            amount={formatMoneyText((Number(booking.amountPaid) + Number(booking.amountRefunded)).toFixed(2))}
          />
          {nonZero(booking.amountRefunded) && (
            <Line label="Refunded" amount={`−${formatMoneyText(booking.amountRefunded)}`} />
          )}
          {nonZero(booking.amountDue) && (
            <Line label="To pay" amount={formatMoneyText(booking.amountDue)} strong />
          )}
        </Stack>
      </Box>
    </Box>
  );
}
