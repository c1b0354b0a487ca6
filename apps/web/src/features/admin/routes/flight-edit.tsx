import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  flightBusTrip,
  flightFormSchema,
  flightPayload,
  type FlightFormValues,
} from '@parking/domain/settings-forms';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormSwitchField } from '@/components/form/switch-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import { relatedId } from '@/lib/api/jsonapi';
import { ref, type OneAnswer } from '@/lib/api/resources';
import { airlinesQuery } from '../api/booking-lookups';
import { busTripsQuery } from '../api/settings-lookups';
import type { FlightAttributes } from '@parking/domain/api-contract/catalogue';
import { TIMETABLE_OPTIONS } from '../components/timetables';

const defaults: FlightFormValues = {
  airline: '',
  service: '',
  departure: true,
  flightNumber: '',
  flightLabel: '',
  time: '',
  busTrip: '',
};

function toValues({ resource }: OneAnswer<FlightAttributes>): FlightFormValues {
  const flight = resource.attributes;
  return {
    airline: relatedId(resource, 'airline') ?? '',
    service: flight.service,
    departure: flight.departure,
    flightNumber: flight.flightNumber,
    flightLabel: flight.flightLabel,
    time: flight.time.slice(0, 5),
    busTrip: relatedId(resource, 'busTrip') ?? '',
  };
}

/**
 * A flight (back-office §2, §4, §5): timetable (weekday or weekend), departure or arrival, airline, flight
 * number and label, time, and for a departure the bus trip that meets it, chosen from its own timetable.
 * Not a departure, or another timetable, and the bus trip is cleared.
 */
export function FlightEditPage() {
  const { flightId } = useParams();
  const airlines = useQuery(airlinesQuery);
  const screen = useRecordForm({
    type: 'flights',
    id: flightId,
    schema: flightFormSchema,
    defaults,
    toValues,
    toPayload: (values) => {
      const payload = flightPayload(values);
      return {
        attributes: payload.attributes,
        relationships: {
          airline: ref('airlines', payload.airline),
          busTrip: ref('bus-trips', payload.busTrip),
        },
      };
    },
    notFound: 'Flight not found',
    listHref: paths.adminFlights.path,
    editHref: (id) => adminHref(paths.adminFlightsEdit, { flightId: id }),
    createdMessage: 'Flight Created',
    updatedMessage: 'Flight Updated',
  });
  const { control, getValues, setValue, watch } = screen.form;
  const service = watch('service');
  const departure = watch('departure');
  const busTrips = useQuery(busTripsQuery(service));

  /** A change of the timetable or the departure flag, and what it does to the bus trip. */
  const change = (next: Partial<Pick<FlightFormValues, 'service' | 'departure'>>) => {
    const previous = getValues();
    const merged = { ...previous, ...next };
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
    if (next.service !== undefined) setValue('service', next.service, options);
    if (next.departure !== undefined) setValue('departure', next.departure, options);
    const busTrip = flightBusTrip(previous, merged);
    if (busTrip !== previous.busTrip) setValue('busTrip', busTrip, { shouldDirty: true });
  };

  const busHelper = !departure
    ? 'Arrivals have no bus trip'
    : !service
      ? 'Choose the timetable first'
      : busTrips.data?.length === 0
        ? 'This timetable has no bus trips yet'
        : 'The shuttle that meets this flight';

  return (
    <FormScreen title={screen.isNew ? 'Add Flight' : 'Edit Flight'} screen={screen}>
      <FormSection title="Flight">
        <FieldGrid>
          <FormSelectField
            control={control}
            name="service"
            label="Timetable"
            required
            placeholder="Select a timetable"
            options={TIMETABLE_OPTIONS}
            onValueChange={(value) => change({ service: value })}
          />
          <FormSwitchField
            control={control}
            name="departure"
            label="Departure"
            helperText={
              departure
                ? 'Leaves the airport: customers fly out on it'
                : 'Arrives at the airport: customers fly home on it'
            }
            onValueChange={(checked) => change({ departure: checked })}
          />
          <FormSelectField
            control={control}
            name="airline"
            label="Airline"
            required
            placeholder={airlines.isPending ? 'Loading…' : 'Select an airline'}
            options={(airlines.data ?? []).map((airline) => ({ value: airline.id, label: airline.name }))}
          />
          <FormTextField
            control={control}
            name="flightNumber"
            label="Flight Number"
            required
            autoComplete="off"
          />
          <FormTextField
            control={control}
            name="flightLabel"
            label="Flight Label"
            helperText="Optional: how customers see it, e.g. QF1502 to Melbourne"
          />
          <FormDateField control={control} name="time" kind="time" label="Time" required />
          <FormSelectField
            control={control}
            name="busTrip"
            label="Bus Trip"
            disabled={!departure || !service}
            placeholder={busTrips.isFetching ? 'Loading…' : 'No bus trip'}
            options={
              departure ? (busTrips.data ?? []).map((trip) => ({ value: trip.id, label: trip.label })) : []
            }
            helperText={busHelper}
          />
        </FieldGrid>
      </FormSection>
    </FormScreen>
  );
}
