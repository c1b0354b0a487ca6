/**
 * The diary asks the server for a sparse fieldset of each booking (DIARY_BOOKING_FIELDS): the rows built from
 * bookings holding only those fields are the rows built from the whole bookings, so no row loses a name, a flight,
 * a check-in or a link to the desk's dialogs.
 */
import { describe, expect, it } from 'vitest';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { IncludedIndex, type Resource } from '@/lib/api/jsonapi';
import { DIARY_BOOKING_FIELDS } from '@parking/domain/api-contract/bookings';
import { diaryRows } from './diary-rows';

const TZ = 'Australia/Hobart';

const whole: BookingAttributes = {
  bookingCode: 'DIARY123',
  status: 'complete',
  bookingType: 'New',
  title: 'Mr',
  firstName: 'Alan',
  lastName: 'Turing',
  phoneNumber: '0400 765 432',
  email: 'alan@example.com',
  business: 'Bletchley',
  rego: 'ENIGMA',
  make: 'Austin',
  model: 'Seven',
  colour: 'Green',
  startDatetime: '2026-12-09T21:30:00.000Z',
  endDatetime: '2026-12-10T07:10:00.000Z',
  busDepartureTime: '08:40:00',
  passengersOut: 2,
  passengersIn: 3,
  flightNumberOut: 'VA1302',
  flightNumberIn: 'VA1315',
  lotRegionRow: 4,
  parkingCost: '40.00',
  extrasCost: '25.00',
  extrasPrices: { '3': '25.00' },
  discountRate: '0',
  promoCode: '',
  amountDiscounted: '0.00',
  subscriptionDiscount: '0.00',
  totalCost: '65.00',
  amountPaid: '65.00',
  paymentMethod: 'stripe',
  paymentStatus: 'paid',
  paymentDatetime: '2026-11-20T00:00:00.000Z',
  stripeComplete: true,
  hadSubscription: false,
  publicNotes: 'Child seat in the boot',
  created: '2026-11-20T00:00:00.000Z',
  timeParked: '2026-12-09T21:40:00.000Z',
  custodyStatus: 'parked',
  bookedEndDatetime: '2026-12-10T05:00:00.000Z',
  flightStatus: 'delayed',
  flightDelayMinutes: 130,
  flightMoveProblem: 'capped',
  returnBusTime: '18:10:00',
  notes: 'Regular',
  fuelLevel: 'Half',
  damage: '',
  kilometers: 1200,
  vehicleNotes: '',
  channel: 'Fly & Park',
};

const one = (type: string, id: string) => ({ data: { type, id } });
const booking: Resource<BookingAttributes> = {
  type: 'bookings',
  id: '41',
  attributes: whole,
  relationships: {
    lot: one('lots', '1'),
    lotRegion: one('lot-regions', '2'),
    customer: one('customers', '9'),
    vehicle: one('vehicles', '5'),
    vehicleType: one('vehicle-types', '1'),
    airlineOut: one('airlines', '1'),
    airlineIn: one('airlines', '2'),
    discount: { data: null },
    parkedBy: one('customers', '3'),
    createdBy: one('users', '4'),
    extras: { data: [{ type: 'extras', id: '3' }] },
  },
};
const included = new IncludedIndex([
  { type: 'lots', id: '1', attributes: { name: 'Indoor' } },
  { type: 'airlines', id: '1', attributes: { name: 'Virgin Australia' } },
  { type: 'airlines', id: '2', attributes: { name: 'Qantas' } },
]);

/** The booking as the server answers a sparse fieldset: only the named attributes and relationships. */
function sparse(resource: Resource<BookingAttributes>): Resource<BookingAttributes> {
  const keep = new Set(DIARY_BOOKING_FIELDS);
  const pick = <V>(values: Record<string, V>) =>
    Object.fromEntries(Object.entries(values).filter(([name]) => keep.has(name)));
  return {
    ...resource,
    // The sparse answer lacks the other attributes; the row builder's type (DiaryBooking) reads none of them.
    attributes: pick<unknown>({ ...resource.attributes }) as unknown as BookingAttributes,
    relationships: pick(resource.relationships ?? {}),
  };
}

describe("the diary's sparse fieldset", () => {
  it.each(['2026-12-10', '2026-12-11'])(
    'builds the same rows from the fields it asks for as from the whole booking (drop-off %s)',
    (date) => {
      const dropOff = { ...booking, attributes: { ...whole, startDatetime: `${date}T21:30:00.000Z` } };
      const full = diaryRows([booking, dropOff], included, '2026-12-10', TZ);
      expect(full.length).toBeGreaterThan(0);
      // Each row names the booking's channel (issue 42): a partner's booking, its partner.
      expect(full.map((row) => row.channel)).toEqual(full.map(() => 'Fly & Park'));
      expect(diaryRows([sparse(booking), sparse(dropOff)], included, '2026-12-10', TZ)).toEqual(full);
    },
  );

  it('names fields the row builder reads: a booking without them builds another row', () => {
    const bare: Resource<BookingAttributes> = { ...booking, relationships: {} };
    expect(diaryRows([bare], included, '2026-12-10', TZ)).not.toEqual(
      diaryRows([booking], included, '2026-12-10', TZ),
    );
  });
});
