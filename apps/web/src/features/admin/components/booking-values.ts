/** A saved booking as the booking form's values (back-office §3), in the business's time zone. */
import {
  DEFAULT_ARRIVAL_TIME,
  newStaffBookingValues,
  type StaffBookingFormValues,
} from '@parking/domain/booking-form';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { businessDate, businessLocalDatetime, businessTimeOfDay } from '@parking/domain/dates';
import { fractionToPercent } from '@parking/domain/numbers';
import { relatedId, relatedIds } from '@/lib/api/jsonapi';
import type { OneAnswer } from '@/lib/api/resources';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import type { Option } from '../api/booking-lookups';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';

const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : '');

export function bookingToValues(
  { resource }: OneAnswer<BookingAttributes>,
  airlines: readonly Option[] | undefined,
): StaffBookingFormValues {
  const a = resource.attributes;
  const start = new Date(a.startDatetime);
  const end = a.endDatetime ? new Date(a.endDatetime) : null;
  const airlineOut = relatedId(resource, 'airlineOut') ?? '';
  const airlineIn = relatedId(resource, 'airlineIn') ?? '';
  const notFlying = (id: string) =>
    id !== '' && airlines?.find((airline) => airline.id === id)?.name === NOT_FLYING_AIRLINE;
  const region = relatedId(resource, 'lotRegion') ?? '';
  return {
    ...newStaffBookingValues(businessDate(start, BUSINESS_TIME_ZONE)),
    customer: relatedId(resource, 'customer') ?? '',
    title: a.title,
    firstName: a.firstName,
    lastName: a.lastName,
    phoneNumber: a.phoneNumber,
    email: a.email,
    business: a.business,
    bookingType: a.bookingType ?? 'New',
    vehicle: relatedId(resource, 'vehicle') ?? '',
    rego: a.rego,
    make: a.make,
    model: a.model,
    colour: a.colour,
    vehicleType: relatedId(resource, 'vehicleType') ?? '',
    lot: relatedId(resource, 'lot') ?? '',
    status: a.status,
    lotRegion: region,
    lotRegionRow: region && a.lotRegionRow ? String(a.lotRegionRow) : '',
    departureDate: businessDate(start, BUSINESS_TIME_ZONE),
    airlineOut,
    notFlyingOut: notFlying(airlineOut),
    // The flight lists find the flight by its number once they have loaded (booking-flights-section.tsx).
    flightOut: '',
    flightNumberOut: a.flightNumberOut,
    flightTimeOut: '',
    busDepartureTime: hhmm(a.busDepartureTime),
    dropOffTime: businessTimeOfDay(start, BUSINESS_TIME_ZONE),
    passengersOut: String(a.passengersOut),
    arrivalDate: businessDate(end ?? start, BUSINESS_TIME_ZONE),
    airlineIn,
    notFlyingIn: notFlying(airlineIn),
    flightIn: '',
    flightNumberIn: a.flightNumberIn,
    arrivalTime: end ? businessTimeOfDay(end, BUSINESS_TIME_ZONE) : DEFAULT_ARRIVAL_TIME,
    passengersIn: String(a.passengersIn),
    extras: relatedIds(resource, 'extras'),
    publicNotes: a.publicNotes,
    notes: a.notes ?? '',
    discount: relatedId(resource, 'discount') ?? '',
    discountRate: fractionToPercent(a.discountRate) || '0',
    paymentMethod: a.paymentMethod ?? '',
    paymentStatus: a.paymentStatus,
    amountPaid: a.amountPaid,
    paymentDatetime: a.paymentDatetime
      ? businessLocalDatetime(new Date(a.paymentDatetime), BUSINESS_TIME_ZONE)
      : '',
  };
}
