import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { dropOffTime, pickUpTime } from '@parking/domain/drop-off';
import { stayDays } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { isMoney, parseMoney } from '@parking/domain/money';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, firstErrorDetail } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/auth-context';
import { bookingCostsQuery, useSaveBooking } from '../api/costs';
import { dayAndDate, time12 } from '@/lib/format';
import { money, percent } from '../components/formatting';
import { errorFieldLabel } from '../components/save-error-text';
import { StepActions } from '../components/step-actions';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

const cents = (amount: string | undefined) => (amount && isMoney(amount) ? parseMoney(amount) : 0);

function Line({ label, amount, strong }: { label: ReactNode; amount: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Typography sx={{ fontWeight: strong ? 600 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 600 : 500, whiteSpace: 'nowrap' }}>{amount}</Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary', overflowWrap: 'anywhere', '& p': { m: 0 } }}>{children}</Box>
    </Box>
  );
}

/**
 * Step 6, Booking Summary (public-site §2, §4): every charge and the GST as the server calculates them,
 * the details to check, and the button that saves the booking. A subscription that makes the total
 * zero completes the booking at once (straight to step 8).
 */
export function SummaryStepPage() {
  const { state, complete } = useWizard();
  const { user, customer } = useAuth();
  const navigate = useNavigate();
  const costs = useQuery(bookingCostsQuery(state, customer?.id ?? null));
  const save = useSaveBooking();
  const { quote, details, car, flights, extras } = state;
  const days = stayDays(quote.startDate, quote.endDate);

  const confirm = () =>
    save.mutate(
      { state, customerId: customer?.id ?? null, userId: user?.id ?? null },
      {
        onSuccess: (booking) => {
          if (cents(booking.totalCost) === 0 && booking.status === 'complete') {
            complete(7, (current) => ({ ...current, completed: 7, finished: true, booking }));
            void navigate(stepPath(8));
          } else {
            complete(6, (current) => ({ ...current, booking }));
            void navigate(stepPath(7));
          }
        },
      },
    );

  const saveErrors = save.error instanceof ApiError && save.error.errors.length ? save.error.errors : null;

  return (
    <Box>
      <Stack spacing={3}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Section title="Your stay">
            <p>
              {quote.lotName} parking, {days === 1 ? '1 day' : `${days} days`}
            </p>
            <p>
              Drop off {dayAndDate(quote.startDate)}
              {flights && `, ${time12(dropOffTime(flights))}`}
            </p>
            <p>
              Pick up {dayAndDate(quote.endDate)}
              {flights && `, ${time12(pickUpTime(flights))}`}
            </p>
          </Section>
          {details && (
            <Section title="Your details">
              <p>{`${details.title} ${details.firstName} ${details.lastName}`}</p>
              <p>{details.email}</p>
              <p>{details.phoneNumber}</p>
              {details.business && <p>{details.business}</p>}
            </Section>
          )}
          {car && (
            <Section title="Vehicle">
              <p>{car.rego}</p>
              <p>{`${car.colour} ${car.make} ${car.model}`}</p>
              <p>{car.vehicleTypeName}</p>
            </Section>
          )}
          {flights && (
            <Section title="Flights">
              <p>
                Out:{' '}
                {flights.notFlyingOut ? 'Not flying' : `${flights.airlineOutName} ${flights.flightOutLabel}`}
              </p>
              {!flights.notFlyingOut && flights.busDepartureTime && (
                <p>Bus departure time: {time12(flights.busDepartureTime)}</p>
              )}
              <p>
                Home:{' '}
                {flights.notFlyingIn ? 'Not flying' : `${flights.airlineInName} ${flights.flightInLabel}`}
              </p>
              <p>
                Passengers: {flights.passengersOut} out, {flights.passengersIn} home
              </p>
            </Section>
          )}
        </Box>

        <Divider />

        <Box component="section" aria-labelledby="charges-title">
          <Typography id="charges-title" variant="h4" component="h2" sx={{ mb: 2 }}>
            Charges
          </Typography>
          {costs.isPending ? (
            <Stack spacing={1} role="progressbar" aria-busy="true" aria-label="Calculating charges">
              <Skeleton variant="text" height={28} />
              <Skeleton variant="text" height={28} />
              <Skeleton variant="rounded" height={64} />
            </Stack>
          ) : costs.isError ? (
            <Alert severity="error">{firstErrorDetail(costs.error, messages.unknownError)}</Alert>
          ) : (
            <Stack spacing={1.25}>
              <Line label={`${quote.lotName} parking`} amount={money(costs.data.parkingCost)} />
              {cents(costs.data.subscriptionDiscount) > 0 && (
                <Line
                  label="Covered by your subscription"
                  amount={`−${money(costs.data.subscriptionDiscount)}`}
                />
              )}
              {cents(costs.data.amountDiscounted) > 0 && (
                <Line
                  label={`Promo code ${extras.promoCode} (${percent(costs.data.discountRate)} off parking)`}
                  amount={`−${money(costs.data.amountDiscounted)}`}
                />
              )}
              {extras.ids.map((id) => (
                <Line key={id} label={extras.names[id] ?? 'Extra'} amount={money(extras.prices[id])} />
              ))}
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'baseline',
                  gap: 2,
                  mt: 1,
                  p: 2.5,
                  borderRadius: 3,
                  bgcolor: 'rgba(15, 45, 82, 0.05)',
                }}
              >
                <div>
                  <Typography variant="h4" component="p">
                    Total
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Includes GST of {money(costs.data.gst)}
                  </Typography>
                </div>
                <Typography
                  component="p"
                  data-testid="booking-total"
                  sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 700, lineHeight: 1 }}
                >
                  {money(costs.data.totalCost)}
                </Typography>
              </Box>
            </Stack>
          )}
        </Box>

        {save.isError && (
          <Alert severity="error" role="alert">
            {saveErrors
              ? saveErrors.map((error, index) => {
                  const label = errorFieldLabel(error.source?.pointer);
                  return (
                    <Box key={index}>
                      {label && <strong>{label}: </strong>}
                      {error.detail}
                    </Box>
                  );
                })
              : firstErrorDetail(save.error, messages.unknownError)}
          </Alert>
        )}
      </Stack>
      <StepActions
        backHref={stepPath(5)}
        continueLabel="Confirm booking"
        onContinue={confirm}
        busy={save.isPending}
        disabled={!costs.isSuccess}
      />
    </Box>
  );
}
