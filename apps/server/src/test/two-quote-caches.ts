/**
 * Two instances' quotes held in memory on one database (test/held-instances.ts), each with its own change feed, and
 * the booking fixtures: what the held quotes' tests bring up to date and compare with a full reload.
 */
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
    async close() {
      first.close();
      second.close();
      for (const feed of feeds) await feed.close();
      await instances.close();
    },
  };
}
