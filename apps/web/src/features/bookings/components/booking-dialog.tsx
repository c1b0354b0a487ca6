import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import PaymentOutlinedIcon from '@mui/icons-material/PaymentOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTime12 } from '@parking/domain/dates';
import { gstCents } from '@parking/domain/pricing';
import { formatAud, isMoney, parseMoney } from '@parking/domain/money';
import { paymentMethodLabel } from '@parking/domain/payment-labels';
import { YourCar } from '@/components/custody/your-car';
import { ChargeLine, DetailSection } from '@/components/detail-section';
import { ResponsiveDialog, ScrollableDialogContent } from '@/components/responsive-dialog';
import { manageBookingHref } from '@/config/paths';
import { StatusDot } from '@/components/status-dot';
import { formatDateTime, formatMoneyText, formatRate } from '@/lib/format';
import { balanceToPay, invoiceUrl, type MyBooking } from '../api/get-my-bookings';
import { paymentStatusDot, travellerStatusDot } from '@/lib/booking-status';

/** The labels' column of the dialog's details (px). */
const LABEL_WIDTH = 110;

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
          <DetailSection
            labelWidth={LABEL_WIDTH}
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
          <DetailSection
            labelWidth={LABEL_WIDTH}
            title="Parking"
            details={[
              { label: 'Car park', value: booking.lotName },
              { label: 'Drop-off', value: formatDateTime(booking.startDatetime) },
              { label: 'Pick-up', value: formatDateTime(booking.endDatetime) },
              { label: 'Bus departs', value: time(booking.busDepartureTime) },
            ]}
          />
          <DetailSection
            labelWidth={LABEL_WIDTH}
            title="Flights"
            details={[
              { label: 'Departure', value: flight(booking.airlineOutName, booking.flightNumberOut) },
              { label: 'Passengers out', value: booking.passengersOut ?? '' },
              { label: 'Return', value: flight(booking.airlineInName, booking.flightNumberIn) },
              { label: 'Passengers in', value: booking.passengersIn ?? '' },
            ]}
          />
          <DetailSection
            labelWidth={LABEL_WIDTH}
            title="Vehicle"
            details={[
              { label: 'Rego', value: booking.rego },
              { label: 'Make', value: booking.make },
              { label: 'Model', value: booking.model },
              { label: 'Colour', value: booking.colour },
              { label: 'Vehicle type', value: booking.vehicleTypeName },
            ]}
          />
          <DetailSection
            labelWidth={LABEL_WIDTH}
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
          <DetailSection
            labelWidth={LABEL_WIDTH}
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
          <DetailSection
            labelWidth={LABEL_WIDTH}
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
            <DetailSection
              labelWidth={LABEL_WIDTH}
              title="Notes"
              details={[{ label: 'Notes', value: booking.publicNotes }]}
            />
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
