/**
 * Extras sold (back-office §2 "Reports": the Extras report's table and chart): for every extra, how many
 * complete bookings whose pick-up falls in the range had it, and what they paid for it (the price it was
 * sold at, booking_extras.price). Every extra is listed, sold or not, by name.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import { moneyText } from '@parking/domain/api-values';
import { withinDays, type ReportDays } from './report-days';

type ExtrasStatsRow = { extraId: string; name: string; count: number; revenue: string };
export type ExtrasStats = { rows: ExtrasStatsRow[] };
export type ExtrasGraph = { labels: string[]; values: number[] };

/**
 * The Extras report filters its bookings by end_datetime (back-office §7), so these figures do too:
 * the sales are counted when the car is collected, the day the extra's work is delivered.
 */
export function extrasStatsSql(days: ReportDays): SQL {
  return sql`
    SELECT e.id::text AS extra_id, e.name, count(sold.booking_id)::int AS count,
           coalesce(sum(sold.price), 0)::numeric(14, 2)::text AS revenue
    FROM extras e
    LEFT JOIN (
      SELECT be.extra_id, be.booking_id, be.price
      FROM booking_extras be
      JOIN bookings b ON b.id = be.booking_id
      WHERE b.status = 'complete' AND ${withinDays(sql`b.end_datetime`, days)}
    ) AS sold ON sold.extra_id = e.id
    GROUP BY e.id, e.name`;
}

/** By name as a reader sorts them (case and accents aside), the same on every database's collation. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }) || a.id - b.id;

export async function extrasStats(db: Executor, days: ReportDays): Promise<ExtrasStats> {
  const rows = rowsOf<{ extra_id: string; name: string; count: number; revenue: string }>(
    await db.execute(extrasStatsSql(days)),
  );
  return {
    rows: rows
      .map((row) => ({
        id: Number(row.extra_id),
        name: row.name,
        count: Number(row.count),
        revenue: moneyText(row.revenue),
      }))
      .sort(byName)
      .map(({ id, ...row }) => ({ extraId: String(id), ...row })),
  };
}

/** The same figures shaped for a bar chart. */
export async function extrasGraph(db: Executor, days: ReportDays): Promise<ExtrasGraph> {
  const { rows } = await extrasStats(db, days);
  return { labels: rows.map((row) => row.name), values: rows.map((row) => row.count) };
}
