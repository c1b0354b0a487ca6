/**
 * Quotes from memory (the hottest read path: the home page and wizard step 1). One statement loads every
 * lot, its rate table, the exceptional-day surcharges and the cars present on each business day of the
 * next WINDOW_DAYS days (the same presence rule and SQL as the quote's own, pricing-data.ts), a second the
 * parking blockouts of those days (a quote tells the ones on its departure and return days); a quote for
 * dates inside that window is then priced and checked against the fill threshold without the database.
 *
 * What is held is kept up to date (pricing/held-snapshot.ts):
 * - a booking written by anyone (the change feed: PostgreSQL LISTEN/NOTIFY across instances, in-process with
 *   PGlite) is applied to the cars present: migration 0015's triggers tell the rows a statement changed (each as
 *   it was and as it is now: lot, stay, status, creation) and the writing transaction, and each row is counted
 *   out and in by the same rule and the same business-day bounds as the load's SQL (presenceSpansSql), so that
 *   the result equals a full reload. A change whose transaction the load's own snapshot already saw
 *   (pg_current_snapshot(), read in the load's statement) is skipped: it is in what was read;
 * - it is dropped on any other committed change: to lots, rates, exceptional days, blockouts, the changes and
 *   waitlist holds, and a bookings statement of many rows (the trigger then names the table only);
 * - after a write this instance makes (one that commits, or succeeds: http/route.ts; never a refused junk
 *   POST or a read-only quote), its next quotes wait until the feed has delivered the write's change;
 * - when a pending booking it counted stops holding its space (PENDING_HOLD_MS after it was made), on a new
 *   business day, after TTL_MS as a safety net, and whenever the feed is down (then every quote reads the
 *   database, as before).
 * A load that overlapped a dropping change is used for the requests that waited for it but not kept.
 *
 * The booking's save does not read this: it still checks capacity in the database, under its lock.
 */
import { PENDING_HOLD_MS, PLACE_TAKING, takesPlace } from '@parking/domain/capacity';
import { asc, sql } from 'drizzle-orm';
import { addDaysToDate, businessDate, startOfBusinessDay, stayDays } from '@parking/domain/dates';
import type { BlockoutPeriod } from '@parking/domain/parking-blockouts';
import type { LotPricing } from '@parking/domain/pricing';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { lots } from '../db/schema/index';
import { parkingBlockoutsBetween } from '../catalogue/blockout-queries';
import { HeldSnapshot, type ChangeOutcome, type HeldAnswers, type Loaded } from './held-snapshot';
import type { WrittenAnswer } from './written-answer';
import { parseQuoteData, quoteDataSql, type LotRow, type QuoteDataJson } from './pricing-data';
import { businessDayBounds } from './presence';

const WINDOW_DAYS = 400;
const TTL_MS = 60_000;
/**
 * Answers kept from one snapshot, at most: GET quotes/ keeps an answer under two keys (the stay it prices and the
 * request that asked for it), POST booking-quotes/ under the document's text alone.
 */
const MAX_RESPONSES = 40_000;

/** What is held: also the type applyBookingRows updates. */
export interface HeldQuoteData {
  lots: LotRow[];
  pricing: Map<number, LotPricing>;
  /** Cars present per lot on each day from the snapshot's business date, WINDOW_DAYS long. */
  present: Map<number, number[]>;
  /** The parking blockouts overlapping the window (drop-offs and pick-ups refused inside them). */
  blockouts: BlockoutPeriod[];
  /** The first instant of each day of the window and of the day after, in µs since the epoch. */
  bounds: number[];
  /** The transactions whose changes the load saw (its statement's snapshot). */
  seen: TransactionSnapshot;
}

/** pg_current_snapshot(): xmin, xmax and the transactions in progress. */
interface TransactionSnapshot {
  xmin: bigint;
  xmax: bigint;
  inProgress: Set<bigint>;
}

function parseTransactionSnapshot(text: string): TransactionSnapshot {
  const [xmin = '0', xmax = '0', list = ''] = text.split(':');
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    inProgress: new Set(list === '' ? [] : list.split(',').map((xid) => BigInt(xid))),
  };
}

/** Whether a committed transaction's changes are in what a statement with this snapshot read. */
function sawTransaction(snapshot: TransactionSnapshot, xid: bigint): boolean {
  return xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.inProgress.has(xid));
}

/** A row of migration 0015's detail: [sign, lot, start µs, end µs or null, status, created µs]. */
type ChangedRow = [
  sign: number,
  lotId: number,
  start: number,
  end: number | null,
  status: string,
  created: number,
];

function parseBookingRows(detail: string): { xid: bigint; rows: ChangedRow[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { x, r } = parsed as { x?: unknown; r?: unknown };
  if (typeof x !== 'string' || !/^\d+$/.test(x) || !Array.isArray(r)) return undefined;
  const rows: ChangedRow[] = [];
  for (const row of r as unknown[]) {
    if (!Array.isArray(row) || row.length !== 6) return undefined;
    const [sign, lotId, start, end, status, created] = row as unknown[];
    if (
      (sign !== 1 && sign !== -1) ||
      typeof lotId !== 'number' ||
      typeof start !== 'number' ||
      (end !== null && typeof end !== 'number') ||
      typeof status !== 'string' ||
      typeof created !== 'number'
    )
      return undefined;
    rows.push([sign, lotId, start, end, status, created]);
  }
  return { xid: BigInt(x), rows };
}

/** How many of the sorted `bounds` are at or before `instant`: PostgreSQL's width_bucket(instant, bounds). */
function widthBucket(instant: number, bounds: readonly number[]): number {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((bounds[middle] ?? Infinity) <= instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The held data after a bookings statement (migration 0015's detail): each row counted out (as it was) and in
 * (as it is now) by presenceSpansSql's rule, with the hold of a pending booking counted from the load's instant
 * (the snapshot is valid no longer than the soonest counted hold: see QuoteCache.read).
 */
export function applyBookingRows(
  held: Loaded<HeldQuoteData> & { loadedAt: number },
  detail: string | undefined,
): ChangeOutcome<HeldQuoteData> {
  const change = detail === undefined ? undefined : parseBookingRows(detail);
  if (!change) return 'drop';
  const data = held.value;
  if (sawTransaction(data.seen, change.xid)) return 'kept';
  const { bounds } = data;
  const days = bounds.length - 1;
  // Copied on write: requests may be using the held arrays.
  const present = new Map(data.present);
  const copied = new Set<number>();
  let validUntil = held.validUntil;
  for (const [sign, lotId, start, end, status, created] of change.rows) {
    // created is in microseconds.
    if (!takesPlace(status, created / 1000, held.loadedAt)) continue;
    const pending = status !== PLACE_TAKING.always;
    let counts = present.get(lotId);
    if (!counts) continue;
    if (start >= (bounds[days] ?? -Infinity) || (end !== null && end < (bounds[0] ?? Infinity))) continue;
    const first = Math.max(widthBucket(start, bounds) - 1, 0);
    const last = Math.min(end === null ? days - 1 : widthBucket(end, bounds) - 1, days - 1);
    if (first > last) continue;
    // A hold counted in lapses: the snapshot must not outlive it (as the load's own oldest hold).
    if (pending && sign > 0) validUntil = Math.min(validUntil, Math.floor(created / 1000) + PENDING_HOLD_MS);
    if (!copied.has(lotId)) {
      counts = counts.slice();
      copied.add(lotId);
      present.set(lotId, counts);
    }
    for (let day = first; day <= last; day++) counts[day] = (counts[day] ?? 0) + sign;
  }
  if (copied.size === 0 && validUntil === held.validUntil) return 'kept';
  return { value: { ...data, present }, validUntil };
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
  private readonly held: HeldSnapshot<HeldQuoteData, WrittenAnswer>;

  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    feed: ChangeFeed,
  ) {
    this.held = new HeldSnapshot({
      feed,
      maxAnswers: MAX_RESPONSES,
      read: (now, today) => this.read(now, today),
      change: (held, table, detail) => (table === 'bookings' ? applyBookingRows(held, detail) : 'drop'),
    });
  }

  /** Changes applied to what is held (instead of dropping it), for the tests. */
  get updates(): number {
    return this.held.updates;
  }

  /** After a write this instance made: its next quotes wait until the change feed has delivered it. */
  afterWrite(): void {
    this.held.afterWrite();
  }

  /** Loads from the database, for the benchmark's log and the tests. */
  get loads(): number {
    return this.held.loads;
  }

  /** Quotes answered from memory (hits) or left to the database (misses), and the loads: the metrics read them. */
  private readonly counts = { hits: 0, misses: 0 };
  get lookups(): { hits: number; misses: number; loads: number } {
    return { ...this.counts, loads: this.held.loads };
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
    const answers = (await this.held.get(now, businessDate(now, this.timeZone)))?.answers;
    if (!answers) return undefined;
    // An answer found is a quote answered from memory; one not found goes on to lookup, which counts it.
    return {
      get: (key) => {
        const answer = answers.get(key);
        if (answer !== undefined) this.counts.hits += 1;
        return answer;
      },
      set: (key, answer) => answers.set(key, answer),
    };
  }

  /** The quote data for startDate..endDate at `now`, or undefined when the database must answer. */
  async lookup(now: Date, startDate: string, endDate: string): Promise<CachedQuoteData | undefined> {
    const today = businessDate(now, this.timeZone);
    const days = stayDays(startDate, endDate);
    const offset = stayDays(today, startDate) - 1;
    const held =
      days < 1 || offset < 0 || offset + days > WINDOW_DAYS ? undefined : await this.held.get(now, today);
    this.counts[held ? 'hits' : 'misses'] += 1;
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

  private async read(now: Date, today: string): Promise<Loaded<HeldQuoteData>> {
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
        // The soonest waitlist hold to lapse (waitlist/waitlist.ts): its place is free again then.
        nextHoldLapse: sql<
          string | Date | null
        >`(SELECT min(hold_expires_at) FROM waitlist_entries WHERE status = 'offered' AND hold_expires_at > ${now.toISOString()}::timestamptz)`,
        // The statement's snapshot: the bookings' changes it already saw are skipped when announced.
        seen: sql<string>`pg_current_snapshot()::text`,
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
    const bounds = businessDayBounds(today, last, this.timeZone).map((instant) => Date.parse(instant) * 1000);
    return {
      value: {
        lots: lotRows,
        pricing,
        present,
        blockouts,
        bounds,
        seen: parseTransactionSnapshot(rows[0]?.seen ?? '0:0:'),
      },
      validUntil: Math.min(now.getTime() + TTL_MS, releases),
    };
  }
}
