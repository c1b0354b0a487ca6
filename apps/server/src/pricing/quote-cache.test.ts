/**
 * Quotes come from memory, and a change is in the next quote: a booking or a setting changed through this
 * instance, a row written straight into the database, a change made through another instance on the same
 * database (a second app with its own change feed: PGlite in-process, LISTEN/NOTIFY on PostgreSQL, where
 * the other instance hears of it a few milliseconds after the commit), and a pending booking's hold
 * running out with no write at all.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockoutPeriods, bookings, lots } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { heldInstances, type HeldInstances, type TestDatabase } from '../test/held-instances';
import { insertBookings } from '../test/pricing-fixtures';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { api, doc, many, one, type Clock } from '../test/server';

let instances: HeldInstances;
let database: TestDatabase;
let clock: Clock;
let f: Fixtures;
let first: FastifyInstance;
let second: FastifyInstance;
let admin: string;

beforeAll(async () => {
  instances = await heldInstances();
  ({ database, clock } = instances);
  f = await bookingFixtures(database.db);
  first = await instances.instance();
  second = await instances.instance();
  await createUser(database.db, { email: 'cache-admin@example.com', roles: ['Admins'] });
  admin = await login(first, 'cache-admin@example.com');
});
afterAll(() => instances.close());

/** The outdoor lot's quote for a stay, as the home page asks for it. */
async function outdoorQuote(app: FastifyInstance, start: string, end: string) {
  const response = await api(
    app,
    'GET',
    `/backend/api/v1/quotes/?start_date=${start}&end_date=${end}&filter[lot.slug__in]=outdoor&include=lot`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const [quote] = many(response.body);
  return {
    price: quote?.attributes.price,
    full: quote?.attributes.fillThresholdExceeded,
    blockouts: quote?.attributes.parkingBlockouts,
  };
}

const loads = (app: FastifyInstance) => app.quoteCache?.loads ?? -1;

describe('quotes served from memory', () => {
  it('answers many quotes from one load', async () => {
    const before = loads(first);
    for (const [start, end] of [
      ['2026-12-01', '2026-12-03'],
      ['2026-12-10', '2026-12-20'],
      ['2027-02-01', '2027-02-01'],
      ['2026-12-01', '2026-12-03'],
    ] as const) {
      await outdoorQuote(first, start, end);
    }
    expect(loads(first) - before).toBe(1);
  });

  it('the same stay asked again is the same response; a signed-in customer is priced for themselves', async () => {
    const path = '/backend/api/v1/quotes/?start_date=2027-07-01&end_date=2027-07-08&include=lot';
    const asked = await api(first, 'GET', path);
    const again = await api(first, 'GET', path);
    expect(asked.status).toBe(200);
    expect(again.body).toEqual(asked.body);
    // Staff quote list prices through the same data, not through a visitor's written response.
    const staff = await api(first, 'GET', path, { token: admin });
    expect(staff.status).toBe(200);
    expect(many(staff.body).map((quote) => quote.attributes.price)).toEqual(
      many(asked.body).map((quote) => quote.attributes.price),
    );
  });

  it('a setting changed through this instance is in its next quote', async () => {
    const before = await outdoorQuote(first, '2027-01-10', '2027-01-19');
    const patched = await api(first, 'PATCH', `/backend/api/v1/lots/${f.outdoor.id}/`, {
      token: admin,
      body: doc('lots', { rate: '20.00' }, { id: String(f.outdoor.id) }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // Ten days: the 7-day row plus three days at the long-stay rate, now 8.00 a day dearer.
    const after = await outdoorQuote(first, '2027-01-10', '2027-01-19');
    expect(Number(after.price) - Number(before.price)).toBeCloseTo(24, 2);
    // The wizard's summary (booking-quotes) prices from the same held data: the new rate too.
    const priced = await api(first, 'POST', '/backend/api/v1/booking-quotes/', {
      body: doc(
        'booking-quotes',
        {
          startDatetime: '2027-01-10T06:00:00+11:00',
          endDatetime: '2027-01-19T18:00:00+11:00',
          extrasCost: '0.00',
        },
        { relationships: { lot: { data: { type: 'lots', id: String(f.outdoor.id) } } } },
      ),
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(201);
    expect(Number(one(priced.body).attributes.parkingCost)).toBeCloseTo(Number(after.price), 2);
  });

  it('a booking made through this instance is in its next quote', async () => {
    // 20 spaces at 0.5: the tenth car fills the lot for the days it stays.
    await database.db
      .update(lots)
      .set({ spaces: 20, fillRateThreshold: '0.5' })
      .where(eq(lots.id, f.outdoor.id));
    await insertBookings(database.db, 9, {
      lotId: f.outdoor.id,
      start: '2026-12-02T08:00:00+11:00',
      end: '2026-12-02T20:00:00+11:00',
      created: clock.now(),
    });
    expect((await outdoorQuote(first, '2026-12-01', '2026-12-03')).full).toBe(false);
    const created = await api(first, 'POST', '/backend/api/v1/bookings/', {
      body: bookingDoc(f, { attributes: { email: 'one@example.com' } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await outdoorQuote(first, '2026-12-01', '2026-12-03')).full).toBe(true);
  });

  it('a row written straight into the database is in the next quote', async () => {
    expect((await outdoorQuote(first, '2026-12-21', '2026-12-22')).full).toBe(false);
    await insertBookings(database.db, 10, {
      lotId: f.outdoor.id,
      start: '2026-12-21T08:00:00+11:00',
      end: '2026-12-22T20:00:00+11:00',
      created: clock.now(),
    });
    // PGlite announces it before the insert returns; PostgreSQL within milliseconds of the commit.
    await expect
      .poll(async () => (await outdoorQuote(first, '2026-12-21', '2026-12-22')).full, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(true);
  });

  it('a parking blockout written straight into the database is in the next quote (the change feed)', async () => {
    expect((await outdoorQuote(first, '2026-12-29', '2026-12-30')).blockouts).toEqual([]);
    const before = loads(first);
    await database.db.insert(blockoutPeriods).values({
      name: 'Resurfacing',
      message: 'Closed for resurfacing.',
      blockType: 'parking',
      startDatetime: new Date('2026-12-29T00:00:00+11:00'),
      endDatetime: new Date('2026-12-30T00:00:00+11:00'),
    });
    await expect
      .poll(async () => (await outdoorQuote(first, '2026-12-29', '2026-12-30')).blockouts, {
        timeout: 2000,
        interval: 20,
      })
      .toEqual([
        {
          message: 'Closed for resurfacing.',
          startDatetime: '2026-12-28T13:00:00.000Z',
          endDatetime: '2026-12-29T13:00:00.000Z',
          closes: ['startDate'],
        },
      ]);
    // Dropped and loaded again, not read around the cache.
    expect(loads(first)).toBeGreaterThan(before);
  });

  it('a pending booking stops holding its space when its hold (PENDING_HOLD_MS) ends, with no write', async () => {
    const [held] = await insertBookings(database.db, 10, {
      lotId: f.outdoor.id,
      start: '2027-03-01T08:00:00+11:00',
      end: '2027-03-02T20:00:00+11:00',
      status: 'pending',
      created: clock.now(),
    });
    expect(held).toBeDefined();
    await expect
      .poll(async () => (await outdoorQuote(first, '2027-03-01', '2027-03-02')).full, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(true);
    clock.advance(PENDING_HOLD_MS - 60_000);
    expect((await outdoorQuote(first, '2027-03-01', '2027-03-02')).full).toBe(true);
    clock.advance(60_000);
    expect((await outdoorQuote(first, '2027-03-01', '2027-03-02')).full).toBe(false);
  });
  it('pricing a stay (booking-quotes, the wizard summary) keeps what is held; a booking updates it', async () => {
    await outdoorQuote(first, '2026-12-01', '2026-12-03');
    const before = loads(first);
    for (let i = 0; i < 3; i++) {
      const priced = await api(first, 'POST', '/backend/api/v1/booking-quotes/', {
        body: doc(
          'booking-quotes',
          {
            startDatetime: '2026-12-01T06:00:00+11:00',
            endDatetime: '2026-12-03T18:00:00+11:00',
            extrasCost: '0.00',
          },
          { relationships: { lot: { data: { type: 'lots', id: String(f.outdoor.id) } } } },
        ),
      });
      expect(priced.status, JSON.stringify(priced.body)).toBe(201);
      await outdoorQuote(first, '2026-12-01', '2026-12-03');
    }
    expect(loads(first) - before).toBe(0);
    const updates = first.quoteCache?.updates ?? -1;
    const created = await api(first, 'POST', '/backend/api/v1/bookings/', {
      body: bookingDoc(f, {
        attributes: {
          email: 'held@example.com',
          startDatetime: '2027-06-01T06:00:00+10:00',
          endDatetime: '2027-06-02T18:00:00+10:00',
        },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await outdoorQuote(first, '2026-12-01', '2026-12-03');
    // Brought up to date from the booking's notification, not read again.
    expect(loads(first) - before).toBe(0);
    expect(first.quoteCache?.updates).toBeGreaterThan(updates);
  });
});

describe('two instances on one database', () => {
  it('a booking and a setting changed through one instance reach the quotes of the other', async () => {
    const stay = ['2027-04-05', '2027-04-06'] as const;
    const start = { startDatetime: '2027-04-05T06:00:00+10:00', endDatetime: '2027-04-06T18:00:00+10:00' };
    await insertBookings(database.db, 9, {
      lotId: f.outdoor.id,
      start: '2027-04-05T08:00:00+10:00',
      end: '2027-04-06T20:00:00+10:00',
      created: clock.now(),
    });
    await expect
      .poll(async () => (await outdoorQuote(first, ...stay)).full, { timeout: 2000, interval: 20 })
      .toBe(false);
    expect((await outdoorQuote(second, ...stay)).full).toBe(false);

    const created = await api(second, 'POST', '/backend/api/v1/bookings/', {
      body: bookingDoc(f, { attributes: { email: 'two@example.com', ...start } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expect
      .poll(async () => (await outdoorQuote(first, ...stay)).full, { timeout: 2000, interval: 20 })
      .toBe(true);

    const before = await outdoorQuote(first, '2027-05-10', '2027-05-19');
    const patched = await api(second, 'PATCH', `/backend/api/v1/lots/${f.outdoor.id}/`, {
      token: admin,
      body: doc('lots', { rate: '30.00' }, { id: String(f.outdoor.id) }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await expect
      .poll(
        async () =>
          Number((await outdoorQuote(first, '2027-05-10', '2027-05-19')).price) - Number(before.price),
        { timeout: 2000, interval: 20 },
      )
      .toBeCloseTo(30, 2);
    const [row] = await database.db.select({ rate: lots.rate }).from(lots).where(eq(lots.id, f.outdoor.id));
    expect(row?.rate).toBe('30.00');
    await database.db.delete(bookings).where(eq(bookings.email, 'two@example.com'));
    await expect
      .poll(async () => (await outdoorQuote(first, ...stay)).full, { timeout: 2000, interval: 20 })
      .toBe(false);
  });
});
