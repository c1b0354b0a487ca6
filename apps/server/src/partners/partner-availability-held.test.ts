/**
 * The partner API's availability from memory (issue 42): an instance holding the quotes' data answers every stay
 * as an instance reading the database does (allotments held and released, a partner's own bookings, stop-sells,
 * closures, prices), and hears of a change written straight into the database (another instance's) at once; its
 * keys are held too, a revocation or a pause refused at the next call, a key's use not dropping them; the per-key
 * limit counted in batches is exact on one instance and shared by two.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../accounts/rate-limiter';
import {
  blockoutPeriods,
  bookings,
  lots,
  partnerAllotments,
  partnerApiKeys,
  partners,
  partnerStopSells,
} from '../db/schema/index';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { heldInstances, type HeldInstances } from '../test/held-instances';
import { createPartner } from '../test/partner-fixtures';
import { insertBookings } from '../test/pricing-fixtures';
import { api, type JsonDocument } from '../test/server';
import { PartnerCallCounter } from './partner-call-counter';

let instances: HeldInstances;
let held: FastifyInstance;
let plain: FastifyInstance;
let f: Fixtures;
let holder: { id: number };
let holderKey: string;
let otherKey: string;

// The test clock is 2026-11-21T09:00+11:00.
const STAYS = [
  ['2026-11-22T08:00:00+11:00', '2026-11-24T18:00:00+11:00'],
  ['2026-11-24T08:00:00+11:00', '2026-11-28T18:00:00+11:00'],
  ['2026-11-27T10:00:00+11:00', '2026-11-27T20:00:00+11:00'],
  ['2026-12-01T08:00:00+11:00', '2026-12-08T07:00:00+11:00'],
] as const;

const ask = (app: FastifyInstance, key: string, lot: string, [start, end]: readonly [string, string]) =>
  api(app, 'GET', `/partner/v1/availability?${new URLSearchParams({ lot, start, end }).toString()}`, {
    headers: { authorization: `Bearer ${key}` },
  });

/** Every stay in both lots for both partners, as an instance answers them (status and attributes). */
async function answers(app: FastifyInstance) {
  const all: Array<[number, JsonDocument['data']]> = [];
  for (const key of [holderKey, otherKey])
    for (const lot of ['indoor', 'outdoor'])
      for (const stay of STAYS) {
        const response = await ask(app, key, lot, stay);
        all.push([response.status, response.body.data]);
      }
  return all;
}

const sameAsDatabase = async () => {
  const expected = await answers(plain);
  await expect.poll(() => answers(held), { timeout: 3000, interval: 20 }).toEqual(expected);
  return expected;
};

beforeAll(async () => {
  instances = await heldInstances();
  const { db } = instances.database;
  f = await bookingFixtures(db);
  await db.update(lots).set({ spaces: 12, fillRateThreshold: null }).where(eq(lots.id, f.outdoor.id));
  ({ partner: holder, key: holderKey } = await createPartner(db));
  ({ key: otherKey } = await createPartner(db));
  await db
    .insert(partnerAllotments)
    .values({ partnerId: holder.id, lotId: f.outdoor.id, places: 4, releaseHours: 72 });
  const cars = await insertBookings(db, 5, {
    lotId: f.outdoor.id,
    start: '2026-11-23T08:00:00+11:00',
    end: '2026-11-27T08:00:00+11:00',
    created: instances.clock.now(),
  });
  await db
    .update(bookings)
    .set({ partnerId: holder.id })
    .where(eq(bookings.id, cars[0]?.id ?? 0));
  await db.insert(blockoutPeriods).values({
    name: 'Works',
    blockType: 'parking',
    message: 'Closed for works',
    startDatetime: new Date('2026-11-27T09:00:00+11:00'),
    endDatetime: new Date('2026-11-27T11:00:00+11:00'),
  });
  held = await instances.instance();
  plain = await instances.instance({ feed: false });
});
afterAll(() => instances.close());

describe('the partner availability from memory', () => {
  it('answers every stay as the database does, and hears of changes written straight into it', async () => {
    const { db } = instances.database;
    const before = await sameAsDatabase();
    expect(before.every(([status]) => status === 200)).toBe(true);
    const loads = held.services.quoteCache?.loads ?? 0;
    const hits = held.services.quoteCache?.lookups.hits ?? 0;
    await sameAsDatabase();
    // Answered from the same held data, every call: nothing read again.
    expect(loads).toBeGreaterThan(0);
    expect(held.services.quoteCache?.loads).toBe(loads);
    expect((held.services.quoteCache?.lookups.hits ?? 0) - hits).toBe(2 * 2 * STAYS.length);

    // A partner's booking (applied to what is held), a stop-sell, an allotment changed: each at once.
    const [mine] = await insertBookings(db, 1, {
      lotId: f.outdoor.id,
      start: '2026-11-24T08:00:00+11:00',
      end: '2026-11-25T08:00:00+11:00',
      created: instances.clock.now(),
    });
    await db
      .update(bookings)
      .set({ partnerId: holder.id })
      .where(eq(bookings.id, mine?.id ?? 0));
    expect(await sameAsDatabase()).not.toEqual(before);
    await db.insert(partnerStopSells).values({
      partnerId: holder.id,
      lotId: f.outdoor.id,
      startDate: '2026-11-25',
      endDate: '2026-11-26',
    });
    await sameAsDatabase();
    await db.update(partnerAllotments).set({ places: 9 }).where(eq(partnerAllotments.partnerId, holder.id));
    await sameAsDatabase();
    // A day later by the clock: some of the allotment released.
    instances.clock.advance(30 * 3_600_000);
    try {
      await sameAsDatabase();
    } finally {
      instances.clock.advance(-30 * 3_600_000);
    }
  });

  it('holds the keys: a revocation or a pause written by another instance is refused at the next call', async () => {
    const { db } = instances.database;
    const { partner, key } = await createPartner(db);
    const stay = STAYS[3];
    // Once the feed has told of the new partner (at once with PGlite, a moment later on PostgreSQL), held.
    await expect
      .poll(async () => {
        const before = held.services.partnerKeys?.loads;
        expect((await ask(held, key, 'outdoor', stay)).status).toBe(200);
        return held.services.partnerKeys?.loads === before;
      })
      .toBe(true);
    const loads = held.services.partnerKeys?.loads ?? 0;
    // A key's use (noted once a minute) is not a change: the keys held stay.
    await db
      .update(partnerApiKeys)
      .set({ lastUsedAt: instances.clock.now() })
      .where(eq(partnerApiKeys.partnerId, partner.id));
    // Time for a notification to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await ask(held, key, 'outdoor', stay)).status).toBe(200);
    expect(held.services.partnerKeys?.loads).toBe(loads);
    await db.update(partners).set({ status: 'paused' }).where(eq(partners.id, partner.id));
    await expect.poll(async () => (await ask(held, key, 'outdoor', stay)).status).toBe(403);
    await db.update(partners).set({ status: 'live' }).where(eq(partners.id, partner.id));
    await expect.poll(async () => (await ask(held, key, 'outdoor', stay)).status).toBe(200);
    await db
      .update(partnerApiKeys)
      .set({ revokedAt: instances.clock.now() })
      .where(eq(partnerApiKeys.partnerId, partner.id));
    await expect.poll(async () => (await ask(held, key, 'outdoor', stay)).status).toBe(401);
  });

  it('counts a key’s calls in batches: exact on one instance, one limit shared by two', async () => {
    const limiter = createRateLimiter(instances.database.db, instances.clock.now);
    const first = new PartnerCallCounter(limiter, 60_000);
    const second = new PartnerCallCounter(limiter, 60_000);
    try {
      const now = instances.clock.now();
      const counts: number[] = [];
      for (let i = 0; i < 5; i += 1) counts.push((await first.hit('partner:key:test', now)).count);
      expect(counts).toEqual([1, 2, 3, 4, 5]);
      // The first counter sends its calls within a second; the second learns them with its first call.
      await expect
        .poll(async () => (await limiter.peek('partner:key:test', 60_000)).count, {
          timeout: 3000,
          interval: 50,
        })
        .toBe(5);
      expect((await second.hit('partner:key:test', now)).count).toBe(6);
      // Then each learns the other's calls at its next sending (at most a second after its last).
      for (let i = 0; i < 3; i += 1) await second.hit('partner:key:test', now);
      await expect
        .poll(async () => (await limiter.peek('partner:key:test', 60_000)).count, {
          timeout: 3000,
          interval: 50,
        })
        .toBe(9);
      expect((await first.hit('partner:key:test', now)).count).toBe(6);
      await expect
        .poll(async () => (await limiter.peek('partner:key:test', 60_000)).count, {
          timeout: 3000,
          interval: 50,
        })
        .toBe(10);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await first.hit('partner:key:test', now)).count).toBe(11);
      // A new window once the minute has run.
      const later = new Date(now.getTime() + 60_000);
      expect((await first.hit('partner:key:test', later)).count).toBe(1);
    } finally {
      first.close();
      second.close();
    }
  });
});
