import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  dropOffTime,
  OTHER_FLIGHT,
  plannedDropOffHasPassed,
  type flightLegsShape,
} from '@parking/domain/booking-wizard';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { busTimeForFlight, serviceForDate, TIME_PATTERN } from '@parking/domain/dates';
import {
  useController,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { flightsQuery, type Airline, type Flight } from '@/lib/api/travel';
import { BUSINESS_TIME_ZONE, dayAndDate, time12 } from '@/lib/format';

/** Both legs' flight fields as any form holds them (the wizard's step 4, manage my booking). */
type FlightLegsInput = z.input<z.ZodObject<typeof flightLegsShape>>;
type FlightLegKey = keyof FlightLegsInput;
type FlightLeg = 'Out' | 'In';

/** 'HH:mm:ss' → 'HH:mm' for the browser's time field. */
const timeInput = (time: string) => time.slice(0, 5);
const isTime = (value: string) => TIME_PATTERN.test(value);

/** What the flight's label adds to its number and time: 'Hobart → Melbourne' (its own 24-hour time left out). */
function flightRoute(flight: Flight): string {
  return flight.flightLabel
    .replace(flight.flightNumber, '')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * 'QF1502 · 6:00 am · Melbourne': the number and the 12-hour time first (public-site §9), then the other end of
 * the route (the departure's destination, the return's origin): short enough for a phone's closed list.
 * The whole route shows under the list once a flight is chosen.
 */
function flightOption(flight: Flight, departure: boolean): string {
  const ends = flightRoute(flight)
    .split('→')
    .map((end) => end.trim())
    .filter(Boolean);
  const otherEnd = departure ? ends.at(-1) : ends[0];
  return [flight.flightNumber, time12(flight.time), otherEnd].filter(Boolean).join(' · ');
}

/**
 * A departure today (the quote's default) whose shuttle bus has left, or leaves within the 10 minutes a
 * drop-off needs: it cannot be chosen (the booking's save refuses a drop-off that has passed).
 */
function busHasLeft(flight: Flight, date: string): boolean {
  const busDepartureTime = flight.busDepartureTime ?? busTimeForFlight(flight.time);
  return plannedDropOffHasPassed(
    { notFlyingOut: false, flightTimeOut: flight.time, busDepartureTime },
    date,
    new Date(),
    BUSINESS_TIME_ZONE,
  );
}

/**
 * Not flying first, set apart from the airlines (which stay in alphabetical order): it is a different
 * kind of answer, and a traveller who drives elsewhere should not have to hunt for it among the N's.
 */
function AirlineOptions({ airlines, pending }: { airlines: readonly Airline[]; pending: boolean }) {
  const notFlying = airlines.filter((airline) => airline.name === NOT_FLYING_AIRLINE);
  const flying = airlines.filter((airline) => airline.name !== NOT_FLYING_AIRLINE);
  return (
    <>
      <option value="">{pending ? 'Loading…' : 'Select an airline'}</option>
      {notFlying.map((airline) => (
        <option key={airline.id} value={airline.id}>
          {airline.name}
        </option>
      ))}
      {flying.length > 0 && (
        <optgroup label="Airlines">
          {flying.map((airline) => (
            <option key={airline.id} value={airline.id}>
              {airline.name}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}

interface LegFieldsProps<
  TValues extends Partial<FlightLegsInput> & FieldValues,
  TOutput extends FieldValues,
> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  leg: FlightLeg;
  /** The leg's business date ('YYYY-MM-DD'): its timetable is the weekday or the weekend one. */
  date: string;
  airlines: readonly Airline[];
  airlinesPending: boolean;
}

/**
 * One direction's airline and flight. The flight list is the airline's timetable for the day (weekday
 * or weekend) and ends with Other, which asks for the flight number and time; Not flying asks for a
 * time only and hides the flight and the bus. The form's fields are named as in `flightLegsShape`.
 */
export function FlightLegFields<
  TValues extends Partial<FlightLegsInput> & FieldValues,
  TOutput extends FieldValues,
>({ form, leg, date, airlines, airlinesPending }: LegFieldsProps<TValues, TOutput>) {
  const departure = leg === 'Out';
  // The leg's fields by name, in whatever larger form holds them.
  const name = (key: FlightLegKey) => key as Path<TValues>;
  const set = (key: FlightLegKey, value: string | boolean) =>
    form.setValue(name(key), value as PathValue<TValues, Path<TValues>>, {
      shouldValidate: form.formState.isSubmitted,
      shouldDirty: true,
    });
  const text = (key: FlightLegKey) => {
    const value: unknown = form.watch(name(key));
    return typeof value === 'string' ? value : '';
  };
  const errorOf = (key: FlightLegKey) => form.getFieldState(name(key), form.formState).error?.message;
  const airline = useController({ control: form.control, name: name(`airline${leg}`) });
  const flight = useController({ control: form.control, name: name(`flight${leg}`) });
  const notFlying = form.watch(name(`notFlying${leg}`)) === true;
  const flightNumber = text(`flightNumber${leg}`);
  const time = text(`flightTime${leg}`);
  const airlineId = typeof airline.field.value === 'string' ? airline.field.value : '';
  const flightId = typeof flight.field.value === 'string' ? flight.field.value : '';
  const flights = useQuery({
    ...flightsQuery({ departure, airline: notFlying ? '' : airlineId, service: serviceForDate(date) }),
  });
  const timeError = errorOf(`flightTime${leg}`);
  const numberError = errorOf(`flightNumber${leg}`);

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
    // A listed departure's own bus; for another flight, a custom bus one hour before it (public-site §9).
    if (departure)
      set('busDepartureTime', chosen ? (chosen.busDepartureTime ?? busTimeForFlight(chosen.time)) : '');
  };

  const typeTime = (value: string) => {
    set(`flightTime${leg}`, value);
    if (departure && !notFlying) set('busDepartureTime', isTime(value) ? busTimeForFlight(value) : '');
  };

  const other = flightId === OTHER_FLIGHT;
  const chosen = flights.data?.find((item) => item.id === flightId);
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
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          label={`${label} airline`}
          required
          name={airline.field.name}
          value={airlineId}
          onChange={(event) => chooseAirline(event.target.value)}
          onBlur={airline.field.onBlur}
          inputRef={airline.field.ref}
          error={Boolean(airline.fieldState.error)}
          helperText={airline.fieldState.error?.message}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          <AirlineOptions airlines={airlines} pending={airlinesPending} />
        </TextField>
        {notFlying ? (
          <TextField
            type="time"
            label={departure ? 'Drop-off time' : 'Pick-up time'}
            required
            name={`flightTime${leg}`}
            value={timeInput(time)}
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
            disabled={!airlineId}
            name={flight.field.name}
            value={flightId}
            onChange={(event) => chooseFlight(event.target.value)}
            onBlur={flight.field.onBlur}
            inputRef={flight.field.ref}
            error={Boolean(flight.fieldState.error)}
            // The closed list shows the number and time; the route, which a phone would cut off, wraps below.
            helperText={
              flight.fieldState.error?.message ?? (chosen ? <ChosenFlight flight={chosen} /> : undefined)
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">{flights.isFetching ? 'Loading flights…' : 'Select a flight'}</option>
            {flights.data?.map((item) => {
              const gone = departure && busHasLeft(item, date);
              return (
                <option key={item.id} value={item.id} disabled={gone}>
                  {flightOption(item, departure)}
                  {gone ? ' (bus has left)' : ''}
                </option>
              );
            })}
            <option value={OTHER_FLIGHT}>Other (flight not listed)</option>
          </TextField>
        )}
        {!notFlying && other && (
          <>
            <TextField
              label={`${label} flight number`}
              required
              name={`flightNumber${leg}`}
              value={flightNumber}
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
              value={timeInput(time)}
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

/** The chosen flight in full, wrapping on a phone: 'QF1502 · 6:00 am · Hobart → Melbourne'. */
function ChosenFlight({ flight }: { flight: Flight }) {
  const route = flightRoute(flight);
  return (
    <Box component="span" data-testid="chosen-flight" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {[flight.flightNumber, flight.time ? time12(flight.time) : '', route].filter(Boolean).join(' · ')}
    </Box>
  );
}

/** The shuttle bus to catch and the latest drop-off, once a departure flight is known. */
export function BusNotice({
  notFlyingOut,
  flightTimeOut,
  busDepartureTime,
}: {
  notFlyingOut: boolean;
  flightTimeOut: string;
  busDepartureTime: string;
}) {
  if (notFlyingOut || !busDepartureTime) return null;
  const latest = dropOffTime({ notFlyingOut: false, flightTimeOut, busDepartureTime });
  return (
    <Alert icon={<DirectionsBusOutlinedIcon />} severity="info" sx={{ alignItems: 'center' }}>
      <strong>Bus departure time: {time12(busDepartureTime)}.</strong> Please drop your car off by{' '}
      {time12(latest)}. A missed bus costs a $10 per car administration fee.
    </Alert>
  );
}
