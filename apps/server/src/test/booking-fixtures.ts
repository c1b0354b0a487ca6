/** The reference data a booking needs: lots with a rate table, vehicle types, airlines, extras. */
import type { Executor } from '../db/client';
import {
  airlines,
  discounts,
  extras,
  extraVariations,
  shortTermRateDays,
  shortTermRates,
  vehicleTypes,
} from '../db/schema/index';
import { createLots } from './factories';

export async function bookingFixtures(db: Executor) {
  const [indoor, outdoor] = await createLots(db);
  if (!indoor || !outdoor) throw new Error('lots');
  const days = await db
    .insert(shortTermRateDays)
    .values([{ days: 1 }, { days: 2 }, { days: 3 }, { days: 5 }, { days: 7 }])
    .returning();
  const outdoorPrices: Record<number, string> = {
    1: '25.00',
    2: '40.00',
    3: '52.00',
    5: '70.00',
    7: '85.00',
  };
  const indoorPrices: Record<number, string> = {
    1: '35.00',
    2: '55.00',
    3: '70.00',
    5: '95.00',
    7: '115.00',
  };
  await db.insert(shortTermRates).values(
    days.flatMap((day) => [
      { dayId: day.id, lotId: outdoor.id, rate: outdoorPrices[day.days] ?? '0' },
      { dayId: day.id, lotId: indoor.id, rate: indoorPrices[day.days] ?? '0' },
    ]),
  );
  const [sedan, suv] = await db
    .insert(vehicleTypes)
    .values([{ name: 'Sedan' }, { name: 'SUV' }])
    .returning();
  const [qantas, notFlying] = await db
    .insert(airlines)
    .values([{ name: 'Qantas' }, { name: 'Not flying' }])
    .returning();
  const [wash, valet, hidden] = await db
    .insert(extras)
    .values([
      { name: 'Exterior wash', extraType: 'detailing', basePrice: '30.00' },
      { name: 'Full valet', extraType: 'detailing', basePrice: '120.00' },
      { name: 'Staff-only', extraType: 'service', basePrice: '10.00', public: false },
    ])
    .returning();
  if (!sedan || !suv || !qantas || !notFlying || !wash || !valet || !hidden) throw new Error('fixtures');
  await db.insert(extraVariations).values({ extraId: wash.id, vehicleTypeId: suv.id, price: '40.00' });
  const [promo] = await db
    .insert(discounts)
    .values({
      name: 'Welcome',
      promoCode: 'WELCOME10',
      rate: '0.1',
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validTo: new Date('2027-12-31T00:00:00Z'),
    })
    .returning();
  if (!promo) throw new Error('promo');
  return { indoor, outdoor, sedan, suv, qantas, notFlying, wash, valet, hidden, promo };
}

export type Fixtures = Awaited<ReturnType<typeof bookingFixtures>>;

/** A wizard booking document for the given stay (ISO datetimes with offset). */
export function bookingDoc(
  f: Fixtures,
  overrides: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> } = {},
) {
  return {
    data: {
      type: 'bookings',
      attributes: {
        title: 'Ms',
        firstName: 'Grace',
        lastName: 'Hopper',
        phoneNumber: '0400 123 456',
        email: 'grace@example.com',
        business: '',
        rego: 'abc 123',
        make: 'Toyota',
        model: 'Corolla',
        colour: 'White',
        startDatetime: '2026-12-01T06:00:00+11:00',
        endDatetime: '2026-12-03T18:00:00+11:00',
        flightNumberOut: 'QF1502',
        flightNumberIn: 'QF1511',
        busDepartureTime: '05:00:00',
        passengersOut: 2,
        passengersIn: 2,
        ...overrides.attributes,
      },
      relationships: {
        lot: { data: { type: 'lots', id: String(f.outdoor.id) } },
        vehicleType: { data: { type: 'vehicle-types', id: String(f.sedan.id) } },
        airlineOut: { data: { type: 'airlines', id: String(f.qantas.id) } },
        airlineIn: { data: { type: 'airlines', id: String(f.qantas.id) } },
        ...overrides.relationships,
      },
    },
  };
}
