/**
 * Booking types (back-office §2 "Reports": the overview's tables): complete bookings whose drop-off
 * falls in the range, by booking type, with their value and their share of the range's bookings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import { moneyText } from '@parking/domain/api-values';
import { round4, withinDays, type ReportDays } from './report-days';

type BookingTypeRow = { bookingType: string; count: number; totalCost: string; share: number };
export type BookingTypeStats = { rows: BookingTypeRow[] };

export function bookingTypeStatsSql(days: ReportDays): SQL {
  return sql`
    SELECT booking_type, count(*)::int AS count, sum(total_cost)::numeric(14, 2)::text AS total_cost
    FROM bookings
    WHERE status = 'complete' AND ${withinDays(sql`start_datetime`, days)}
    GROUP BY booking_type`;
}

export async function bookingTypeStats(db: Executor, days: ReportDays): Promise<BookingTypeStats> {
  const rows = rowsOf<{ booking_type: string; count: number; total_cost: string }>(
    await db.execute(bookingTypeStatsSql(days)),
  );
  const all = rows.reduce((sum, row) => sum + Number(row.count), 0);
  return {
    rows: rows
      .map((row) => ({
        bookingType: row.booking_type,
        count: Number(row.count),
        totalCost: moneyText(row.total_cost),
        share: all > 0 ? round4(Number(row.count) / all) : 0,
      }))
      // Busiest first; ties by name as a reader sorts them, the same on every database's collation.
      .sort(
        (a, b) =>
          b.count - a.count || a.bookingType.localeCompare(b.bookingType, 'en-AU', { sensitivity: 'base' }),
      ),
  };
}
