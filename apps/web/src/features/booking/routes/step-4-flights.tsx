import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  dropOffTime,
  flightsStepSchema,
  OTHER_FLIGHT,
  pickUpTime,
  plannedDropOffHasPassed,
  type FlightsStep,
} from '@parking/domain/booking-wizard';
import { slotMessages } from '@parking/domain/slots';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { flightsBlockoutProblem } from '@parking/domain/flights-blockouts';
import { messages } from '@parking/domain/messages';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form, useZodForm } from '@/components/form/form';
import { PassengerFields } from '@/components/passenger-fields';
import { firstErrorDetail } from '@/lib/api/client';
import { BusNotice, FlightLegFields } from '@/components/flight-fields';
import { quotesQuery } from '@/lib/api/quotes';
import { airlinesQuery } from '@/lib/api/travel';
import { BUSINESS_TIME_ZONE, dayAndDate } from '@/lib/format';
import { SlotBusyness, slotVerdict, useDaySlots } from '../components/slot-busyness';
import { StepActions } from '../components/step-actions';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

type Leg = 'Out' | 'In';

/**
 * Step 4 (public-site §2): departure airline, flight and time, return airline and flight, passengers
 * each way, the shuttle bus time, and the departure confirmation that must be ticked.
 */
export function FlightsStepPage() {
  const { state, complete } = useWizard();
  const navigate = useNavigate();
  const airlines = useQuery(airlinesQuery);
  // Step 1's quote for the dates (from the cache): the parking blockouts on the departure and return days.
  const quotes = useQuery(quotesQuery(state.quote.startDate, state.quote.endDate));
  const saved = state.flights;
  const form = useZodForm(flightsStepSchema, {
    defaultValues: {
      sameDay: state.quote.startDate === state.quote.endDate,
      airlineOut: saved?.airlineOut ?? '',
      notFlyingOut: saved?.notFlyingOut ?? false,
      flightOut: saved?.flightOut ?? '',
      flightNumberOut: saved?.flightNumberOut ?? '',
      flightTimeOut: saved?.flightTimeOut ?? '',
      busDepartureTime: saved?.busDepartureTime ?? '',
      airlineIn: saved?.airlineIn ?? '',
      notFlyingIn: saved?.notFlyingIn ?? false,
      flightIn: saved?.flightIn ?? '',
      flightNumberIn: saved?.flightNumberIn ?? '',
      flightTimeIn: saved?.flightTimeIn ?? '',
      passengersOut: saved?.passengersOut ?? 1,
      passengersIn: saved?.passengersIn ?? 1,
      confirmed: saved?.confirmed ?? false,
    },
  });
  const confirmed = useController({ control: form.control, name: 'confirmed' });
  // How busy the desk is at the drop-off and pick-up times (issue 24): shown beside them, a full slot refused.
  const lotId = state.quote.lotId;
  const dropOffDay = useDaySlots(lotId, state.quote.startDate);
  const pickUpDay = useDaySlots(lotId, state.quote.endDate);
  const watched = form.watch();
  const dropOff = dropOffTime({
    notFlyingOut: watched.notFlyingOut === true,
    flightTimeOut: watched.flightTimeOut ?? '',
    busDepartureTime: watched.busDepartureTime ?? '',
  });
  const pickUp = pickUpTime({ flightTimeIn: watched.flightTimeIn ?? '' });
  const airlineList = airlines.data ?? [];
  const airlineName = (id: string) => airlineList.find((airline) => airline.id === id)?.name ?? '';

  const submit = (values: FlightsStep) => {
    // A departure today is allowed; a drop-off time that has already gone is refused beside its field.
    if (plannedDropOffHasPassed(values, state.quote.startDate, new Date(), BUSINESS_TIME_ZONE)) {
      const typed = values.notFlyingOut || values.flightOut === OTHER_FLIGHT;
      form.setError(
        typed ? 'flightTimeOut' : 'flightOut',
        { type: 'passed', message: messages.dropOffPassed },
        { shouldFocus: true },
      );
      return;
    }
    // A time inside a parking blockout that takes part of the day, refused beside its field (the save would).
    const blockouts = quotes.data?.[0]?.parkingBlockouts ?? [];
    const blocked = flightsBlockoutProblem(values, state.quote, blockouts, BUSINESS_TIME_ZONE);
    if (blocked) {
      form.setError(blocked.field, { type: 'blockout', message: blocked.message }, { shouldFocus: true });
      return;
    }
    // A full drop-off or pick-up slot, refused beside its time (the save would refuse it too).
    const now = new Date();
    const full = [
      {
        leg: 'Out' as const,
        verdict: slotVerdict(dropOffDay.data, state.quote.startDate, dropOffTime(values), now),
        message: slotMessages.dropOffFull,
      },
      {
        leg: 'In' as const,
        verdict: slotVerdict(pickUpDay.data, state.quote.endDate, pickUpTime(values), now),
        message: slotMessages.pickUpFull,
      },
    ].find((entry) => entry.verdict?.level === 'full');
    if (full) {
      const typed = values[`notFlying${full.leg}`] || values[`flight${full.leg}`] === OTHER_FLIGHT;
      form.setError(
        typed ? `flightTime${full.leg}` : `flight${full.leg}`,
        { type: 'slot', message: full.message },
        { shouldFocus: true },
      );
      return;
    }
    const label = (leg: Leg) => {
      if (values[`notFlying${leg}`]) return NOT_FLYING_AIRLINE;
      return values[`flightNumber${leg}`];
    };
    complete(4, (current) => ({
      ...current,
      flights: {
        ...values,
        airlineOutName: airlineName(values.airlineOut),
        airlineInName: airlineName(values.airlineIn),
        flightOutLabel: label('Out'),
        flightInLabel: label('In'),
      },
    }));
    void navigate(stepPath(5));
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Flights and passengers">
      <Box sx={{ display: 'grid', gap: 4 }}>
        {airlines.isError && (
          <Alert severity="error">{firstErrorDetail(airlines.error, messages.unknownError)}</Alert>
        )}
        <FlightLegFields
          form={form}
          leg="Out"
          date={state.quote.startDate}
          airlines={airlineList}
          airlinesPending={airlines.isPending}
        />
        <BusNotice
          notFlyingOut={form.watch('notFlyingOut') === true}
          flightTimeOut={form.watch('flightTimeOut') ?? ''}
          busDepartureTime={form.watch('busDepartureTime') ?? ''}
        />
        <SlotBusyness
          movement="drop-off"
          lotId={lotId}
          date={state.quote.startDate}
          time={dropOff}
          onPick={
            watched.notFlyingOut
              ? (time) => form.setValue('flightTimeOut', time, { shouldValidate: true })
              : undefined
          }
        />
        <FlightLegFields
          form={form}
          leg="In"
          date={state.quote.endDate}
          airlines={airlineList}
          airlinesPending={airlines.isPending}
        />
        <SlotBusyness
          movement="pick-up"
          lotId={lotId}
          date={state.quote.endDate}
          time={pickUp}
          onPick={
            watched.notFlyingIn
              ? (time) => form.setValue('flightTimeIn', time, { shouldValidate: true })
              : undefined
          }
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="h4" sx={{ mb: 2 }}>
            Passengers
          </Typography>
          <PassengerFields control={form.control} />
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                name={confirmed.field.name}
                checked={confirmed.field.value === true}
                onChange={(event) => confirmed.field.onChange(event.target.checked)}
                onBlur={confirmed.field.onBlur}
                slotProps={{
                  input: {
                    ref: confirmed.field.ref,
                    'aria-describedby': confirmed.fieldState.error ? 'confirm-departure-error' : undefined,
                  },
                }}
              />
            }
            label={`I confirm my departure on ${dayAndDate(state.quote.startDate)}, my flight and the bus time are correct.`}
          />
          {confirmed.fieldState.error && (
            <FormHelperText id="confirm-departure-error" error sx={{ ml: 4 }}>
              {confirmed.fieldState.error.message}
            </FormHelperText>
          )}
        </Box>
      </Box>
      <StepActions backHref={stepPath(3)} />
    </Form>
  );
}
