/**
 * Quotes from memory (the hottest read path: the home page and wizard step 1). One statement loads every
 * lot, its rate table, the exceptional-day surcharges and the cars present on each business day of the
 * next WINDOW_DAYS days (the same presence rule and SQL as the quote's own, pricing-data.ts), a second the
 * parking blockouts of those days (a quote tells the ones on its departure and return days); a quote for
 * dates inside that window is then priced and checked against the fill threshold without the database.
 *
 * What is held is dropped:
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
import {
  PENDING_HOLD_MS,
  parseQuoteData,
  quoteDataSql,
  type LotRow,
  type QuoteDataJson,
} from './pricing-data';

const WINDOW_DAYS = 400;
const TTL_MS = 60_000;

interface Snapshot {
  today: string;
  loadedAt: number;
  validUntil: number;
  lots: LotRow[];
  pricing: Map<number, LotPricing>;
  /** Cars present per lot on each day from `today`, WINDOW_DAYS long. */
  present: Map<number, number[]>;
  /** The parking blockouts overlapping the window (drop-offs and pick-ups refused inside them). */
  blockouts: BlockoutPeriod[];
  /** Whole responses already written from this snapshot (see CachedQuoteData.responses). */
  responses: Map<string, string>;
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
  responses: {
    get(key: string): string | undefined;
    set(key: string, body: string): void;
  };
}

const MAX_RESPONSES = 20_000;

export class QuoteCache {
  private generation = 0;
  private snapshot: Snapshot | undefined;
  private loading: { generation: number; today: string; at: number; promise: Promise<Snapshot> } | undefined;
  private readonly unsubscribe: () => void;
  /** Loads from the database, for the benchmark's log and the tests. */
  loads = 0;

  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    private readonly feed: ChangeFeed,
  ) {
    this.unsubscribe = feed.subscribe(() => this.invalidate());
  }

  /** Drops what is held; a load in flight is not kept. */
  invalidate(): void {
    this.generation += 1;
    this.snapshot = undefined;
    this.loading = undefined;
  }

  close(): void {
    this.unsubscribe();
    this.invalidate();
  }

  /** The quote data for startDate..endDate at `now`, or undefined when the database must answer. */
  async lookup(now: Date, startDate: string, endDate: string): Promise<CachedQuoteData | undefined> {
    if (!this.feed.live) return undefined;
    const today = businessDate(now, this.timeZone);
    const days = stayDays(startDate, endDate);
    const offset = stayDays(today, startDate) - 1;
    if (days < 1 || offset < 0 || offset + days > WINDOW_DAYS) return undefined;
    const at = now.getTime();
    const fresh = (snapshot: Snapshot | undefined): snapshot is Snapshot =>
      !!snapshot && snapshot.today === today && snapshot.loadedAt <= at && at < snapshot.validUntil;
    let snapshot = this.snapshot;
    if (!fresh(snapshot)) {
      snapshot = await this.load(now, today);
      if (!fresh(snapshot)) return undefined;
    }
    const present = new Map<number, number[]>();
    for (const [lotId, counts] of snapshot.present) present.set(lotId, counts.slice(offset, offset + days));
    const { responses } = snapshot;
    return {
      lots: snapshot.lots,
      pricing: snapshot.pricing,
      present,
      blockouts: snapshot.blockouts,
      responses: {
        get: (key) => responses.get(key),
        set: (key, body) => {
          if (responses.size < MAX_RESPONSES) responses.set(key, body);
        },
      },
    };
  }

  private load(now: Date, today: string): Promise<Snapshot> {
    const at = now.getTime();
    const current = this.loading;
    if (current && current.generation === this.generation && current.today === today && current.at <= at)
      return current.promise;
    const generation = this.generation;
    const promise = this.read(now, today).then((snapshot) => {
      if (this.generation === generation) this.snapshot = snapshot;
      if (this.loading?.promise === promise) this.loading = undefined;
      return snapshot;
    });
    promise.catch(() => {
      if (this.loading?.promise === promise) this.loading = undefined;
    });
    this.loading = { generation, today, at, promise };
    return promise;
  }

  private async read(now: Date, today: string): Promise<Snapshot> {
    this.loads += 1;
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
      today,
      loadedAt: now.getTime(),
      validUntil: Math.min(now.getTime() + TTL_MS, releases),
      lots: lotRows,
      pricing,
      present,
      blockouts,
      responses: new Map(),
    };
  }
}
