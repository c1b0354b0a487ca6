/** The change form's values: the booking as it is, and the change as the API takes it. */
import { businessLocalDatetime, instantOfBusinessLocal } from '@parking/domain/dates';
import type { ChangeFormInput, ChangeFormValues } from '@parking/domain/manage-booking';
import type { UseFormReturn } from 'react-hook-form';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import type { BookingChange, ManagedBooking } from '../api/manage-booking';

export type ChangeForm = UseFormReturn<ChangeFormInput, unknown, ChangeFormValues>;

export const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const instant = (local: string) => instantOfBusinessLocal(local, BUSINESS_TIME_ZONE).toISOString();
const ref = (type: string, id: string) => ({ type, id });

export function toChange(values: ChangeFormValues): BookingChange {
  const flights = values.changeFlights
    ? {
        flightNumberOut: values.notFlyingOut ? '' : values.flightNumberOut,
        flightNumberIn: values.notFlyingIn ? '' : values.flightNumberIn,
        busDepartureTime: values.notFlyingOut || !values.busDepartureTime ? null : values.busDepartureTime,
      }
    : {};
  return {
    attributes: {
      startDatetime: instant(values.startLocal),
      endDatetime: instant(values.endLocal),
      passengersOut: values.passengersOut,
      passengersIn: values.passengersIn,
      rego: values.rego,
      make: values.make,
      model: values.model,
      colour: values.colour,
      ...flights,
    },
    relationships: {
      vehicleType: ref('vehicle-types', values.vehicleType),
      extras: values.extras.map((id) => ref('extras', id)),
      ...(values.changeFlights
        ? { airlineOut: ref('airlines', values.airlineOut), airlineIn: ref('airlines', values.airlineIn) }
        : {}),
    },
  };
}

export function defaultsOf(booking: ManagedBooking): ChangeFormInput {
  return {
    startLocal: businessLocalDatetime(new Date(booking.startDatetime), BUSINESS_TIME_ZONE),
    endLocal: booking.endDatetime
      ? businessLocalDatetime(new Date(booking.endDatetime), BUSINESS_TIME_ZONE)
      : '',
    changeFlights: false,
    airlineOut: '',
    notFlyingOut: false,
    flightOut: '',
    flightNumberOut: '',
    flightTimeOut: '',
    busDepartureTime: '',
    airlineIn: '',
    notFlyingIn: false,
    flightIn: '',
    flightNumberIn: '',
    flightTimeIn: '',
    passengersOut: booking.passengersOut,
    passengersIn: booking.passengersIn,
    rego: booking.rego,
    make: booking.make,
    model: booking.model,
    colour: booking.colour,
    vehicleType: booking.vehicleTypeId ?? '',
    extras: booking.extras.map((extra) => extra.id),
  };
}
