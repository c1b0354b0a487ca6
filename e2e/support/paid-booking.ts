/** Bookings made and paid through the API, as the wizard makes them, for journeys that start after payment. */
import { expect, type APIRequestContext } from '@playwright/test';
import { quietStay } from './booking';

export const API = '/backend/api/v1';
export const JSONAPI = { 'content-type': 'application/vnd.api+json' };

interface Resource<A> {
  id: string;
  attributes: A;
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The ids a booking needs, from the seeded data: the two lots, a vehicle type, an airline that flies. */
export async function seededIds(request: APIRequestContext) {
  const list = async <A>(url: string) =>
    ((await (await request.get(`${API}/${url}`)).json()) as { data: Resource<A>[] }).data;
  const lots = await list<{ slug: string }>('lots/');
  const types = await list<{ name: string }>('vehicle-types/?sort=name');
  const airlines = await list<{ name: string }>('airlines/?page[size]=100');
  const outdoor = lots.find((lot) => lot.attributes.slug === 'outdoor');
  const indoor = lots.find((lot) => lot.attributes.slug === 'indoor');
  const vehicleType = types.find((type) => type.attributes.name === 'Sedan') ?? types[0];
  const airline =
    airlines.find((item) => item.attributes.name === 'Qantas') ??
    airlines.find((item) => item.attributes.name !== 'Not flying');
  if (!outdoor || !indoor || !vehicleType || !airline) throw new Error('seed data missing');
  return { outdoor: outdoor.id, indoor: indoor.id, vehicleType: vehicleType.id, airline: airline.id };
}

/** The document the wizard posts for a booking: a Toyota Corolla, Qantas both ways, 10:00 to 18:00. */
export function wizardBookingDocument(
  ids: Awaited<ReturnType<typeof seededIds>>,
  booking: {
    lot: string;
    email: string;
    rego: string;
    stay: { startDate: string; endDate: string };
    /** The business's UTC offset on those dates: '+10:00' or '+11:00'. */
    offset: string;
    person?: { title: string; firstName: string; lastName: string };
    /** The arriving flight's number, QF1511 unless given. */
    flightNumberIn?: string;
  },
) {
  const rel = (type: string, id: string) => ({ data: { type, id } });
  const person = booking.person ?? { title: 'Ms', firstName: 'Ada', lastName: 'Lovelace' };
  return {
    data: {
      type: 'bookings',
      attributes: {
        ...person,
        phoneNumber: '0400 123 456',
        email: booking.email,
        business: '',
        rego: booking.rego,
        make: 'Toyota',
        model: 'Corolla',
        colour: 'White',
        startDatetime: `${booking.stay.startDate}T10:00:00${booking.offset}`,
        endDatetime: `${booking.stay.endDate}T18:00:00${booking.offset}`,
        flightNumberOut: 'QF1502',
        flightNumberIn: booking.flightNumberIn ?? 'QF1511',
        busDepartureTime: '09:00:00',
        passengersOut: 1,
        passengersIn: 1,
      },
      relationships: {
        lot: rel('lots', booking.lot),
        vehicleType: rel('vehicle-types', ids.vehicleType),
        airlineOut: rel('airlines', ids.airline),
        airlineIn: rel('airlines', ids.airline),
      },
    },
  };
}

/** A paid booking (outdoor unless told) made through the API as the wizard makes it (4242… through the local provider). */
export async function paidBooking(
  request: APIRequestContext,
  options: {
    email: string;
    token?: string;
    fromDay: number;
    rego: string;
    lot?: 'indoor' | 'outdoor';
    stay?: { startDate: string; endDate: string };
    flightNumberIn?: string;
  },
) {
  const ids = await seededIds(request);
  const stay = options.stay ?? quietStay(options.fromDay, 3);
  const created = await request.post(`${API}/bookings/`, {
    headers: { ...JSONAPI, ...(options.token ? { authorization: `Token ${options.token}` } : {}) },
    data: wizardBookingDocument(ids, {
      lot: options.lot === 'indoor' ? ids.indoor : ids.outdoor,
      email: options.email,
      rego: options.rego,
      stay,
      offset: '+11:00',
      flightNumberIn: options.flightNumberIn,
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (
    (await created.json()) as {
      data: Resource<{ bookingCode: string; clientSecret: string; totalCost: string }>;
    }
  ).data;
  const card = {
    clientSecret: booking.attributes.clientSecret,
    number: '4242424242424242',
    expiry: '12 / 30',
    cvc: '123',
  };
  const paid = await request.post(`${API}/local-payments/`, {
    headers: JSONAPI,
    data: { data: { type: 'local-payments', attributes: card } },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const confirmed = await request.post(`${API}/payment-confirmations/`, {
    headers: JSONAPI,
    data: { data: { type: 'payment-confirmations', attributes: { clientSecret: card.clientSecret } } },
  });
  expect(confirmed.status()).toBe(201);
  return {
    id: booking.id,
    code: booking.attributes.bookingCode,
    total: booking.attributes.totalCost,
    clientSecret: booking.attributes.clientSecret,
    stay,
  };
}
