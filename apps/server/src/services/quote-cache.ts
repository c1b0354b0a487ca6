/**
 * Quotes from memory (the hottest read path: the home page and wizard step 1). One statement loads every
 * lot, its rate table, the exceptional-day surcharges and the cars present on each business day of the
 * next WINDOW_DAYS days (the same presence rule and SQL as the quote's own, pricing-data.ts), a second the
 * parking blockouts of those days (a quote tells the ones on its departure and return days); a quote for
 * dates inside that window is then priced and checked against the fill threshold without the database.
 *
 * What is held is dropped (services/held-snapshot.ts):
 * - on any committed change to bookings, lots, rates, exceptional days or blockouts, by anyone (the change feed:
 *   PostgreSQL LISTEN/NOTIFY across instances, in-process with PGlite);
 * - after a write this instance makes (one that commits, or succeeds: http/route.ts; never a refused junk
 *   POST or a read-only quote), so that its own next quote never waits for a notification;
 * - when a pending booking it counted stops holding its space (30 minutes after it was made), on a new
 *   business day, after TTL_MS as a safety net, and whenever the feed is down (then every quote reads the
 *   database, as before).
 * A load that overlapped a change is used for the requests that waited for it but not kept.
 *
 * The booking's save does not read this: it still checks capacity in the database, under its lock.
 */
import { asc, sql } from 'drizzle-orm';
import { addDaysToDate, businessDate, startOfBusinessDay, stayDays } from '@parking/domain/dates';
import type { BlockoutPeriod } from '@parking/domain/parking-blockouts';
import type { LotPricing } from '@parking/domain/pricing';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { lots } from '../db/schema/index';
import { parkingBlockoutsBetween } from './booking-rules';
import { HeldSnapshot, type HeldAnswers, type Loaded } from './held-snapshot';
import type { WrittenAnswer } from './written-answer';
import {
  PENDING_HOLD_MS,
  parseQuoteData,
  quoteDataSql,
  type LotRow,
  type QuoteDataJson,
} from './pricing-data';

const WINDOW_DAYS = 400;
const TTL_MS = 60_000;
/**
 * Answers kept from one snapshot, at most: 20,000 answers, each kept under two keys (the stay it prices and the
 * request that asked for it).
 */
const MAX_RESPONSES = 40_000;

interface QuoteData {
  lots: LotRow[];
  pricing: Map<number, LotPricing>;
  /** Cars present per lot on each day from the snapshot's business date, WINDOW_DAYS long. */
  present: Map<number, number[]>;
  /** The parking blockouts overlapping the window (drop-offs and pick-ups refused inside them). */
  blockouts: BlockoutPeriod[];
}

export interface CachedQuoteData {
  /** Every lot, in the lots list's order (name, id). */
  lots: LotRow[];
  pricing: Map<number, LotPricing>;
  /** Cars present per lot on each date of the stay. */
  present: Map<number, number[]>;
  /** The parking blockouts held (the whole window's: the quote keeps those of its days). */
  blockouts: readonly BlockoutPeriod[];
  /**
   * Responses written from this same data, by the caller's key (at most MAX_RESPONSES): the same stay asked
   * again is answered without pricing it again. Dropped with the data.
   */
  responses: HeldAnswers<WrittenAnswer>;
}

export class QuoteCache {
  /** Held per business date: a new day drops it. */
  private readonly held: HeldSnapshot<QuoteData, WrittenAnswer>;

  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    feed: ChangeFeed,
  ) {
    this.held = new HeldSnapshot({
      feed,
      maxAnswers: MAX_RESPONSES,
      read: (now, today) => this.read(now, today),
    });
  }

  /** Loads from the database, for the benchmark's log and the tests. */
  get loads(): number {
    return this.held.loads;
  }

  /** Drops what is held; a load in flight is not kept. */
  invalidate(): void {
    this.held.invalidate();
  }

  close(): void {
    this.held.close();
  }

  /**
   * The answers written from the data held for today at `now` (loaded first when need be), or undefined when the
   * database must answer: a request already answered from this data is answered again before anything is parsed.
   */
  async answers(now: Date): Promise<HeldAnswers<WrittenAnswer> | undefined> {
    return (await this.held.get(now, businessDate(now, this.timeZone)))?.answers;
  }

  /** The quote data for startDate..endDate at `now`, or undefined when the database must answer. */
  async lookup(now: Date, startDate: string, endDate: string): Promise<CachedQuoteData | undefined> {
    const today = businessDate(now, this.timeZone);
    const days = stayDays(startDate, endDate);
    const offset = stayDays(today, startDate) - 1;
    if (days < 1 || offset < 0 || offset + days > WINDOW_DAYS) return undefined;
    const held = await this.held.get(now, today);
    if (!held) return undefined;
    const data = held.value;
    const present = new Map<number, number[]>();
    for (const [lotId, counts] of data.present) present.set(lotId, counts.slice(offset, offset + days));
    return {
      lots: data.lots,
      pricing: data.pricing,
      present,
      blockouts: data.blockouts,
      responses: held.answers,
    };
  }

  private async read(now: Date, today: string): Promise<Loaded<QuoteData>> {
    const last = addDaysToDate(today, WINDOW_DAYS - 1);
    const holdSince = new Date(now.getTime() - PENDING_HOLD_MS);
    const rows = await this.db
      .select({
        lot: lots,
        data: quoteDataSql(sql`(SELECT id FROM lots)`, today, last, this.timeZone, now),
        // The soonest hold to lapse: an unpaid booking's, or the added days of a change awaiting its payment.
        oldestHeld: sql<string | Date | null>`least(
          (SELECT min(created) FROM bookings WHERE status = 'pending' AND created > ${holdSince.toISOString()}::timestamptz),
          (SELECT min(created) FROM booking_changes WHERE status = 'awaiting_payment' AND created > ${holdSince.toISOString()}::timestamptz))`,
        // The soonest waitlist hold to lapse (services/waitlist.ts): its place is free again then.
        nextHoldLapse: sql<
          string | Date | null
        >`(SELECT min(hold_expires_at) FROM waitlist_entries WHERE status = 'offered' AND hold_expires_at > ${now.toISOString()}::timestamptz)`,
      })
      .from(lots)
      .orderBy(asc(lots.name), asc(lots.id));
    const lotRows = rows.map((row) => row.lot);
    const { pricing, present } = parseQuoteData(
      lotRows,
      rows[0]?.data as QuoteDataJson | string | undefined,
      today,
      last,
    );
    const blockouts = await parkingBlockoutsBetween(
      this.db,
      startOfBusinessDay(today, this.timeZone),
      startOfBusinessDay(addDaysToDate(last, 1), this.timeZone),
    );
    const oldestHeld = rows[0]?.oldestHeld;
    const nextHoldLapse = rows[0]?.nextHoldLapse;
    const releases = Math.min(
      oldestHeld ? new Date(oldestHeld).getTime() + PENDING_HOLD_MS : Infinity,
      nextHoldLapse ? new Date(nextHoldLapse).getTime() : Infinity,
    );
    return {
      value: { lots: lotRows, pricing, present, blockouts },
      validUntil: Math.min(now.getTime() + TTL_MS, releases),
    };
  }
}
