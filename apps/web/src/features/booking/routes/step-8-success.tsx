import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dropOffTime } from '@parking/domain/booking-wizard';
import { bookingQuoteHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { dayAndDate, money, time12 } from '../components/formatting';
import { StaySummary } from '../components/stay-summary';
import { useWizard } from '../state/wizard-context';

/** Step 8, Success (public-site §2): the booking code, what happens next, and the way on. */
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
          {booking && booking.totalCost !== '0.00' ? ` and ${money(booking.totalCost)} has been paid` : ''}.
        </Typography>
      </Box>
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
      <Box sx={{ maxWidth: 420, mb: 4 }}>
        <StaySummary state={state} />
      </Box>
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
