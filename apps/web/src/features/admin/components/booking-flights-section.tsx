import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { busForOtherFlight, DEFAULT_ARRIVAL_TIME, dropOffForBus } from '@parking/domain/booking-form';
import { OTHER_FLIGHT } from '@parking/domain/booking-wizard';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { formatTime24, serviceForDate } from '@parking/domain/dates';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormSection } from '@/components/admin/form-screen';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { airlinesQuery, flightsQuery, type Flight } from '../api/booking-lookups';
import type { BookingForm } from './booking-form-context';

const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : '');
const dirty = { shouldDirty: true, shouldValidate: true } as const;

function flightLabel(flight: Flight, departing: boolean) {
  // A flight's label already says its number, route and time; an unlabelled one gets its number and time.
  // One time format, the back office's HH:mm (back-office §9), for the flight and its bus.
  const parts = [flight.flightLabel || `${flight.flightNumber} · ${formatTime24(flight.time)}`];
  if (departing && flight.busTime) parts.push(`bus ${formatTime24(flight.busTime)}`);
  return parts.join(' · ');
}

type Leg = 'Out' | 'In';

/**
 * One leg's flight list (back-office §5): the airline's flights of the timetable of its date (weekend for
 * Saturday and Sunday), by time, then Other (id 0) for a flight that is not listed. An edited booking
 * names its flight by number: the list finds it (or Other) once it has loaded.
 */
function useLegFlights(form: BookingForm, leg: Leg) {
  const { control, resetField, getValues } = form;
  const date = useWatch({ control, name: leg === 'Out' ? 'departureDate' : 'arrivalDate' }) ?? '';
  const airline = useWatch({ control, name: `airline${leg}` }) ?? '';
  const notFlying = useWatch({ control, name: `notFlying${leg}` }) ?? false;
  const flight = useWatch({ control, name: `flight${leg}` }) ?? '';
  const number = useWatch({ control, name: `flightNumber${leg}` }) ?? '';
  const service = /^\d{4}-\d{2}-\d{2}$/.test(date) ? serviceForDate(date) : 'weekday';
  const flights = useQuery({
    ...flightsQuery(airline, service, leg === 'Out'),
    enabled: airline !== '' && !notFlying,
  });

  useEffect(() => {
    if (!flights.data || notFlying || flight || !number) return;
    const match = flights.data.find((item) => item.flightNumber === number);
    // As loaded, not as changed: the booking's flight, shown in the list.
    resetField(`flight${leg}`, { defaultValue: match ? match.id : OTHER_FLIGHT });
    if (leg === 'Out') {
      const bus = getValues('busDepartureTime');
      resetField('flightTimeOut', { defaultValue: match ? hhmm(match.time) : bus ? addHour(hhmm(bus)) : '' });
    }
  }, [flights.data, notFlying, flight, number, leg, resetField, getValues]);

  return { flights, notFlying, airline, service };
}

/** The flight an Other flight's bus (an hour before it) belongs to: the bus plus an hour. */
function addHour(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Departure and Arrival Details (back-office §2, §4, §5): dates, airlines, flights, times, bus and
 * passengers. Choosing a flight sets its time and its bus (and the drop-off 10 minutes before the bus);
 * Not flying hides the flight number and bus; a new departure date moves the arrival date with it.
 */
export function BookingFlightsSection({ form }: { form: BookingForm }) {
  const { control, setValue, getValues } = form;
  const airlines = useQuery(airlinesQuery);
  const out = useLegFlights(form, 'Out');
  const back = useLegFlights(form, 'In');
  const flightOut = useWatch({ control, name: 'flightOut' }) ?? '';
  const flightIn = useWatch({ control, name: 'flightIn' }) ?? '';
  const airlineOptions = (airlines.data ?? []).map((airline) => ({ value: airline.id, label: airline.name }));
  const isNotFlying = (airlineId: string) =>
    airlines.data?.find((airline) => airline.id === airlineId)?.name === NOT_FLYING_AIRLINE;

  const changeDepartureDate = (date: string) => {
    setValue('departureDate', date, dirty);
    // Back-office §4: the arrival date follows; its time defaults to 23:59.
    if (date) {
      setValue('arrivalDate', date, dirty);
      if (!getValues('arrivalTime')) setValue('arrivalTime', DEFAULT_ARRIVAL_TIME, dirty);
    }
  };

  const chooseAirline = (leg: Leg, airlineId: string) => {
    setValue(`airline${leg}`, airlineId, dirty);
    setValue(`notFlying${leg}`, isNotFlying(airlineId), dirty);
    setValue(`flight${leg}`, '', dirty);
    setValue(`flightNumber${leg}`, '', dirty);
    if (leg === 'Out') {
      setValue('flightTimeOut', '', dirty);
      setValue('busDepartureTime', '', dirty);
    }
  };

  const chooseFlight = (leg: Leg, id: string) => {
    setValue(`flight${leg}`, id, dirty);
    const flight = (leg === 'Out' ? out : back).flights.data?.find((item) => item.id === id);
    setValue(`flightNumber${leg}`, flight?.flightNumber ?? '', dirty);
    if (leg === 'In') {
      if (flight) setValue('arrivalTime', hhmm(flight.time), dirty);
      return;
    }
    setValue('flightTimeOut', flight ? hhmm(flight.time) : '', dirty);
    // A listed flight brings its bus (or, with none, the custom bus an hour before it).
    const bus = flight ? hhmm(flight.busTime) || busForOtherFlight(hhmm(flight.time)) : '';
    setValue('busDepartureTime', bus, dirty);
    if (bus) setValue('dropOffTime', dropOffForBus(bus), dirty);
  };

  const changeOtherFlightTime = (time: string) => {
    setValue('flightTimeOut', time, dirty);
    if (flightOut === OTHER_FLIGHT) {
      const bus = busForOtherFlight(time);
      setValue('busDepartureTime', bus, dirty);
      if (bus) setValue('dropOffTime', dropOffForBus(bus), dirty);
    }
  };

  const flightTimeOut = useController({ control, name: 'flightTimeOut' });

  const flightSelect = (leg: Leg, state: ReturnType<typeof useLegFlights>) => {
    const options = [
      ...(state.flights.data ?? []).map((flight) => ({
        value: flight.id,
        label: flightLabel(flight, leg === 'Out'),
      })),
      { value: OTHER_FLIGHT, label: 'Other (flight not listed)' },
    ];
    return (
      <FormSelectField
        control={control}
        name={`flight${leg}`}
        label={leg === 'Out' ? 'Departure Flight' : 'Arrival Flight'}
        options={options}
        required={leg === 'Out'}
        disabled={!state.airline || state.flights.isPending}
        placeholder={
          !state.airline
            ? 'Choose the airline first'
            : state.flights.isPending
              ? 'Loading…'
              : 'Select a flight'
        }
        helperText={
          state.airline ? `${state.service === 'weekend' ? 'Weekend' : 'Weekday'} timetable` : undefined
        }
        onValueChange={(value) => chooseFlight(leg, value)}
      />
    );
  };

  return (
    <FormSection id="flights" title="Departure and Arrival Details">
      {airlines.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The airlines could not be loaded.
        </Alert>
      )}
      <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
        Departure
      </Typography>
      <FieldGrid columns={3}>
        <FormDateField
          control={control}
          name="departureDate"
          label="Departure Date"
          required
          onValueChange={changeDepartureDate}
        />
        <FormSelectField
          control={control}
          name="airlineOut"
          label="Departure Airline"
          options={airlineOptions}
          required
          placeholder="Select an airline"
          onValueChange={(value) => chooseAirline('Out', value)}
        />
        {!out.notFlying && flightSelect('Out', out)}
        {!out.notFlying && flightOut === OTHER_FLIGHT && (
          <FormTextField
            control={control}
            name="flightNumberOut"
            label="Flight Number"
            required
            autoComplete="off"
          />
        )}
        {!out.notFlying && (
          <FormDateField
            control={control}
            name="flightTimeOut"
            kind="time"
            label="Flight Departure Time"
            required
            onValueChange={changeOtherFlightTime}
            disabled={flightOut !== OTHER_FLIGHT && flightTimeOut.field.value !== '' && flightOut !== ''}
          />
        )}
        {!out.notFlying && (
          <FormDateField
            control={control}
            name="busDepartureTime"
            kind="time"
            label="Bus Departure Time"
            required
          />
        )}
        <FormDateField
          control={control}
          name="dropOffTime"
          kind="time"
          label="Drop Off Time"
          required
          helperText={
            out.notFlying
              ? 'When the car is left with us'
              : '10 minutes before the bus, unless agreed otherwise'
          }
        />
        <FormTextField control={control} name="passengersOut" label="Passengers Out" inputMode="numeric" />
      </FieldGrid>
      <Box sx={{ mt: 3 }}>
        <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
          Arrival
        </Typography>
        <FieldGrid columns={3}>
          <FormDateField control={control} name="arrivalDate" label="Arrival Date" required />
          <FormSelectField
            control={control}
            name="airlineIn"
            label="Arrival Airline"
            options={airlineOptions}
            placeholder="Select an airline"
            onValueChange={(value) => chooseAirline('In', value)}
          />
          {!back.notFlying && flightSelect('In', back)}
          {!back.notFlying && flightIn === OTHER_FLIGHT && (
            <FormTextField
              control={control}
              name="flightNumberIn"
              label="Arrival Flight Number"
              required
              autoComplete="off"
            />
          )}
          <FormDateField
            control={control}
            name="arrivalTime"
            kind="time"
            label="Arrival Time"
            required
            helperText="When the car is collected"
          />
          <FormTextField control={control} name="passengersIn" label="Passengers In" inputMode="numeric" />
        </FieldGrid>
      </Box>
    </FormSection>
  );
}
