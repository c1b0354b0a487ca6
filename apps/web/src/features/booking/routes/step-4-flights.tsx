import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  dropOffTime,
  flightsStepSchema,
  OTHER_FLIGHT,
  type FlightsStep,
  type FlightsStepInput,
} from '@parking/domain/booking-wizard';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { busTimeForFlight, serviceForDate, TIME_PATTERN } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { useController, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { airlinesQuery, flightsQuery, type Airline, type Flight } from '../api/travel';
import { dayAndDate, time12 } from '../components/formatting';
import { StepActions } from '../components/step-actions';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

type FlightsForm = UseFormReturn<FlightsStepInput, unknown, FlightsStep>;
type Leg = 'Out' | 'In';

/** 'HH:mm:ss' → 'HH:mm' for the browser's time field. */
const timeInput = (time: string) => time.slice(0, 5);
/**
 * 'QF1502 · 6:00 am · Hobart → Melbourne': the number and the 12-hour time first (spec §9), then what
 * the label adds (its own 24-hour time left out).
 */
function flightOption(flight: Flight): string {
  const route = flight.flightLabel
    .replace(flight.flightNumber, '')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [flight.flightNumber, time12(flight.time), route].filter(Boolean).join(' · ');
}
const isTime = (value: string) => TIME_PATTERN.test(value);

interface LegFieldsProps {
  form: FlightsForm;
  leg: Leg;
  date: string;
  airlines: readonly Airline[];
  airlinesPending: boolean;
}

/**
 * One direction's airline and flight. The flight list is the airline's timetable for the day (weekday
 * or weekend) and ends with Other, which asks for the flight number and time; Not flying asks for a
 * time only and hides the flight and the bus.
 */
function LegFields({ form, leg, date, airlines, airlinesPending }: LegFieldsProps) {
  const departure = leg === 'Out';
  const set = (name: keyof FlightsStepInput, value: string | boolean) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  const airline = useController({ control: form.control, name: `airline${leg}` });
  const flight = useController({ control: form.control, name: `flight${leg}` });
  const notFlying = form.watch(`notFlying${leg}`);
  const flightNumber = form.watch(`flightNumber${leg}`);
  const time = form.watch(`flightTime${leg}`);
  const flights = useQuery({
    ...flightsQuery({
      departure,
      airline: notFlying ? '' : String(airline.field.value ?? ''),
      service: serviceForDate(date),
    }),
  });
  const errors = form.formState.errors;
  const timeError = errors[`flightTime${leg}`]?.message;
  const numberError = errors[`flightNumber${leg}`]?.message;

  const chooseAirline = (id: string) => {
    airline.field.onChange(id);
    set(`notFlying${leg}`, airlines.find((item) => item.id === id)?.name === NOT_FLYING_AIRLINE);
    set(`flight${leg}`, '');
    set(`flightNumber${leg}`, '');
    set(`flightTime${leg}`, '');
    if (departure) set('busDepartureTime', '');
  };

  const chooseFlight = (id: string) => {
    flight.field.onChange(id);
    const chosen = flights.data?.find((item) => item.id === id);
    set(`flightNumber${leg}`, chosen?.flightNumber ?? '');
    set(`flightTime${leg}`, chosen?.time ?? '');
    // A listed departure's own bus; for another flight, a custom bus one hour before it (spec §9).
    if (departure)
      set('busDepartureTime', chosen ? (chosen.busDepartureTime ?? busTimeForFlight(chosen.time)) : '');
  };

  const typeTime = (value: string) => {
    set(`flightTime${leg}`, value);
    if (departure && !notFlying) set('busDepartureTime', isTime(value) ? busTimeForFlight(value) : '');
  };

  const other = flight.field.value === OTHER_FLIGHT;
  const label = departure ? 'Departure' : 'Return';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h4" sx={{ mb: 0.5 }}>
        {departure ? 'Flying out' : 'Coming home'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {dayAndDate(date)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          label={`${label} airline`}
          required
          name={airline.field.name}
          value={airline.field.value ?? ''}
          onChange={(event) => chooseAirline(event.target.value)}
          onBlur={airline.field.onBlur}
          inputRef={airline.field.ref}
          error={Boolean(airline.fieldState.error)}
          helperText={airline.fieldState.error?.message}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          <option value="">{airlinesPending ? 'Loading…' : 'Select an airline'}</option>
          {airlines.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </TextField>
        {notFlying ? (
          <TextField
            type="time"
            label={departure ? 'Drop-off time' : 'Pick-up time'}
            required
            name={`flightTime${leg}`}
            value={timeInput(time ?? '')}
            onChange={(event) => typeTime(event.target.value)}
            error={Boolean(timeError)}
            helperText={
              timeError ??
              (departure ? 'When you will leave your car with us' : 'When you will collect your car')
            }
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        ) : (
          <TextField
            select
            label={`${label} flight`}
            required
            disabled={!airline.field.value}
            name={flight.field.name}
            value={flight.field.value ?? ''}
            onChange={(event) => chooseFlight(event.target.value)}
            onBlur={flight.field.onBlur}
            inputRef={flight.field.ref}
            error={Boolean(flight.fieldState.error)}
            helperText={flight.fieldState.error?.message}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">{flights.isFetching ? 'Loading flights…' : 'Select a flight'}</option>
            {flights.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {flightOption(item)}
              </option>
            ))}
            <option value={OTHER_FLIGHT}>Other (flight not listed)</option>
          </TextField>
        )}
        {!notFlying && other && (
          <>
            <TextField
              label={`${label} flight number`}
              required
              name={`flightNumber${leg}`}
              value={flightNumber ?? ''}
              onChange={(event) => set(`flightNumber${leg}`, event.target.value.toUpperCase())}
              error={Boolean(numberError)}
              helperText={numberError ?? 'For example QF1234'}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
              fullWidth
            />
            <TextField
              type="time"
              label={departure ? 'Flight departure time' : 'Flight arrival time'}
              required
              name={`flightTime${leg}`}
              value={timeInput(time ?? '')}
              onChange={(event) => typeTime(event.target.value)}
              error={Boolean(timeError)}
              helperText={timeError}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </>
        )}
      </Box>
    </Box>
  );
}

/** The shuttle bus to catch and the latest drop-off, once a departure flight is known. */
function BusNotice({ form }: { form: FlightsForm }) {
  const values = form.watch();
  if (values.notFlyingOut || !values.busDepartureTime) return null;
  const latest = dropOffTime({
    notFlyingOut: false,
    flightTimeOut: values.flightTimeOut ?? '',
    busDepartureTime: values.busDepartureTime,
  });
  return (
    <Alert icon={<DirectionsBusOutlinedIcon />} severity="info" sx={{ alignItems: 'center' }}>
      <strong>Bus departure time: {time12(values.busDepartureTime)}.</strong> Please drop your car off by{' '}
      {time12(latest)}. A missed bus costs a $10 per car administration fee.
    </Alert>
  );
}

/**
 * Step 4 (public-site §2): departure airline, flight and time, return airline and flight, passengers
 * each way, the shuttle bus time, and the departure confirmation that must be ticked.
 */
export function FlightsStepPage() {
  const { state, complete } = useWizard();
  const navigate = useNavigate();
  const airlines = useQuery(airlinesQuery);
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
  const airlineList = airlines.data ?? [];
  const airlineName = (id: string) => airlineList.find((airline) => airline.id === id)?.name ?? '';

  const submit = (values: FlightsStep) => {
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
        <LegFields
          form={form}
          leg="Out"
          date={state.quote.startDate}
          airlines={airlineList}
          airlinesPending={airlines.isPending}
        />
        <BusNotice form={form} />
        <LegFields
          form={form}
          leg="In"
          date={state.quote.endDate}
          airlines={airlineList}
          airlinesPending={airlines.isPending}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="h4" sx={{ mb: 2 }}>
            Passengers
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <FormTextField
              control={form.control}
              name="passengersOut"
              label="Passengers flying out"
              required
              type="number"
              slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
            />
            <FormTextField
              control={form.control}
              name="passengersIn"
              label="Passengers coming home"
              required
              type="number"
              slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
            />
          </Box>
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
