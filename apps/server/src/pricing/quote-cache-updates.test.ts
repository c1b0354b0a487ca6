/**
 * The quotes' held presence brought up to date from the bookings' notifications (migration 0015,
 * applyBookingRows) equals, day by day and lot by lot, what a full reload reads: after a booking made,
 * cancelled, moved, moved to the other lot, paid, left open-ended or deleted, in one instance and in a second
 * one on the same database (its own change feed), without reading again. A statement of many rows reads again.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import { loadConfig } from '../config/config';
import type { ChangeFeed } from '../db/change-feed';
import { bookings } from '../db/schema/index';
import type { Fixtures } from '../test/booking-fixtures';
import type { TestDatabase } from '../test/held-instances';
import { twoQuoteCaches, type TwoQuoteCaches } from '../test/two-quote-caches';
import { insertBookings } from '../test/pricing-fixtures';
import type { Clock } from '../test/server';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { QuoteCache, applyBookingRows, type HeldQuoteData } from './quote-cache';

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

/** Every lot's cars present on each day of the held window (400 days from today). */
const presence = (cache: QuoteCache) => caches.takenByLot(cache, 400);

/** What a full load reads now. */
async function reloaded(): Promise<Array<[number, number[]]>> {
  const fresh = new QuoteCache(database.db, timeZone, feeds[0] as ChangeFeed);
  try {
    return await presence(fresh);
  } finally {
    fresh.close();
  }
}

/** Both instances, once every change committed so far has reached them, hold what a full load reads. */
async function expectBothUpToDate() {
  for (const feed of feeds) await feed.sync();
  const expected = await reloaded();
  expect(await presence(first)).toEqual(expected);
  expect(await presence(second)).toEqual(expected);
  return expected;
}

const day = (date: string, time: string) => `${date}T${time}+11:00`;
const setRows = async (ids: number[], values: Partial<typeof bookings.$inferInsert>) =>
  database.db.update(bookings).set(values).where(inArray(bookings.id, ids));

describe('held presence brought up to date from the bookings notifications', () => {
  it('equals a full reload after each kind of change, in both instances, without reading again', async () => {
    const today = businessDate(clock.now(), timeZone);
    const initial = await expectBothUpToDate();
    const loads = [first.loads, second.loads];
    const updates = first.updates;
    const on = (offset: number) => addDaysToDate(today, offset);

    // Made: complete and pending, one day and several, one across the window's first day (started yesterday).
    const [a] = await insertBookings(database.db, 1, {
      lotId: f.outdoor.id,
      start: day(on(3), '06:00:00'),
      end: day(on(5), '18:30:00'),
      created: clock.now(),
    });
    const pending = await insertBookings(database.db, 2, {
      lotId: f.indoor.id,
      start: day(on(4), '08:00:00'),
      end: day(on(4), '20:00:00'),
      status: 'pending',
      created: clock.now(),
    });
    const [across] = await insertBookings(database.db, 1, {
      lotId: f.outdoor.id,
      start: day(on(-1), '10:00:00'),
      end: day(on(1), '09:00:00'),
      created: clock.now(),
    });
    // Ends exactly at a midnight (counted on the day it starts), and one past the window's end.
    const [midnight] = await insertBookings(database.db, 1, {
      lotId: f.outdoor.id,
      start: day(on(10), '06:00:00'),
      end: day(on(12), '00:00:00'),
      created: clock.now(),
    });
    const [far] = await insertBookings(database.db, 1, {
      lotId: f.indoor.id,
      start: day(on(395), '06:00:00'),
      end: day(on(410), '06:00:00'),
      created: clock.now(),
    });
    // A pending booking whose hold lapsed before the load is not counted, now or when it changes.
    const [lapsed] = await insertBookings(database.db, 1, {
      lotId: f.outdoor.id,
      start: day(on(3), '06:00:00'),
      end: day(on(4), '06:00:00'),
      status: 'pending',
      created: new Date(clock.now().getTime() - PENDING_HOLD_MS - 1000),
    });
    if (!a || !across || !midnight || !far || !lapsed || pending.length !== 2) throw new Error('rows');
    const made = await expectBothUpToDate();
    expect(made).not.toEqual(initial);

    // Cancelled; moved; moved to the other lot; paid; left open-ended; the lapsed one's stay moved.
    await setRows([a.id], { status: 'cancelled' });
    await expectBothUpToDate();
    await setRows([midnight.id], {
      startDatetime: new Date(day(on(20), '06:00:00')),
      endDatetime: new Date(day(on(22), '23:59:59')),
    });
    await expectBothUpToDate();
    await setRows([across.id], { lotId: f.indoor.id });
    await expectBothUpToDate();
    await setRows(
      pending.map((row) => row.id),
      { status: 'complete' },
    );
    await expectBothUpToDate();
    await setRows([far.id], { endDatetime: null });
    await expectBothUpToDate();
    await setRows([lapsed.id], {
      startDatetime: new Date(day(on(30), '06:00:00')),
      endDatetime: new Date(day(on(31), '06:00:00')),
    });
    await expectBothUpToDate();
    // A change to a column presence does not read changes nothing (not even the answers held).
    const kept = first.updates;
    await setRows([midnight.id], { rego: 'ABC123' });
    await expectBothUpToDate();
    expect(first.updates).toBe(kept);

    // Several statements in one transaction.
    await database.db.transaction(async (tx) => {
      const [inserted] = await insertBookings(tx, 3, {
        lotId: f.outdoor.id,
        start: day(on(40), '06:00:00'),
        end: day(on(41), '06:00:00'),
        created: clock.now(),
      });
      if (!inserted) throw new Error('row');
      await tx.update(bookings).set({ lotId: f.indoor.id }).where(eq(bookings.id, inserted.id));
    });
    await expectBothUpToDate();

    // None of it was read again: each change was applied.
    expect([first.loads, second.loads]).toEqual(loads);
    expect(first.updates - updates).toBeGreaterThanOrEqual(10);

    // Deleted (an admin's): the delete cascades to the changes awaiting payment, whose notice drops what is
    // held; read again, it is the same.
    await database.db
      .delete(bookings)
      .where(inArray(bookings.id, [a.id, across.id, ...pending.map((row) => row.id)]));
    await expectBothUpToDate();
  });

  it('a statement changing many rows is read again, and equals a full reload', async () => {
    const today = businessDate(clock.now(), timeZone);
    await expectBothUpToDate();
    const loads = first.loads;
    await insertBookings(database.db, 50, {
      lotId: f.outdoor.id,
      start: day(addDaysToDate(today, 60), '06:00:00'),
      end: day(addDaysToDate(today, 62), '06:00:00'),
      created: clock.now(),
    });
    await expectBothUpToDate();
    expect(first.loads).toBe(loads + 1);
    // An update of many rows, as the abandon job's.
    await database.db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE lot_id = ${f.outdoor.id}`);
    await expectBothUpToDate();
    expect(first.loads).toBe(loads + 2);
  });

  it('a change the load already saw (its transaction in the load snapshot) is not counted twice', () => {
    const held: HeldQuoteData = {
      lots: [],
      pricing: new Map(),
      present: new Map([[1, [0, 0, 0]]]),
      blockouts: [],
      bounds: [0, 86_400e6, 2 * 86_400e6, 3 * 86_400e6],
      seen: { xmin: 100n, xmax: 110n, inProgress: new Set([105n]) },
      firstDate: '2026-11-21',
      timeZone,
      holds: { allotments: new Map(), taken: new Map() },
      held: new Map(),
      stopSells: [],
    };
    const snapshot = { value: held, loadedAt: 0, validUntil: 60_000 };
    const row = (xid: number) =>
      JSON.stringify({ x: String(xid), r: [[1, 1, 86_400e6 + 1, 86_400e6 * 2, 'complete', 0]] });
    // Committed before the load's snapshot: already read.
    expect(applyBookingRows(snapshot, row(99))).toBe('kept');
    expect(applyBookingRows(snapshot, row(104))).toBe('kept');
    // In progress then, or begun after it: applied.
    for (const xid of [105, 110, 120]) {
      const outcome = applyBookingRows(snapshot, row(xid));
      if (outcome === 'kept' || outcome === 'drop') throw new Error(`xid ${xid}: ${outcome}`);
      expect(outcome.value.present.get(1)).toEqual([0, 1, 1]);
    }
    // The held arrays are never changed in place (requests may be reading them).
    expect(held.present.get(1)).toEqual([0, 0, 0]);
    // A detail it cannot read drops what is held.
    expect(applyBookingRows(snapshot, undefined)).toBe('drop');
    expect(applyBookingRows(snapshot, '{"x":"1","r":[[2]]}')).toBe('drop');
  });
});
