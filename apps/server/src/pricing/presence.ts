/**
 * The cars present in car parks day by day (capacity, quotes, waitlist, reports): the stays that take a place,
 * the pending holds and waitlist offers, counted from the booking's period in one index-only scan.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDaysToDate, startOfBusinessDay, stayDays } from '@parking/domain/dates';
import { rowsOf, type Executor } from '../db/client';
import { holdSince, takesPlaceSql } from '../bookings/status-rules-sql';

/** Which cars to count: the lots, the business dates and the bookings or waitlist entry left out (a change's own). */
export interface PresenceQuery {
  lotIds: number[];
  startDate: string;
  endDate: string;
  timeZone: string;
  now: Date;
  excludeBookingId?: number | undefined;
  excludeWaitlistEntryId?: number | undefined;
  /** Complete bookings only: what was sold (reports), not what is held for a customer paying now. */
  completeOnly?: boolean;
}

// The first instant of a business date never changes while the process runs; working it out in a
// named time zone costs tens of microseconds, and a year-long quote needs 366 of them.
const dayStarts = new Map<string, string>();
function dayStart(date: string, timeZone: string): string {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= 20_000) dayStarts.clear();
    start = startOfBusinessDay(date, timeZone).toISOString();
    dayStarts.set(key, start);
  }
  return start;
}

/**
 * The first instants of the business dates startDate..endDate and of the day after: the bounds that
 * width_bucket() sorts instants into days by (bucket i is the date startDate + i - 1).
 */
export function businessDayBounds(startDate: string, endDate: string, timeZone: string): string[] {
  const days = Math.max(0, stayDays(startDate, endDate));
  return Array.from({ length: days + 1 }, (_, i) => dayStart(addDaysToDate(startDate, i), timeZone));
}

/** A timestamptz[] parameter: one bound parameter however many days. */
export const timestampArray = (instants: readonly string[]): SQL =>
  sql`${`{${instants.join(',')}}`}::timestamptz[]`;

export const idList = (ids: number[]) => sql.raw(`(${ids.map(Number).join(',') || 'NULL'})`);

/**
 * The stays present in the lots during startDate..endDate, as spans of day offsets from startDate
 * (first, last) with how many cars share each span.
 *
 * The GiST index on the booking's period (bookings_period_idx, migration 0001, covering every
 * column read here) finds only the stays overlapping the range, however long the history, in an
 * index-only scan. Each stay's dates are found by width_bucket over the
 * business days' first instants (computed here, in the business time zone), which is both the
 * domain's own day rule and about twice as fast as converting every row AT TIME ZONE. A stay
 * ending exactly at a midnight counts on the day that midnight starts, hence the '[]' period.
 */
export function presenceSpansSql(q: PresenceQuery, lotIdsSql: SQL = idList(q.lotIds)): SQL {
  const days = stayDays(q.startDate, q.endDate);
  const bounds = businessDayBounds(q.startDate, q.endDate, q.timeZone);
  const boundsArray = timestampArray(bounds);
  const counted = q.completeOnly ? sql`b.status = 'complete'` : takesPlaceSql('b', q.now);
  return sql`
    SELECT b.lot_id,
           greatest(width_bucket(b.start_datetime, ${boundsArray}) - 1, 0) AS first,
           least(coalesce(width_bucket(b.end_datetime, ${boundsArray}) - 1, ${days - 1}::int), ${days - 1}::int) AS last,
           count(*)::int AS cars
    FROM bookings b
    WHERE tstzrange(b.start_datetime, b.end_datetime, '[]') && tstzrange(${bounds[0]}::timestamptz, ${bounds[days]}::timestamptz, '[)')
      AND b.lot_id IN ${lotIdsSql}
      AND ${counted}
      ${q.excludeBookingId === undefined ? sql`` : sql`AND b.id <> ${q.excludeBookingId}`}
    GROUP BY 1, 2, 3
    ${q.completeOnly ? sql`` : heldChangesSql(q, lotIdsSql, holdSince(q.now))}
    ${q.completeOnly ? sql`` : waitlistHoldsSql(q, lotIdsSql)}`;
}

/** A hold's first and last business dates as the range's day offsets (first, last), clipped to the range. */
function heldDayOffsets(q: PresenceQuery, firstDate: SQL, lastDate: SQL): SQL {
  const days = stayDays(q.startDate, q.endDate);
  return sql`greatest(${firstDate} - ${q.startDate}::date, 0) AS first,
           least(${lastDate} - ${q.startDate}::date, ${days - 1}::int) AS last`;
}

/**
 * The places held for travellers from the waitlist (waitlist/waitlist.ts), each on every business date of its
 * stay until its hold lapses: counted like an unpaid booking, so that nobody else can take them meanwhile.
 */
function waitlistHoldsSql(q: PresenceQuery, lotIdsSql: SQL): SQL {
  return sql`
    UNION ALL
    SELECT w.lot_id, ${heldDayOffsets(q, sql`w.start_date`, sql`w.end_date`)}, count(*)::int AS cars
    FROM waitlist_entries w
    WHERE w.status = 'offered'
      AND w.hold_expires_at > ${q.now.toISOString()}::timestamptz
      AND w.start_date <= ${q.endDate}::date AND w.end_date >= ${q.startDate}::date
      AND w.lot_id IN ${lotIdsSql}
      ${q.excludeWaitlistEntryId === undefined ? sql`` : sql`AND w.id <> ${q.excludeWaitlistEntryId}`}
    GROUP BY 1, 2, 3`;
}

/**
 * The days that changes awaiting their payment add to their bookings (bookings/booking-changes.ts), held
 * like an unpaid online booking: for PENDING_HOLD_MS from the change. Stored as business dates, so their
 * day offsets are plain date arithmetic.
 */
function heldChangesSql(q: PresenceQuery, lotIdsSql: SQL, holdSince: Date): SQL {
  return sql`
    UNION ALL
    SELECT c.lot_id, ${heldDayOffsets(q, sql`s.first_date`, sql`s.last_date`)}, count(*)::int AS cars
    FROM booking_changes c
    CROSS JOIN LATERAL (VALUES (c.hold_first, c.hold_last), (c.hold2_first, c.hold2_last)) AS s(first_date, last_date)
    WHERE c.status = 'awaiting_payment'
      AND c.created > ${holdSince.toISOString()}::timestamptz
      AND s.first_date IS NOT NULL
      AND s.first_date <= ${q.endDate}::date AND s.last_date >= ${q.startDate}::date
      AND c.lot_id IN ${lotIdsSql}
      ${q.excludeBookingId === undefined ? sql`` : sql`AND c.booking_id <> ${q.excludeBookingId}`}
    GROUP BY 1, 2, 3`;
}

type SpanRow = { lotId: number; first: number; last: number; cars: number };

/** Adds the spans up, day by day (a difference array). */
export function countPresence(
  lotIds: number[],
  startDate: string,
  endDate: string,
  spans: SpanRow[],
): Map<number, number[]> {
  const days = Math.max(0, stayDays(startDate, endDate));
  const deltas = new Map<number, number[]>(lotIds.map((id) => [id, new Array<number>(days + 1).fill(0)]));
  for (const span of spans) {
    const delta = deltas.get(span.lotId);
    const first = Math.max(0, span.first);
    const last = Math.min(days - 1, span.last);
    if (!delta || first > last) continue;
    delta[first] = (delta[first] ?? 0) + span.cars;
    delta[last + 1] = (delta[last + 1] ?? 0) - span.cars;
  }
  const counts = new Map<number, number[]>();
  for (const [id, delta] of deltas) {
    let running = 0;
    counts.set(
      id,
      delta.slice(0, days).map((change) => (running += change)),
    );
  }
  return counts;
}

/**
 * Cars present in each lot on each business date of startDate..endDate: complete bookings and
 * pending ones younger than 30 minutes whose stay covers the date (an open-ended stay covers
 * every date from its start). Its statement is sent before this returns (lockLotAndCountStay relies on it).
 */
export function presentByDay(
  db: Executor,
  lotIds: number[],
  startDate: string,
  endDate: string,
  timeZone: string,
  now: Date,
  excludeBookingId?: number,
  excludeWaitlistEntryId?: number,
): Promise<Map<number, number[]>> {
  return countSpans(db, {
    lotIds,
    startDate,
    endDate,
    timeZone,
    now,
    excludeBookingId,
    excludeWaitlistEntryId,
  });
}

/**
 * Complete bookings present in each lot on each business date of startDate..endDate, by the same day
 * rule as presentByDay: the reports' cars parked and fill rates.
 */
export async function completePresentByDay(
  db: Executor,
  lotIds: number[],
  startDate: string,
  endDate: string,
  timeZone: string,
): Promise<Map<number, number[]>> {
  return countSpans(db, { lotIds, startDate, endDate, timeZone, now: new Date(0), completeOnly: true });
}

/** The presence statement as the reports' benchmark explains it. */
export const completePresenceSql = (
  lotIds: number[],
  startDate: string,
  endDate: string,
  timeZone: string,
): SQL => presenceSpansSql({ lotIds, startDate, endDate, timeZone, now: new Date(0), completeOnly: true });

/** Counts the spans of presenceSpansSql; its statement is started (execute()) before this returns. */
function countSpans(db: Executor, q: PresenceQuery): Promise<Map<number, number[]>> {
  const { lotIds, startDate, endDate } = q;
  if (lotIds.length === 0 || stayDays(startDate, endDate) < 1)
    return Promise.resolve(countPresence(lotIds, startDate, endDate, []));
  const toSpan = (row: { lot_id: number; first: number; last: number; cars: number }): SpanRow => ({
    lotId: Number(row.lot_id),
    first: Number(row.first),
    last: Number(row.last),
    cars: Number(row.cars),
  });
  const started = db.execute(presenceSpansSql(q)).execute();
  return started.then((result) =>
    countPresence(lotIds, startDate, endDate, rowsOf<Parameters<typeof toSpan>[0]>(result).map(toSpan)),
  );
}
