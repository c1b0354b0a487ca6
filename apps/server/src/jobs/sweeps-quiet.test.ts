/**
 * The minute-by-minute sweeps (payment-sweep's abandoned holds, waitlist-sweep's lapsed offers) usually find
 * nothing to do. An UPDATE of no rows still fires its table's statement trigger, and that change notification
 * makes every instance drop the quotes and extras it holds (a reload of 400 days of presence on the next quote):
 * a sweep with nothing to do must announce nothing. The feed itself is shown working by a real change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed';
import { lots } from '../db/schema/index';
import { abandonStaleBookings } from '../payments/payment-reconcile';
import { lapseHolds } from '../waitlist/waitlist';
import { bookingFixtures } from '../test/booking-fixtures';
import { createTestDatabase } from '../test/server';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;
const announced: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await bookingFixtures(database.db);
  feed = await openChangeFeed(database, database.url);
  feed.subscribe((table) => announced.push(table));
  await feed.sync();
});
afterAll(async () => {
  await feed.close();
  await database.drop();
});

/** What the feed announced while `work` ran (every notification committed before it delivered). */
async function announcedDuring(work: () => Promise<unknown>): Promise<string[]> {
  await feed.sync();
  announced.length = 0;
  await work();
  await feed.sync();
  return [...announced];
}

describe('sweeps with nothing to do', () => {
  it('abandon no booking and lapse no hold without announcing a change', async () => {
    const now = new Date();
    expect(await announcedDuring(() => abandonStaleBookings(database.db, now))).toEqual([]);
    expect(await announcedDuring(() => lapseHolds(database.db, now))).toEqual([]);
  });

  it('the feed announces a real change (the check above can fail)', async () => {
    const [lot] = await database.db.select({ id: lots.id, name: lots.name }).from(lots).limit(1);
    if (!lot) throw new Error('no lot');
    expect(
      await announcedDuring(() =>
        database.db.update(lots).set({ name: lot.name }).where(eq(lots.id, lot.id)),
      ),
    ).toContain('lots');
  });
});
