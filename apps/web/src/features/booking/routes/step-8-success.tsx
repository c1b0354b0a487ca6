import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventIcon from '@mui/icons-material/Event';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dropOffTime } from '@parking/domain/drop-off';
import { bookingQuoteHref, paths } from '@/config/paths';
import { AddToWallet } from '@/components/wallet/add-to-wallet';
import { useAuth } from '@/lib/auth/auth-context';
import { dayAndDate, time12 } from '@/lib/format';
import { money } from '../components/formatting';
import { StaySummary } from '../components/stay-summary';
import { useWizard } from '../state/wizard-context';
import type { SavedBooking } from '../state/wizard-state';

/**
 * A saved booking's document: for the guest who has just paid, the payment's secret opens it (they
 * have no login); a customer's session opens it anyway.
 */
function documentUrl(booking: SavedBooking, document: 'invoice' | 'calendar'): string {
  const base = `/backend/api/v1/bookings/${encodeURIComponent(booking.id)}/${document}/`;
  return booking.clientSecret ? `${base}?client_secret=${encodeURIComponent(booking.clientSecret)}` : base;
}

/**
 * Step 8, Success (public-site §2): the booking code, where the confirmation went, every charge with
 * the total, GST and what was paid, the invoice and a calendar file, what happens next, and the way on.
 */
export function SuccessStepPage() {
  const { state } = useWizard();
  const { user } = useAuth();
  const booking = state.booking;
  const flights = state.flights;
  const busTime = flights && !flights.notFlyingOut ? flights.busDepartureTime : '';

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 3 }}>
        <CheckCircleOutlineIcon aria-hidden sx={{ fontSize: 48, color: 'success.main' }} />
        <Typography sx={{ fontSize: '1.125rem' }}>
          Thank you{state.details ? `, ${state.details.firstName}` : ''}. Your parking is booked
          {booking?.amountPaid && booking.amountPaid !== '0.00'
            ? ` and ${money(booking.amountPaid)} has been paid`
            : ''}
          .
        </Typography>
      </Box>
      {booking?.email && (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 3 }}>
          <MailOutlineIcon aria-hidden color="primary" sx={{ mt: 0.25 }} />
          <Typography data-testid="emailed-to">
            We have emailed your confirmation to <strong>{booking.email}</strong>, with your invoice attached.
          </Typography>
        </Box>
      )}
      {booking && (
        <Box sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, bgcolor: 'rgba(15, 45, 82, 0.05)', mb: 3 }}>
          <Typography variant="body2" color="text.secondary">
            Your booking code
          </Typography>
          <Typography
            data-testid="booking-code"
            sx={{
              fontSize: { xs: '2rem', sm: '2.5rem' },
              fontWeight: 700,
              letterSpacing: '0.08em',
              color: 'primary.main',
            }}
          >
            {booking.bookingCode}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Keep this code handy: our team asks for it when you drop off your car.
          </Typography>
        </Box>
      )}
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        On the day
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Arrive at the car park on {dayAndDate(state.quote.startDate)}
        {flights ? ` by ${time12(dropOffTime(flights))}` : ''}
        {busTime ? ` for the ${time12(busTime)} shuttle bus` : ''}. Hand your keys to our valet team and bring
        your booking code.
      </Typography>
      <Box component="section" aria-labelledby="success-summary-title" sx={{ maxWidth: 420, mb: 3 }}>
        <Typography id="success-summary-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Your booking
        </Typography>
        <StaySummary state={state} costs />
      </Box>
      {booking && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
          <Button
            href={documentUrl(booking, 'invoice')}
            target="_blank"
            rel="noopener"
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Download invoice
          </Button>
          <Button
            href={`${paths.manageBooking.path}?code=${encodeURIComponent(booking.bookingCode)}`}
            variant="outlined"
            startIcon={<EditCalendarOutlinedIcon />}
          >
            Manage my booking
          </Button>
          <Button
            href={documentUrl(booking, 'calendar')}
            download={`booking-${booking.bookingCode}.ics`}
            variant="outlined"
            startIcon={<EventIcon />}
          >
            Add to calendar
          </Button>
        </Stack>
      )}
      {booking && (
        <Box sx={{ mb: 3 }}>
          <AddToWallet
            path={`bookings/${encodeURIComponent(booking.id)}/wallet-links`}
            clientSecret={booking.clientSecret}
            bookingCode={booking.bookingCode}
          />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button href={paths.home.path} variant="contained" size="large">
          Back to home
        </Button>
        {user ? (
          <Button href={paths.bookings.path} variant="outlined" size="large">
            My Bookings
          </Button>
        ) : (
          <Button href={bookingQuoteHref()} variant="outlined" size="large">
            Book another stay
          </Button>
        )}
      </Stack>
    </Box>
  );
}
