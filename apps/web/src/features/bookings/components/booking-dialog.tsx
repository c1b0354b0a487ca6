import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import PaymentOutlinedIcon from '@mui/icons-material/PaymentOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatTime12 } from '@parking/domain/dates';
import { gstCents } from '@parking/domain/pricing';
import { formatAud, isMoney, parseMoney } from '@parking/domain/money';
import { paymentMethodLabel } from '@parking/domain/payment-labels';
import { YourCar } from '@/components/custody/your-car';
import { ResponsiveDialog, ScrollableDialogContent } from '@/components/responsive-dialog';
import { manageBookingHref } from '@/config/paths';
import { StatusDot } from '@/components/status-dot';
import { formatDateTime, formatMoneyText, formatRate } from '@/lib/format';
import { balanceToPay, invoiceUrl, type MyBooking } from '../api/get-my-bookings';
import { paymentStatusDot, travellerStatusDot } from '@/lib/booking-status';

interface Detail {
  label: string;
  value: ReactNode;
}

function Section({ title, details }: { title: string; details: Detail[] }) {
  const shown = details.filter(
    (detail) => detail.value !== '' && detail.value !== null && detail.value !== undefined,
  );
  if (shown.length === 0) return null;
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
          gridTemplateColumns: 'minmax(110px, auto) 1fr',
          columnGap: 2,
          rowGap: 0.75,
        }}
      >
        {shown.map((detail) => (
          <Box key={detail.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {detail.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {detail.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ChargeLine({ label, amount }: { label: string; amount: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', typography: 'body2' }}>
      <span>{label}</span>
      <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    </Stack>
  );
}

const time = (value: string | null) => (value ? formatTime12(value) : '');
const flight = (airline: string, number: string) => [airline, number].filter(Boolean).join(' ');
const hasAmount = (amount: string) => isMoney(amount) && parseMoney(amount) !== 0;

interface BookingDialogProps {
  booking: MyBooking | null;
  open: boolean;
  onClose: () => void;
}

/** A booking, read-only, with its invoice (public-site §2): fullscreen below 960 px, max width 1000. */
export function BookingDialog({ booking, open, onClose }: BookingDialogProps) {
  if (!booking) return null;
  const gst = isMoney(booking.totalCost) ? formatAud(gstCents(parseMoney(booking.totalCost))) : '';
  const owed = balanceToPay(booking);

  return (
    <ResponsiveDialog open={open} onClose={onClose} title={`Booking ${booking.bookingCode}`}>
      <ScrollableDialogContent label="Booking details" dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section
            title="Booking"
            details={[
              { label: 'Booking code', value: booking.bookingCode },
              { label: 'Status', value: <StatusDot {...travellerStatusDot(booking, new Date())} /> },
              {
                label: 'Payment',
                value: <StatusDot {...paymentStatusDot(booking.paymentStatus, booking.amountPaid)} />,
              },
              { label: 'Booked on', value: formatDateTime(booking.created) },
            ]}
          />
          <Section
            title="Parking"
            details={[
              { label: 'Car park', value: booking.lotName },
              { label: 'Drop-off', value: formatDateTime(booking.startDatetime) },
              { label: 'Pick-up', value: formatDateTime(booking.endDatetime) },
              { label: 'Bus departs', value: time(booking.busDepartureTime) },
            ]}
          />
          <Section
            title="Flights"
            details={[
              { label: 'Departure', value: flight(booking.airlineOutName, booking.flightNumberOut) },
              { label: 'Passengers out', value: booking.passengersOut ?? '' },
              { label: 'Return', value: flight(booking.airlineInName, booking.flightNumberIn) },
              { label: 'Passengers in', value: booking.passengersIn ?? '' },
            ]}
          />
          <Section
            title="Vehicle"
            details={[
              { label: 'Rego', value: booking.rego },
              { label: 'Make', value: booking.make },
              { label: 'Model', value: booking.model },
              { label: 'Colour', value: booking.colour },
              { label: 'Vehicle type', value: booking.vehicleTypeName },
            ]}
          />
          <Section
            title="Contact"
            details={[
              {
                label: 'Name',
                value: [booking.title, booking.firstName, booking.lastName].filter(Boolean).join(' '),
              },
              { label: 'Email', value: booking.email },
              { label: 'Phone', value: booking.phoneNumber },
              { label: 'Business', value: booking.business },
            ]}
          />
          <Section
            title="Extras"
            details={
              booking.extras.length
                ? booking.extras.map((extra) => ({ label: extra.name, value: formatMoneyText(extra.price) }))
                : [{ label: 'Extras', value: 'None' }]
            }
          />
        </Box>

        <Divider sx={{ my: 3 }} />

        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <Section
            title="Payment"
            details={[
              { label: 'Amount paid', value: formatMoneyText(booking.amountPaid) },
              { label: 'To pay', value: owed > 0 ? formatAud(owed) : '' },
              { label: 'Method', value: paymentMethodLabel(booking.paymentMethod) },
              { label: 'Paid on', value: formatDateTime(booking.paymentDatetime) },
            ]}
          />
          <Box
            component="section"
            aria-label="Charges"
            sx={{ bgcolor: 'background.default', borderRadius: 3, p: 2.5 }}
          >
            <Typography variant="overline" component="h3" color="primary.light">
              Charges
            </Typography>
            <Stack spacing={0.75} sx={{ mt: 0.5 }}>
              <ChargeLine label="Parking" amount={formatMoneyText(booking.parkingCost)} />
              {hasAmount(booking.subscriptionDiscount) && (
                <ChargeLine
                  label="Subscription"
                  amount={`−${formatMoneyText(booking.subscriptionDiscount)}`}
                />
              )}
              {hasAmount(booking.amountDiscounted) && (
                <ChargeLine
                  label={
                    booking.promoCode
                      ? `Discount (${booking.promoCode}, ${formatRate(booking.discountRate)})`
                      : 'Discount'
                  }
                  amount={`−${formatMoneyText(booking.amountDiscounted)}`}
                />
              )}
              <ChargeLine label="Extras" amount={formatMoneyText(booking.extrasCost)} />
            </Stack>
            <Divider sx={{ my: 1.5 }} />
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 700 }}>Total (AUD)</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.375rem', color: 'primary.main' }}>
                {formatMoneyText(booking.totalCost)}
              </Typography>
            </Stack>
            {gst && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                Includes GST of {gst}
              </Typography>
            )}
          </Box>
        </Box>

        {booking.publicNotes && (
          <>
            <Divider sx={{ my: 3 }} />
            <Section title="Notes" details={[{ label: 'Notes', value: booking.publicNotes }]} />
          </>
        )}
        {booking.status === 'complete' && (
          <Box sx={{ mt: 3 }}>
            <YourCar bookingId={booking.id} />
          </Box>
        )}
      </ScrollableDialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>Close</Button>
        <Button
          href={manageBookingHref(booking.id)}
          variant="outlined"
          startIcon={<EditCalendarOutlinedIcon />}
        >
          Manage booking
        </Button>
        {owed > 0 && (
          <Button href={manageBookingHref(booking.id)} variant="outlined" startIcon={<PaymentOutlinedIcon />}>
            Pay {formatAud(owed)}
          </Button>
        )}
        <Button
          LinkComponent="a"
          href={invoiceUrl(booking.id)}
          target="_blank"
          rel="noopener"
          variant="contained"
          startIcon={<PictureAsPdfOutlinedIcon />}
        >
          Download PDF invoice
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
