/**
 * The change feed's notifications of bookings (migration 0015): the rows a statement changed and its
 * transaction, or the table's name alone for a statement of many rows; and sync() answering every caller, many
 * at once, only once what was committed before each call has been delivered.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from './schema/index';
import { openChangeFeed, type ChangeFeed } from './change-feed';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBookings } from '../test/pricing-fixtures';
import { createTestDatabase } from '../test/server';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;
let f: Fixtures;
const heard: Array<{ table: string; detail: string | undefined }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  f = await bookingFixtures(database.db);
  feed = await openChangeFeed(database, database.url);
  feed.subscribe((table, detail) => heard.push({ table, detail }));
});
afterAll(async () => {
  await feed.close();
  await database.drop();
});

/** What was heard of the bookings since the last call, once every commit so far has been delivered. */
async function bookingNotices() {
  await feed.sync();
  const notices = heard.filter((notice) => notice.table === 'bookings');
  heard.length = 0;
  return notices.map(({ detail }) => (detail === undefined ? undefined : (JSON.parse(detail) as unknown)));
}

const micros = (iso: string) => Date.parse(iso) * 1000;

describe('bookings on the change feed', () => {
  it('tell the rows a statement changed, as they were and as they are, and the transaction', async () => {
    await bookingNotices();
    const created = new Date('2026-11-21T09:00:00.123456+11:00');
    const [row] = await insertBookings(database.db, 1, {
      lotId: f.outdoor.id,
      start: '2026-12-01T06:00:00+11:00',
      end: '2026-12-03T18:30:00+11:00',
      status: 'pending',
      created,
    });
    if (!row) throw new Error('row');
    const [inserted] = await bookingNotices();
    expect(inserted).toEqual({
      x: expect.stringMatching(/^\d+$/) as unknown,
      r: [
        [
          1,
          f.outdoor.id,
          micros('2026-12-01T06:00:00+11:00'),
          micros('2026-12-03T18:30:00+11:00'),
          'pending',
          created.getTime() * 1000,
          null,
        ],
      ],
    });

    // A column presence does not read: no row; the stay ended open: as it was and as it is.
    await database.db.update(bookings).set({ rego: 'ABC123' }).where(eq(bookings.id, row.id));
    await database.db.update(bookings).set({ endDatetime: null }).where(eq(bookings.id, row.id));
    const [unchanged, opened] = await bookingNotices();
    expect(unchanged).toEqual({ x: expect.stringMatching(/^\d+$/) as unknown, r: [] });
    expect((opened as { r: unknown[] }).r).toEqual([
      [
        -1,
        f.outdoor.id,
        micros('2026-12-01T06:00:00+11:00'),
        micros('2026-12-03T18:30:00+11:00'),
        'pending',
        created.getTime() * 1000,
        null,
      ],
      [1, f.outdoor.id, micros('2026-12-01T06:00:00+11:00'), null, 'pending', created.getTime() * 1000, null],
    ]);

    await database.db.delete(bookings).where(eq(bookings.id, row.id));
    const [deleted] = await bookingNotices();
    expect((deleted as { r: unknown[] }).r).toEqual([
      [
        -1,
        f.outdoor.id,
        micros('2026-12-01T06:00:00+11:00'),
        null,
        'pending',
        created.getTime() * 1000,
        null,
      ],
    ]);
  });

  it('name the table alone for a statement of many rows', async () => {
    await bookingNotices();
    await insertBookings(database.db, 41, {
      lotId: f.indoor.id,
      start: '2026-12-05T06:00:00+11:00',
      end: '2026-12-06T06:00:00+11:00',
      created: new Date(),
    });
    await database.db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE lot_id = ${f.indoor.id}`);
    expect(await bookingNotices()).toEqual([undefined, undefined]);
  });

  it('sync() answers many callers at once, each after what was committed before it', async () => {
    await bookingNotices();
    const syncs: Array<Promise<number>> = [];
    for (let i = 0; i < 5; i++) {
      await insertBookings(database.db, 1, {
        lotId: f.outdoor.id,
        start: '2026-12-10T06:00:00+11:00',
        end: '2026-12-11T06:00:00+11:00',
        created: new Date(),
      });
      // When it answers, the notices of the i + 1 bookings made before it have come.
      syncs.push(feed.sync().then(() => heard.filter((notice) => notice.table === 'bookings').length));
    }
    const counts = await Promise.all(syncs);
    counts.forEach((count, i) => expect(count).toBeGreaterThanOrEqual(i + 1));
  });
});
