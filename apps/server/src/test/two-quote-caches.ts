/**
 * Two instances' quotes held in memory on one database (test/held-instances.ts), each with its own change feed, and
 * the booking fixtures: what the held quotes' tests bring up to date and compare with a full reload.
 */
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed';
import { QuoteCache } from '../pricing/quote-cache';
import { bookingFixtures, type Fixtures } from './booking-fixtures';
import { heldInstances, type TestDatabase } from './held-instances';
import type { Clock } from './server';

export interface TwoQuoteCaches {
  database: TestDatabase;
  clock: Clock;
  f: Fixtures;
  feeds: ChangeFeed[];
  first: QuoteCache;
  second: QuoteCache;
  /** What `cache` holds as taken in every lot on each of `days` days from today, by lot: comparable with toEqual. */
  takenByLot(cache: QuoteCache, days: number): Promise<Array<[number, number[]]>>;
  close(): Promise<void>;
}

export async function twoQuoteCaches(timeZone: string): Promise<TwoQuoteCaches> {
  const instances = await heldInstances();
  const { database, clock } = instances;
  const f = await bookingFixtures(database.db);
  const feeds = [await openChangeFeed(database, database.url), await openChangeFeed(database, database.url)];
  const first = new QuoteCache(database.db, timeZone, feeds[0] as ChangeFeed);
  const second = new QuoteCache(database.db, timeZone, feeds[1] as ChangeFeed);
  return {
    database,
    clock,
    f,
    feeds,
    first,
    second,
    async takenByLot(cache, days) {
      const now = clock.now();
      const today = businessDate(now, timeZone);
      const held = await cache.lookup(now, today, addDaysToDate(today, days - 1));
      if (!held) throw new Error('nothing held');
      return [...held.present.entries()].sort(([a], [b]) => a - b);
    },
    async close() {
      first.close();
      second.close();
      for (const feed of feeds) await feed.close();
      await instances.close();
    },
  };
}
