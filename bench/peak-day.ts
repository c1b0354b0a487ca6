/**
 * The day the diary is measured on in `npm run bench` (bench/run.ts): the busiest near today, made a peak
 * day of at least BENCH_DIARY_ROWS drop-offs and pick-ups when the generated data has fewer.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/server/src/db/client';
import { TIME_ZONE } from './setup';

/** The busiest business day within ±`days` of now by diary rows (drop-offs plus pick-ups). */
export async function busiestDiaryDay(
  db: Database,
  now: Date,
  days: number,
): Promise<{ day: string; rows: number }> {
  const [row] = rowsOf<{ day: string; rows: number }>(
    await db.execute(sql`
      SELECT to_char((t AT TIME ZONE ${TIME_ZONE})::date, 'YYYY-MM-DD') AS day, count(*)::int AS rows
      FROM (SELECT start_datetime AS t FROM bookings WHERE status = 'complete'
            UNION ALL SELECT end_datetime FROM bookings WHERE status = 'complete' AND end_datetime IS NOT NULL) AS moves
      WHERE t >= ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
        AND t < ${now.toISOString()}::timestamptz + make_interval(days => ${days}::int)
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`),
  );
  if (!row) throw new Error('no busy day');
  return row;
}

/**
 * The diary target is for a day with 1,000 bookings: when the generated data's busiest day has fewer
 * drop-offs and pick-ups, the oldest complete bookings (over two years back, outside every figure measured)
 * are moved to drop off on it, at times through the day, for stays of 1-10 days: a peak day such as the
 * Monday after Christmas. Returns the day's rows afterwards.
 */
export async function makePeakDay(
  db: Database,
  busy: { day: string; rows: number },
  rows: number,
): Promise<number> {
  const missing = rows - busy.rows;
  if (missing <= 0) return busy.rows;
  await db.execute(sql`
    UPDATE bookings b
    SET start_datetime = moved.start, end_datetime = moved.start + make_interval(days => 1 + moved.id % 10)
    FROM (SELECT id, (${busy.day}::date + make_interval(mins => 300 + (id * 7) % 960)) AT TIME ZONE ${TIME_ZONE} AS start
          FROM bookings WHERE status = 'complete' ORDER BY start_datetime LIMIT ${missing}) AS moved
    WHERE b.id = moved.id`);
  await db.execute(sql`ANALYZE bookings`);
  return rows;
}
