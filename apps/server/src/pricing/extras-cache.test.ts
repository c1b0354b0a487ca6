/**
 * Issue 26: the wizard's step 5 (`GET extras/?filter[checkAvailability]`) is answered from memory
 * (pricing/extras-cache.ts). Its answers are the database's, byte for byte (an instance without a change
 * feed holds nothing and reads the database every time), and a committed change is in the next answer:
 * made through this instance, through another one on the same database, or written straight into the
 * database (migration 0014's triggers on the extras tables).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockoutPeriodExtras,
  blockoutPeriods,
  exceptionalDays,
  exceptionalDayUnavailableExtras,
  extras,
  extraVariations,
} from '../db/schema/index';
import { createUser, createVehicleType, login } from '../test/factories';
import { heldInstances, type HeldInstances, type TestDatabase } from '../test/held-instances';
import { api, doc, many } from '../test/server';

const V1 = '/backend/api/v1';

let instances: HeldInstances;
let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
/** No change feed: holds nothing, every answer read from the database. */
let plain: FastifyInstance;
let admin: string;
let customer: string;
const ids = { wash: 0, valet: 0, polish: 0, off: 0, hidden: 0 };

beforeAll(async () => {
  instances = await heldInstances();
  database = instances.database;
  const db = database.db;
  const extra = async (name: string, values: Partial<typeof extras.$inferInsert> = {}) => {
    const [row] = await db
      .insert(extras)
      .values({ name, extraType: 'detailing', basePrice: '30.00', ...values })
      .returning();
    if (!row) throw new Error('no extra');
    return row.id;
  };
  ids.wash = await extra('Wash');
  ids.valet = await extra('Valet', { basePrice: '120.00' });
  ids.polish = await extra('Polish', { extraType: 'service' });
  ids.off = await extra('Off', { available: false });
  ids.hidden = await extra('Hidden', { public: false });
  const [bay] = await db
    .insert(blockoutPeriods)
    .values({
      name: 'Wash bay closed',
      blockType: 'extra',
      startDatetime: new Date('2026-12-04T00:00:00+11:00'),
      endDatetime: new Date('2026-12-08T00:00:00+11:00'),
    })
    .returning();
  const [party] = await db
    .insert(exceptionalDays)
    .values({ name: 'Staff party', date: '2026-12-02' })
    .returning();
  if (!bay || !party) throw new Error('no calendar');
  await db.insert(blockoutPeriodExtras).values({ blockoutPeriodId: bay.id, extraId: ids.wash });
  await db.insert(exceptionalDayUnavailableExtras).values([
    { dayId: party.id, extraId: ids.valet },
    { dayId: party.id, extraId: ids.hidden },
  ]);
  await createUser(db, { email: 'extras-admin@example.com', roles: ['Admins'] });
  await createUser(db, { email: 'extras-customer@example.com' });
  first = await instances.instance();
  second = await instances.instance();
  plain = await instances.instance({ feed: false });
  admin = await login(first, 'extras-admin@example.com');
  customer = await login(first, 'extras-customer@example.com');
});
afterAll(() => instances.close());

const stayQuery = (start: string, end: string, extra: Record<string, string> = {}) =>
  `${V1}/extras/?${new URLSearchParams({ 'filter[checkAvailability]': `${start},${end}`, ...extra }).toString()}`;

async function body(app: FastifyInstance, path: string, token?: string) {
  const response = await app.inject({
    method: 'GET',
    url: path,
    headers: { accept: 'application/vnd.api+json', ...(token ? { authorization: `Token ${token}` } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function availability(app: FastifyInstance, start: string, end: string) {
  const response = await api(app, 'GET', stayQuery(start, end));
  expect(response.status).toBe(200);
  return Object.fromEntries(
    many(response.body).map((row) => [row.attributes.name, row.attributes.available]),
  );
}

const loads = (app: FastifyInstance) => app.extrasCache?.loads ?? -1;

describe('extras availability served from memory', () => {
  it('answers exactly as the database does, for travellers and staff, from one load', async () => {
    const stays: Array<[string, string]> = [
      ['2026-12-01T08:00:00+11:00', '2026-12-05T18:00:00+11:00'],
      // Ends the moment the blockout starts; the exceptional day is before it.
      ['2026-12-03T09:00:00+11:00', '2026-12-04T00:00:00+11:00'],
      // 12:30 UTC on 2 December is 23:30 in Hobart: the exceptional day is inside; 23:30 UTC is not.
      ['2026-12-02T12:30:00Z', '2026-12-03T10:00:00Z'],
      ['2026-12-02T23:30:00Z', '2026-12-03T10:00:00Z'],
      ['2026-11-20T00:00:00Z', '2026-11-30T12:00:00Z'],
      ['2026-12-07T23:00:00+11:00', '2027-01-20T10:00:00+11:00'],
    ];
    const queries: Array<Record<string, string>> = [
      {},
      { 'page[size]': '200' },
      { 'filter[extraType]': 'detailing', sort: '-basePrice' },
      { 'page[size]': '2', 'page[number]': '2' },
    ];
    let compared = 0;
    for (const [start, end] of stays) {
      for (const query of queries) {
        const path = stayQuery(start, end, query);
        for (const token of [undefined, customer, admin]) {
          const fresh = await body(plain, path, token);
          // Twice: the first writes the held list, the second is answered from it.
          expect(await body(first, path, token)).toBe(fresh);
          expect(await body(first, path, token)).toBe(fresh);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(stays.length * queries.length * 3);
    expect(loads(first)).toBe(1);
    // The same data answers a list without a stay, and a refused stay is still refused.
    expect(await body(first, `${V1}/extras/`)).toBe(await body(plain, `${V1}/extras/`));
    const refused = await api(first, 'GET', `${V1}/extras/?filter[checkAvailability]=a,b`);
    expect(refused.status).toBe(400);
  });

  it('a change made through this instance is in its next answer', async () => {
    expect((await availability(first, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z')).Polish).toBe(true);
    const patched = await api(first, 'PATCH', `${V1}/extras/${ids.polish}/`, {
      token: admin,
      body: doc('extras', { available: false, name: 'Polish (off)' }, { id: String(ids.polish) }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await availability(first, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z')).toMatchObject({
      'Polish (off)': false,
    });
  });

  it('a change made through another instance is in the next answer (the change feed)', async () => {
    expect((await availability(first, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z'))['Polish (off)']).toBe(
      false,
    );
    const patched = await api(second, 'PATCH', `${V1}/extras/${ids.polish}/`, {
      token: admin,
      body: doc('extras', { available: true, name: 'Polish' }, { id: String(ids.polish) }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // PGlite announces it before the write returns; PostgreSQL within milliseconds of the commit.
    await expect
      .poll(async () => (await availability(first, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z')).Polish, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(true);
  });

  it('rows written straight into the extras tables are in the next answer', async () => {
    const stay = ['2027-02-10T08:00:00+11:00', '2027-02-12T08:00:00+11:00'] as const;
    expect(await availability(first, ...stay)).toEqual({ Off: false, Polish: true, Valet: true, Wash: true });
    const [block] = await database.db
      .insert(blockoutPeriods)
      .values({
        name: 'Detailers away',
        blockType: 'extra',
        startDatetime: new Date('2027-02-11T00:00:00+11:00'),
        endDatetime: new Date('2027-02-11T12:00:00+11:00'),
      })
      .returning();
    if (!block) throw new Error('no blockout');
    const settled = () => availability(first, ...stay);
    // The blockout alone names no extra yet; its extras (blockout_period_extras) make them unavailable.
    await expect.poll(settled, { timeout: 2000, interval: 20 }).toMatchObject({ Valet: true });
    await database.db.insert(blockoutPeriodExtras).values({ blockoutPeriodId: block.id, extraId: ids.valet });
    await expect.poll(settled, { timeout: 2000, interval: 20 }).toMatchObject({ Valet: false });

    const [day] = await database.db
      .insert(exceptionalDays)
      .values({ name: 'Show day', date: '2027-02-12' })
      .returning();
    if (!day) throw new Error('no day');
    await database.db.insert(exceptionalDayUnavailableExtras).values({ dayId: day.id, extraId: ids.polish });
    await expect.poll(settled, { timeout: 2000, interval: 20 }).toMatchObject({ Polish: false });

    await database.db.update(extras).set({ name: 'Hand wash' }).where(eq(extras.id, ids.wash));
    await expect.poll(settled, { timeout: 2000, interval: 20 }).toEqual({
      Off: false,
      Polish: false,
      Valet: false,
      'Hand wash': true,
    });

    // An extra's price for a vehicle type is announced too: what is held is loaded again.
    const before = loads(first);
    const sedan = await createVehicleType(database.db, 'Sedan');
    await database.db
      .insert(extraVariations)
      .values({ extraId: ids.wash, vehicleTypeId: sedan.id, price: '40.00' });
    await expect
      .poll(
        async () => {
          await availability(first, ...stay);
          return loads(first);
        },
        { timeout: 2000, interval: 20 },
      )
      .toBeGreaterThan(before);
    // Every answer still the database's.
    expect(await body(first, stayQuery(...stay))).toBe(await body(plain, stayQuery(...stay)));
  });
});
