/**
 * The places held for partners in the quotes held in memory (issue 42): a partner's booking, told by the bookings'
 * notification with its partner (migration 0031), is counted against its allotment without reading again, in two
 * instances, and equals a full reload; an allotment's change is read again; what is held is not kept past the next
 * instant an allotment releases a day, even inside its 60 s.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import { loadConfig } from '../config/config';
import type { ChangeFeed } from '../db/change-feed';
import { bookings, partnerAllotments } from '../db/schema/index';
import type { Fixtures } from '../test/booking-fixtures';
import type { TestDatabase } from '../test/held-instances';
import { twoQuoteCaches, type TwoQuoteCaches } from '../test/two-quote-caches';
import { createPartner } from '../test/partner-fixtures';
import { insertBookings } from '../test/pricing-fixtures';
import type { Clock } from '../test/server';
import { QuoteCache } from './quote-cache';

const { timeZone } = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://parking.test' });

let caches: TwoQuoteCaches;
let database: TestDatabase;
let clock: Clock;
let f: Fixtures;
let feeds: ChangeFeed[];
let first: QuoteCache;
let second: QuoteCache;

beforeAll(async () => {
  caches = await twoQuoteCaches(timeZone);
  ({ database, clock, f, feeds, first, second } = caches);
});
afterAll(() => caches.close());

/** The places taken, as the website counts them, in every lot on each of the next 30 days. */
const taken = (cache: QuoteCache) => caches.takenByLot(cache, 30);

async function expectBothUpToDate() {
  for (const feed of feeds) await feed.sync();
  const fresh = new QuoteCache(database.db, timeZone, feeds[0] as ChangeFeed);
  try {
    const expected = await taken(fresh);
    expect(await taken(first)).toEqual(expected);
    expect(await taken(second)).toEqual(expected);
    return expected;
  } finally {
    fresh.close();
  }
}

const day = (offset: number, time: string) =>
  `${addDaysToDate(businessDate(clock.now(), timeZone), offset)}T${time}+11:00`;
const outdoorOn = (counts: Array<[number, number[]]>, offset: number) =>
  counts.find(([lotId]) => lotId === f.outdoor.id)?.[1][offset];

/** Two outdoor bookings from `start` to `end`, inserted, then given to the partner (a change the feed hears of). */
async function partnerBookings(partnerId: number, start: string, end: string) {
  const rows = await insertBookings(database.db, 2, {
    lotId: f.outdoor.id,
    start,
    end,
    created: clock.now(),
  });
  await database.db
    .update(bookings)
    .set({ partnerId })
    .where(
      inArray(
        bookings.id,
        rows.map((row) => row.id),
      ),
    );
  return rows;
}

describe('the places held for partners in the quotes held in memory', () => {
  it('counts a partner’s bookings against its allotment as a full reload does, without reading again', async () => {
    const { partner } = await createPartner(database.db);
    const { partner: without } = await createPartner(database.db);
    await database.db
      .insert(partnerAllotments)
      .values({ partnerId: partner.id, lotId: f.outdoor.id, places: 3, releaseHours: 24 });
    const before = await expectBothUpToDate();
    // Three held on day 5, none taken.
    expect(outdoorOn(before, 5)).toBe(3);
    const loads = [first.loads, second.loads];

    // Two of the partner's own bookings on days 4 to 6: taken, and no longer held (3 on those days in all).
    const mine = await partnerBookings(partner.id, day(4, '06:00:00'), day(6, '18:00:00'));
    expect(outdoorOn(await expectBothUpToDate(), 5)).toBe(3);
    // A third and a fourth: beyond its allotment, each takes an open place.
    const more = await partnerBookings(partner.id, day(5, '06:00:00'), day(5, '18:00:00'));
    expect(outdoorOn(await expectBothUpToDate(), 5)).toBe(4);
    // One cancelled, one moved, one handed to a partner without an allotment (then it holds the place again).
    await database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, more[0]?.id ?? 0));
    await expectBothUpToDate();
    await database.db
      .update(bookings)
      .set({ startDatetime: new Date(day(10, '06:00:00')), endDatetime: new Date(day(11, '06:00:00')) })
      .where(eq(bookings.id, mine[0]?.id ?? 0));
    await expectBothUpToDate();
    await database.db
      .update(bookings)
      .set({ partnerId: without.id })
      .where(eq(bookings.id, mine[1]?.id ?? 0));
    const after = await expectBothUpToDate();
    // Day 5: two taken (one of them the holder's, now within its allotment), two still held for it.
    expect(outdoorOn(after, 5)).toBe(4);
    expect([first.loads, second.loads]).toEqual(loads);

    // The allotment changed: read again, in both.
    await database.db
      .update(partnerAllotments)
      .set({ places: 1 })
      .where(eq(partnerAllotments.partnerId, partner.id));
    expect(outdoorOn(await expectBothUpToDate(), 5)).toBe(2);
    expect(first.loads).toBe((loads[0] ?? 0) + 1);
    await database.db.delete(partnerAllotments).where(eq(partnerAllotments.partnerId, partner.id));
    await expectBothUpToDate();
  });

  it('is not kept past the next release instant, even inside its 60 s', async () => {
    const { partner } = await createPartner(database.db);
    // Released 30 hours before each day: day 2's at 18:00 today (the clock is 09:00).
    await database.db
      .insert(partnerAllotments)
      .values({ partnerId: partner.id, lotId: f.outdoor.id, places: 5, releaseHours: 30 });
    const start = clock.current;
    try {
      clock.current = new Date(day(0, '17:59:30'));
      const heldBefore = outdoorOn(await expectBothUpToDate(), 2) ?? 0;
      const loads = first.loads;
      clock.current = new Date(day(0, '17:59:59'));
      expect(outdoorOn(await taken(first), 2)).toBe(heldBefore);
      expect(first.loads).toBe(loads);
      clock.current = new Date(day(0, '18:00:00'));
      const released = await taken(first);
      expect(first.loads).toBe(loads + 1);
      expect(outdoorOn(released, 2)).toBe(heldBefore - 5);
      // Day 3's are still held.
      expect(outdoorOn(released, 3)).toBe(outdoorOn(await expectBothUpToDate(), 3));
    } finally {
      clock.current = start;
      await database.db.delete(partnerAllotments).where(eq(partnerAllotments.partnerId, partner.id));
    }
  });
});
