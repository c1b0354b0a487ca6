/**
 * Quotes from memory (the hottest read path: the home page and wizard step 1). One statement loads every
 * lot, its rate table, the exceptional-day surcharges, the cars present on each business day of the
 * next WINDOW_DAYS days (the same presence rule and SQL as the quote's own, pricing-data.ts) and the partners'
 * allotments with their own bookings (pricing/partner-holds.ts), a second the parking blockouts of those days (a
 * quote tells the ones on its departure and return days); a quote for dates inside that window is then priced
 * and checked against the fill threshold without the database, the places still held for partners counted as
 * taken. The partner API's availability call reads the same data, with the partners' stop-sells held beside it
 * (partners/partner-availability.ts).
 *
 * What is held is kept up to date (pricing/held-snapshot.ts):
 * - a booking written by anyone (the change feed: PostgreSQL LISTEN/NOTIFY across instances, in-process with
 *   PGlite) is applied to the cars present: migration 0015's triggers tell the rows a statement changed (each as
 *   it was and as it is now: lot, stay, status, creation) and the writing transaction, and each row is counted
 *   out and in by the same rule and the same business-day bounds as the load's SQL (presenceSpansSql), so that
 *   the result equals a full reload; a partner's booking (migration 0031 adds the partner to the detail) is
 *   counted against its allotment too. A change whose transaction the load's own snapshot already saw
 *   (pg_current_snapshot(), read in the load's statement) is skipped: it is in what was read;
 * - it is dropped on any other committed change: to lots, rates, exceptional days, blockouts, the changes and
 *   waitlist holds, the partners, their allotments and stop-sells (migration 0031), and a bookings statement of many
 *   rows (the trigger then names the table only);
 * - after a write this instance makes (one that commits, or succeeds: http/route.ts; never a refused junk
 *   POST or a read-only quote), its next quotes wait until the feed has delivered the write's change;
 * - when a pending booking it counted stops holding its space (PENDING_HOLD_MS after it was made), at the next
 *   instant an allotment releases a day's places (a hold ends with time, not with a write), on a new
 *   business day, after TTL_MS as a safety net, and whenever the feed is down (then every quote reads the
 *   database, as before).
 * A load that overlapped a dropping change is used for the requests that waited for it but not kept.
 *
 * The booking's save does not read this: it still checks capacity in the database, under its lock.
 */
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { asc, gte, sql } from 'drizzle-orm';
import { addDaysToDate, businessDate, startOfBusinessDay, stayDays } from '@parking/domain/dates';
import type { BlockoutPeriod } from '@parking/domain/parking-blockouts';
import { nextRelease } from '@parking/domain/partners';
import type { LotPricing } from '@parking/domain/pricing';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { lots, partnerStopSells } from '../db/schema/index';
import { parkingBlockoutsBetween } from '../catalogue/blockout-queries';
import { HeldSnapshot, type HeldAnswers, type Loaded } from './held-snapshot';
import type { WrittenAnswer } from './written-answer';
import { parseQuoteData, quoteDataSql, type LotRow, type QuoteDataJson } from './pricing-data';
import { businessDayBounds } from './presence';
import { heldByDay, type PartnerHolds } from './partner-holds';
import {
  applyBookingRows,
  parseTransactionSnapshot,
  type HeldQuoteData,
  type HeldStopSell,
} from './quote-cache-rows';

export { applyBookingRows, type HeldQuoteData } from './quote-cache-rows';

const WINDOW_DAYS = 400;
/**
 * Tables announced on the change feed that no quote reads: a car's bring-up (issue 41), a partner push's
 * bookkeeping and the partners' keys (issue 42). The partners are read: a partner's status decides whether its
 * allotments hold places.
 */
const NOT_READ = new Set(['bring_ups', 'partner_push_changes', 'partner_api_keys']);
const TTL_MS = 60_000;
/**
 * Answers kept from one snapshot, at most: GET quotes/ keeps an answer under two keys (the stay it prices and the
 * request that asked for it), POST booking-quotes/ under the document's text alone.
 */
const MAX_RESPONSES = 40_000;

export interface CachedQuoteData {
  /** Every lot, in the lots list's order (name, id). */
  lots: LotRow[];
  pricing: Map<number, LotPricing>;
  /** Places taken per lot on each date of the stay: the cars present and the places held for partners. */
  present: Map<number, number[]>;
  /** The parking blockouts held (the whole window's: the quote keeps those of its days). */
  blockouts: readonly BlockoutPeriod[];
  /**
   * Responses written from this same data, by the caller's key (at most MAX_RESPONSES): the same stay asked
   * again is answered without pricing it again. Dropped with the data.
   */
  responses: HeldAnswers<WrittenAnswer>;
  /** What a partner's availability is worked out from (partners/partner-availability.ts), the whole window's. */
  partners: PartnerSupplyData;
}

interface PartnerSupplyData {
  /** Where the stay's first date is in the window's arrays. */
  offset: number;
  /** Cars present per lot on each day of the window (without the places held). */
  cars: Map<number, number[]>;
  holds: PartnerHolds;
  stopSells: readonly HeldStopSell[];
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
      change: (held, table, detail) =>
        table === 'bookings' ? applyBookingRows(held, detail) : NOT_READ.has(table) ? 'kept' : 'drop',
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
    // The places taken as the website counts them: the cars present and the places held for partners.
    for (const [lotId, counts] of data.present) {
      const slice = counts.slice(offset, offset + days);
      const held = data.held.get(lotId);
      if (held)
        for (let day = 0; day < days; day += 1) slice[day] = (slice[day] ?? 0) + (held[offset + day] ?? 0);
      present.set(lotId, slice);
    }
    return {
      lots: data.lots,
      pricing: data.pricing,
      present,
      blockouts: data.blockouts,
      responses: held.answers,
      partners: { offset, cars: data.present, holds: data.holds, stopSells: data.stopSells },
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
    const { pricing, present, holds } = parseQuoteData(
      lotRows,
      rows[0]?.data as QuoteDataJson | string | undefined,
      today,
      last,
    );
    // The partners' stop-sells not over yet: a few rows.
    const stopSells = await this.db
      .select({
        partnerId: partnerStopSells.partnerId,
        lotId: partnerStopSells.lotId,
        startDate: partnerStopSells.startDate,
        endDate: partnerStopSells.endDate,
      })
      .from(partnerStopSells)
      .where(gte(partnerStopSells.endDate, today));
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
    // A partner's hold ends with time, not with a write: what is held is not kept past the next release.
    const allotments = [...holds.allotments.values()].flat();
    const released = nextRelease(allotments, now, this.timeZone)?.getTime() ?? Infinity;
    return {
      value: {
        lots: lotRows,
        pricing,
        present,
        blockouts,
        bounds,
        seen: parseTransactionSnapshot(rows[0]?.seen ?? '0:0:'),
        firstDate: today,
        timeZone: this.timeZone,
        holds,
        held: heldByDay(holds, today, WINDOW_DAYS, now, this.timeZone),
        stopSells,
      },
      validUntil: Math.min(now.getTime() + TTL_MS, releases, released),
    };
  }
}
