/**
 * The places held for partners (issue 42), as the website counts them: on each day, every allotment not yet
 * released holds its places its partner's own bookings have not taken (the domain's placesHeld,
 * packages/domain/src/partners.ts). The website's counts add them to the cars present, so that its quotes
 * (pricing/quotes-routes.ts, pricing/quote-cache.ts), its bookings' saves under the lot lock
 * (bookings/booking-rules.ts), the changes and flight moves that add days (bookings/booking-changes.ts), a late
 * payment (payments/payment-events.ts) and the waitlist never sell a place a partner holds. A partner's own
 * booking counts the other partners' holds only (exceptPartnerId). Staff bookings count nothing: staff may
 * fill the car park.
 *
 * What is read: each lot's allotments of the partners that hold places (live ones: the domain's
 * HOLDING_PARTNER_STATUSES), and the bookings of each partner with an allotment in that lot, as spans
 * of day offsets by the same day rule as the cars present (pricing/presence.ts): a stay counts on every business
 * day from its drop-off's to its pick-up's, an open-ended one on every day from its drop-off's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDaysToDate, stayDays } from '@parking/domain/dates';
import { HOLDING_PARTNER_STATUSES, placesHeld, type Allotment } from '@parking/domain/partners';
import { rowsOf, type Executor } from '../db/client';
import { takesPlaceSql } from '../bookings/status-rules-sql';
import { businessDayBounds, idList, presentByDay, timestampArray, type PresenceQuery } from './presence';

/** The allotments and their partners' bookings of some lots over some days, as one JSON value. */
export interface PartnerHoldsJson {
  /** [lotId, partnerId, places, releaseHours] */
  allotments: Array<[number, number, number, number]>;
  /** [lotId, partnerId, first, last, bookings]: a partner's bookings present from day `first` to `last`. */
  spans: Array<[number, number, number, number, number]>;
}

/** What the holds of some lots over startDate..endDate are worked out from. */
export interface PartnerHolds {
  /** Each lot's allotments (lots without any are absent). */
  allotments: Map<number, Allotment[]>;
  /** Per lot, each partner with an allotment there: its own bookings present on each day of the range. */
  taken: Map<number, Map<number, number[]>>;
}

export interface HoldsQuery {
  startDate: string;
  endDate: string;
  timeZone: string;
  now: Date;
  /** A booking being changed: its own days are not counted. */
  excludeBookingId?: number | undefined;
}

/**
 * A scalar subquery answering PartnerHoldsJson for the lots `lotIdsSql` names. The partners' bookings are found
 * from the allotments (bookings_partner_idx: partner, lot, drop-off), so a lot without one reads no booking.
 */
export function partnerHoldsSql(lotIdsSql: SQL, q: HoldsQuery): SQL<PartnerHoldsJson | string> {
  const days = stayDays(q.startDate, q.endDate);
  const bounds = businessDayBounds(q.startDate, q.endDate, q.timeZone);
  const boundsArray = timestampArray(bounds);
  const holding = sql`a.partner_id IN (SELECT p.id FROM partners p WHERE p.status IN (${sql.join(
    HOLDING_PARTNER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))`;
  return sql<PartnerHoldsJson | string>`(SELECT json_build_object(
    'allotments', (SELECT coalesce(json_agg(json_build_array(a.lot_id, a.partner_id, a.places, a.release_hours)), '[]'::json)
                     FROM partner_allotments a WHERE a.lot_id IN ${lotIdsSql} AND ${holding}),
    'spans', (SELECT coalesce(json_agg(json_build_array(s.lot_id, s.partner_id, s.first, s.last, s.cars)), '[]'::json)
                FROM (SELECT b.lot_id, b.partner_id,
                             greatest(width_bucket(b.start_datetime, ${boundsArray}) - 1, 0) AS first,
                             least(coalesce(width_bucket(b.end_datetime, ${boundsArray}) - 1, ${days - 1}::int), ${days - 1}::int) AS last,
                             count(*)::int AS cars
                        FROM partner_allotments a
                        JOIN bookings b ON b.partner_id = a.partner_id AND b.lot_id = a.lot_id
                       WHERE a.lot_id IN ${lotIdsSql} AND ${holding}
                         AND b.start_datetime < ${bounds[days]}::timestamptz
                         AND (b.end_datetime IS NULL OR b.end_datetime >= ${bounds[0]}::timestamptz)
                         AND ${takesPlaceSql('b', q.now)}
                         ${q.excludeBookingId === undefined ? sql`` : sql`AND b.id <> ${q.excludeBookingId}`}
                       GROUP BY 1, 2, 3, 4) AS s)))`;
}

/** partnerHoldsSql's value, counted day by day over startDate..endDate. */
export function parsePartnerHolds(
  value: PartnerHoldsJson | string | null | undefined,
  startDate: string,
  endDate: string,
): PartnerHolds {
  // JSON arrives parsed from both drivers; a string would be a driver configured not to parse it.
  const data: Partial<PartnerHoldsJson> =
    typeof value === 'string' ? (JSON.parse(value) as PartnerHoldsJson) : (value ?? {});
  const days = Math.max(0, stayDays(startDate, endDate));
  const allotments = new Map<number, Allotment[]>();
  const taken = new Map<number, Map<number, number[]>>();
  for (const [lotId, partnerId, places, releaseHours] of data.allotments ?? []) {
    allotments.set(lotId, [...(allotments.get(lotId) ?? []), { partnerId, places, releaseHours }]);
    const partners = taken.get(lotId) ?? new Map<number, number[]>();
    partners.set(partnerId, new Array<number>(days).fill(0));
    taken.set(lotId, partners);
  }
  for (const [lotId, partnerId, first, last, cars] of data.spans ?? []) {
    const counts = taken.get(lotId)?.get(partnerId);
    if (!counts) continue;
    for (let day = Math.max(0, first); day <= Math.min(days - 1, last); day += 1)
      counts[day] = (counts[day] ?? 0) + cars;
  }
  return { allotments, taken };
}

/**
 * The places held on each day of the range from startDate, per lot with an allotment (absent: none held), at
 * `now`: for everyone but `exceptPartnerId`'s own allotment.
 */
export function heldByDay(
  holds: PartnerHolds,
  startDate: string,
  days: number,
  now: Date,
  timeZone: string,
  exceptPartnerId?: number,
): Map<number, number[]> {
  const held = new Map<number, number[]>();
  for (const [lotId, allotments] of holds.allotments) {
    const partners = holds.taken.get(lotId) ?? new Map<number, number[]>();
    held.set(
      lotId,
      Array.from({ length: days }, (_, index) => {
        const takenByPartner = new Map<number, number>();
        for (const [partnerId, counts] of partners) takenByPartner.set(partnerId, counts[index] ?? 0);
        const date = addDaysToDate(startDate, index);
        return placesHeld({ date, allotments, takenByPartner }, now, timeZone, exceptPartnerId);
      }),
    );
  }
  return held;
}

/** The cars present with the places held added (a new map: `present` is not changed). */
export function withHeld(
  present: Map<number, number[]>,
  held: Map<number, number[]>,
  offset = 0,
): Map<number, number[]> {
  if (held.size === 0) return present;
  const counted = new Map<number, number[]>();
  for (const [lotId, cars] of present) {
    const places = held.get(lotId);
    counted.set(lotId, places ? cars.map((count, day) => count + (places[offset + day] ?? 0)) : cars);
  }
  return counted;
}

/** The cars present as presentByDay counts them, and the places held for partners. */
export interface WebsiteCount extends Omit<PresenceQuery, 'completeOnly'> {
  /** A partner's own booking (a change, a flight move): its own allotment is not held against it. */
  exceptPartnerId?: number | null | undefined;
}

/**
 * The places taken in each lot on each business date of startDate..endDate as the website counts them: the cars
 * present (presentByDay) and the places held for partners. Both statements are handed to the connection before
 * this returns, in that order (lockLotAndCountStay sends them right behind the lot's lock).
 */
export function websitePresentByDay(db: Executor, q: WebsiteCount): Promise<Map<number, number[]>> {
  const { lotIds, startDate, endDate, timeZone, now } = q;
  const present = presentByDay(
    db,
    lotIds,
    startDate,
    endDate,
    timeZone,
    now,
    q.excludeBookingId,
    q.excludeWaitlistEntryId,
  );
  if (lotIds.length === 0 || stayDays(startDate, endDate) < 1) return present;
  const holds = db
    .execute(sql`SELECT ${partnerHoldsSql(idList(lotIds), { ...q })} AS holds`)
    .execute()
    .then((result) => rowsOf<{ holds: PartnerHoldsJson | string }>(result)[0]?.holds);
  return Promise.all([present, holds]).then(([cars, value]) => {
    const parsed = parsePartnerHolds(value, startDate, endDate);
    const days = stayDays(startDate, endDate);
    return withHeld(cars, heldByDay(parsed, startDate, days, now, timeZone, q.exceptPartnerId ?? undefined));
  });
}
