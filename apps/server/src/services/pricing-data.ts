/** Loads what the pure pricing and capacity rules need from the database. */
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { LotPricing } from '@parking/domain/pricing';
import { parseMoney } from '@parking/domain/money';
import { businessDate, startOfBusinessDay, addDaysToDate } from '@parking/domain/dates';
import { rowsOf, type Executor } from '../db/client';
import { exceptionalDays, exceptionalRates, lots, prices, products, shortTermRateDays, shortTermRates, subscriptions } from '../db/schema/index';

export type LotRow = typeof lots.$inferSelect;

/** Rate table, daily rate and surcharges of the given lots for the dates startDate..endDate. */
export async function loadLotPricing(db: Executor, lotIds: number[], startDate: string, endDate: string): Promise<Map<number, LotPricing>> {
  const result = new Map<number, LotPricing>();
  if (lotIds.length === 0) return result;
  const [lotRows, rateRows, surchargeRows] = await Promise.all([
    db.select({ id: lots.id, rate: lots.rate }).from(lots).where(inArray(lots.id, lotIds)),
    db
      .select({ lotId: shortTermRates.lotId, days: shortTermRateDays.days, rate: shortTermRates.rate })
      .from(shortTermRates)
      .innerJoin(shortTermRateDays, eq(shortTermRateDays.id, shortTermRates.dayId))
      .where(inArray(shortTermRates.lotId, lotIds))
      .orderBy(asc(shortTermRateDays.days)),
    db
      .select({ lotId: exceptionalRates.lotId, date: exceptionalDays.date, surcharge: exceptionalRates.surcharge })
      .from(exceptionalRates)
      .innerJoin(exceptionalDays, eq(exceptionalDays.id, exceptionalRates.dayId))
      .where(and(inArray(exceptionalRates.lotId, lotIds), between(exceptionalDays.date, startDate, endDate))),
  ]);
  for (const lot of lotRows) {
    result.set(lot.id, {
      rows: rateRows.filter((row) => row.lotId === lot.id).map((row) => ({ days: row.days, cents: parseMoney(row.rate) })),
      dailyCents: parseMoney(lot.rate),
      surcharges: new Map(surchargeRows.filter((row) => row.lotId === lot.id).map((row) => [row.date, parseMoney(row.surcharge)])),
    });
  }
  return result;
}

/** Pending online bookings hold their space for this long while the customer pays. */
export const PENDING_HOLD_MS = 30 * 60_000;

/**
 * Cars present in each lot on each business date of startDate..endDate: complete bookings and
 * pending ones younger than 30 minutes whose stay covers the date (an open-ended stay covers
 * every date from its start).
 */
export async function presentByDay(
  db: Executor,
  lotIds: number[],
  startDate: string,
  endDate: string,
  timeZone: string,
  now: Date,
  excludeBookingId?: number,
): Promise<Map<number, number[]>> {
  const from = startOfBusinessDay(startDate, timeZone);
  const to = startOfBusinessDay(addDaysToDate(endDate, 1), timeZone);
  const holdSince = new Date(now.getTime() - PENDING_HOLD_MS);
  const result = await db.execute(sql`
    SELECT l.id AS lot_id, to_char(d, 'YYYY-MM-DD') AS day, count(b.id)::int AS present
    FROM lots l
    CROSS JOIN generate_series(${startDate}::date, ${endDate}::date, interval '1 day') AS d
    LEFT JOIN bookings b
      ON b.lot_id = l.id
     AND b.start_datetime < ${to.toISOString()}::timestamptz
     AND (b.end_datetime IS NULL OR b.end_datetime >= ${from.toISOString()}::timestamptz)
     AND (b.status = 'complete' OR (b.status = 'pending' AND b.created > ${holdSince.toISOString()}::timestamptz))
     AND (b.start_datetime AT TIME ZONE ${timeZone})::date <= d::date
     AND (b.end_datetime IS NULL OR (b.end_datetime AT TIME ZONE ${timeZone})::date >= d::date)
     ${excludeBookingId === undefined ? sql`` : sql`AND b.id <> ${excludeBookingId}`}
    WHERE l.id IN ${sql.raw(`(${lotIds.map(Number).join(',') || 'NULL'})`)}
    GROUP BY l.id, d
    ORDER BY l.id, d`);
  const counts = new Map<number, number[]>();
  for (const id of lotIds) counts.set(id, []);
  for (const row of rowsOf<{ lot_id: number; day: string; present: number }>(result)) counts.get(Number(row.lot_id))?.push(Number(row.present));
  return counts;
}

/**
 * The last business date a user's active subscription for a lot's product covers (valid and not
 * past its end; a cancelled one still covers until its end), or undefined.
 */
export async function subscriptionCover(db: Executor, userId: number | null, productCodename: string, now: Date, timeZone: string): Promise<string | undefined> {
  if (userId === null) return undefined;
  const [row] = await db
    .select({ end: subscriptions.endDatetime })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.valid, true), gt(subscriptions.endDatetime, now), eq(products.codename, productCodename)))
    .orderBy(sql`${subscriptions.endDatetime} desc`)
    .limit(1);
  return row ? businessDate(row.end, timeZone) : undefined;
}

