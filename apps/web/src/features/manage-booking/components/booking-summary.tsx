import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDelay } from '@parking/domain/flight-delay-format';
import { ChargeLine, DetailSection } from '@/components/detail-section';
import { StatusDot } from '@/components/status-dot';
import { bookingStatusDot, paymentStatusDot } from '@/lib/booking-status';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import type { ManagedBooking } from '../api/manage-booking';

/** The summary's sections: labels at least 96 px wide, each heading shown even with nothing under it. */
const FACTS = { labelWidth: 96, keepWhenEmpty: true };

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
        <DetailSection
          {...FACTS}
          title="Booking"
          details={[
            { label: 'Booking code', value: booking.bookingCode },
            { label: 'Status', value: <StatusDot {...bookingStatusDot(booking.status)} /> },
            {
              label: 'Payment',
              value: <StatusDot {...paymentStatusDot(booking.paymentStatus, booking.amountPaid)} />,
            },
            {
              label: 'Name',
              value: [booking.title, booking.firstName, booking.lastName].filter(Boolean).join(' '),
            },
          ]}
        />
        <DetailSection
          {...FACTS}
          title="Parking"
          details={[
            { label: 'Car park', value: booking.lotName },
            { label: 'Drop-off', value: formatDateTime(booking.startDatetime) },
            { label: 'Pick-up', value: <PickUp booking={booking} /> },
          ]}
        />
        <DetailSection
          {...FACTS}
          title="Flights"
          details={[
            { label: 'Departure', value: flight(booking.airlineOutName, booking.flightNumberOut) },
            { label: 'Return', value: flight(booking.airlineInName, booking.flightNumberIn) },
          ]}
        />
        <DetailSection
          {...FACTS}
          title="Vehicle"
          details={[
            { label: 'Rego', value: booking.rego },
            {
              label: 'Vehicle',
              value: [booking.colour, booking.make, booking.model].filter(Boolean).join(' '),
            },
            {
              label: 'Extras',
              value: booking.extras.length
                ? booking.extras.map((extra) => `${extra.name} (${formatMoneyText(extra.price)})`).join(', ')
                : 'None',
            },
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
          <ChargeLine label="Parking" amount={formatMoneyText(booking.parkingCost)} />
          {nonZero(booking.subscriptionDiscount) && (
            <ChargeLine label="Subscription" amount={`−${formatMoneyText(booking.subscriptionDiscount)}`} />
          )}
          {nonZero(booking.amountDiscounted) && (
            <ChargeLine
              label={booking.promoCode ? `Discount (${booking.promoCode})` : 'Discount'}
              amount={`−${formatMoneyText(booking.amountDiscounted)}`}
            />
          )}
          <ChargeLine label="Extras" amount={formatMoneyText(booking.extrasCost)} />
          <Divider />
          <ChargeLine label="Total (AUD)" amount={formatMoneyText(booking.totalCost)} strong />
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            Includes GST of {formatMoneyText(booking.gst)}
          </Typography>
          {/* From the ledger: everything paid, what went back, and only then anything still owed. */}
          <ChargeLine
            label="Paid"
            amount={formatMoneyText((Number(booking.amountPaid) + Number(booking.amountRefunded)).toFixed(2))}
          />
          {nonZero(booking.amountRefunded) && (
            <ChargeLine label="Refunded" amount={`−${formatMoneyText(booking.amountRefunded)}`} />
          )}
          {nonZero(booking.amountDue) && (
            <ChargeLine label="To pay" amount={formatMoneyText(booking.amountDue)} strong />
          )}
        </Stack>
      </Box>
    </Box>
  );
}
