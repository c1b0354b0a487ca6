/**
 * Day-by-day counts and sums of bookings by one of their instants (drop-off, pick-up, creation,
 * payment), each series one GROUP BY over the rows whose instant falls in the range, all series of a
 * report in one statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { parseMoney, type Cents } from '@parking/domain/money';
import { rowsOf, type Executor } from '../db/client';
import { dayIndexOf, perDay, withinDays, type ReportDays } from './report-days';

/**
 * What each series counts. Drop-offs, pick-ups and bookings made count complete bookings (what was
 * sold); payments count every booking paid that day, as the payments diary lists them, because money
 * received is money to reconcile whatever became of the booking since.
 */
const SERIES = {
  /** Drop-offs: complete bookings whose stay starts that day. */
  departure: { instant: sql`start_datetime`, complete: true, amount: undefined },
  /** Pick-ups: complete bookings whose stay ends that day. */
  arrival: { instant: sql`end_datetime`, complete: true, amount: undefined },
  /** Bookings made that day (complete), with the value they were sold at. */
  made: { instant: sql`created`, complete: true, amount: sql`total_cost` },
  /** Payments received that day: what the bookings paid that day hold as paid. */
  paid: { instant: sql`payment_datetime`, complete: false, amount: sql`amount_paid` },
} satisfies Record<string, { instant: SQL; complete: boolean; amount: SQL | undefined }>;

export type SeriesName = keyof typeof SERIES;

interface DailySeries {
  /** Bookings each day. */
  counts: number[];
  /** The series' amount summed each day, in cents (zeros for a series without an amount). */
  cents: Cents[];
}

/** The statement for the given series: rows (series, day, bookings, amount). */
export function dailySeriesSql(days: ReportDays, names: readonly SeriesName[]): SQL {
  const parts = names.map((name) => {
    const series = SERIES[name];
    const amount = series.amount ? sql`coalesce(sum(${series.amount}), 0)::numeric(14, 2)::text` : sql`'0'`;
    return sql`SELECT ${name}::text AS series, ${dayIndexOf(series.instant, days)} AS day, count(*)::int AS bookings, ${amount} AS amount
      FROM bookings
      WHERE ${withinDays(series.instant, days)}${series.complete ? sql` AND status = 'complete'` : sql``}
      GROUP BY 2`;
  });
  return sql.join(parts, sql` UNION ALL `);
}

type SeriesRow = { series: string; day: number; bookings: number; amount: string };

/** The series of one statement, read by name. */
export interface DailySeriesResult {
  of(name: SeriesName): DailySeries;
}

export async function dailySeries(
  db: Executor,
  days: ReportDays,
  names: readonly SeriesName[],
): Promise<DailySeriesResult> {
  const rows = names.length ? rowsOf<SeriesRow>(await db.execute(dailySeriesSql(days, names))) : [];
  return {
    of(name) {
      const own = rows.filter((row) => row.series === name);
      return {
        counts: perDay(
          days,
          own.map((row) => ({ day: Number(row.day), value: Number(row.bookings) })),
        ),
        cents: perDay(
          days,
          own.map((row) => ({ day: Number(row.day), value: parseMoney(row.amount) })),
        ),
      };
    },
  };
}
