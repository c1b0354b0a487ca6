import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, eachDate, startOfBusinessDay } from '@parking/domain/dates';
import { exceptionalDay, insertBookings, pricedLots } from '../test/pricing-fixtures';
import { createTestServer, type TestServer } from '../test/server';
import { loadLotPricing, loadQuoteData } from './pricing-data';
import { presentByDay } from './presence';

const TZ = 'Australia/Hobart';
let server: TestServer;
let lots: Awaited<ReturnType<typeof pricedLots>>;
const stays: Array<{
  lotId: number;
  start: Date;
  end: Date | null;
  status: 'pending' | 'complete' | 'cancelled';
  created: Date;
}> = [];

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  lots = await pricedLots(db);
  await exceptionalDay(db, '2026-12-24', [{ lotId: lots.indoor.id, surcharge: '15.00' }]);
  const now = server.clock.current.getTime();
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 300; i += 1) {
    const start = new Date(Date.UTC(2026, 11, 1) + Math.floor(random() * 40 * 24) * 3_600_000);
    const end =
      random() < 0.05 ? null : new Date(start.getTime() + (1 + Math.floor(random() * 10 * 24)) * 3_600_000);
    const status = random() < 0.1 ? 'cancelled' : random() < 0.1 ? 'pending' : 'complete';
    const created = new Date(now - Math.floor(random() * 90) * 60_000);
    stays.push({ lotId: random() < 0.3 ? lots.indoor.id : lots.outdoor.id, start, end, status, created });
  }
  // Boundaries: ending exactly at the first midnight of 10/12 (counts on 10/12), starting exactly
  // at the midnight after 12/12 (does not count on 12/12).
  stays.push({
    lotId: lots.indoor.id,
    start: new Date('2026-12-08T10:00:00+11:00'),
    end: startOfBusinessDay('2026-12-10', TZ),
    status: 'complete',
    created: new Date(now),
  });
  stays.push({
    lotId: lots.indoor.id,
    start: startOfBusinessDay('2026-12-13', TZ),
    end: new Date('2026-12-14T10:00:00+11:00'),
    status: 'complete',
    created: new Date(now),
  });
  for (const stay of stays) {
    await insertBookings(db, 1, {
      lotId: stay.lotId,
      start: stay.start.toISOString(),
      end: stay.end?.toISOString() ?? null,
      status: stay.status,
      created: stay.created,
    });
  }
});
afterAll(() => server.close());

/** The rule spelled out: present on a date when the stay's business dates cover it. */
function expected(lotId: number, startDate: string, endDate: string): number[] {
  const holdSince = server.clock.current.getTime() - 15 * 60_000;
  return eachDate(startDate, endDate).map(
    (date) =>
      stays.filter(
        (stay) =>
          stay.lotId === lotId &&
          (stay.status === 'complete' || (stay.status === 'pending' && stay.created.getTime() > holdSince)) &&
          businessDate(stay.start, TZ) <= date &&
          (stay.end === null || businessDate(stay.end, TZ) >= date),
      ).length,
  );
}

describe('cars present by day', () => {
  it.each([
    ['2026-12-10', '2026-12-12'],
    ['2026-12-01', '2026-12-01'],
    ['2026-11-25', '2027-01-20'],
    ['2026-12-15', '2026-12-29'],
    ['2027-02-01', '2027-02-03'],
  ])('%s to %s: presentByDay and loadQuoteData both follow the rule', async (startDate, endDate) => {
    const db = server.handle.db;
    const now = server.clock.now();
    const ids = [lots.indoor.id, lots.outdoor.id];
    const present = await presentByDay(db, ids, startDate, endDate, TZ, now);
    const quote = await loadQuoteData(db, [lots.indoor, lots.outdoor], startDate, endDate, TZ, now);
    for (const id of ids) {
      expect(present.get(id)).toEqual(expected(id, startDate, endDate));
      expect(quote.present.get(id)).toEqual(expected(id, startDate, endDate));
    }
    expect(quote.pricing).toEqual(await loadLotPricing(db, ids, startDate, endDate));
  });

  it('counts the boundary stays on the right dates', async () => {
    const present = await presentByDay(
      server.handle.db,
      [lots.indoor.id],
      '2026-12-10',
      '2026-12-12',
      TZ,
      server.clock.now(),
    );
    const withoutBoundaries = expected(lots.indoor.id, '2026-12-10', '2026-12-12');
    expect(present.get(lots.indoor.id)).toEqual(withoutBoundaries);
    // The stay ending at midnight is in the 10/12 count.
    const endingAtMidnight = stays.at(-2);
    expect(endingAtMidnight && businessDate(endingAtMidnight.end ?? new Date(0), TZ)).toBe('2026-12-10');
  });

  it('leaves out one booking when asked (a booking being moved does not count against itself)', async () => {
    const db = server.handle.db;
    const [extra] = await insertBookings(db, 1, {
      lotId: lots.outdoor.id,
      start: '2027-03-01T10:00:00+11:00',
      end: '2027-03-02T10:00:00+11:00',
      created: server.clock.now(),
    });
    if (!extra) throw new Error('no booking');
    const now = server.clock.now();
    const before = expected(lots.outdoor.id, '2027-03-01', '2027-03-02');
    expect(
      (await presentByDay(db, [lots.outdoor.id], '2027-03-01', '2027-03-02', TZ, now)).get(lots.outdoor.id),
    ).toEqual(before.map((n) => n + 1));
    expect(
      (await presentByDay(db, [lots.outdoor.id], '2027-03-01', '2027-03-02', TZ, now, extra.id)).get(
        lots.outdoor.id,
      ),
    ).toEqual(before);
  });

  it('answers only the open-ended stays far ahead, and nothing for no lots', async () => {
    const db = server.handle.db;
    const now = server.clock.now();
    const openEnded = stays.filter(
      (stay) => stay.lotId === lots.indoor.id && stay.end === null && stay.status === 'complete',
    ).length;
    expect(
      (await presentByDay(db, [lots.indoor.id], '2028-01-01', '2028-01-03', TZ, now)).get(lots.indoor.id),
    ).toEqual([openEnded, openEnded, openEnded]);
    expect((await presentByDay(db, [], '2028-01-01', '2028-01-03', TZ, now)).size).toBe(0);
    expect((await loadQuoteData(db, [], '2028-01-01', '2028-01-03', TZ, now)).present.size).toBe(0);
  });
});
