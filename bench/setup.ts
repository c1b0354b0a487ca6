/**
 * The benchmark's database: a fresh PGlite in memory, or a database of its own (`parking_bench`, or
 * BENCH_DATABASE_NAME) created on the server of BENCH_DATABASE_URL and dropped afterwards.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import { openDatabase, type Database, type DatabaseHandle } from '../apps/server/src/db/client';
import { LOTS } from '../apps/server/src/seed/data';
import {
  exceptionalDays,
  exceptionalRates,
  lots,
  shortTermRateDays,
  shortTermRates,
} from '../apps/server/src/db/schema/index';

type LotRow = typeof lots.$inferSelect;

/** Created and dropped by the benchmarks: never the name of a database that holds anything else. */
export function benchDatabaseName(fallback = 'parking_bench'): string {
  const name = process.env.BENCH_DATABASE_NAME ?? fallback;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`BENCH_DATABASE_NAME must be a plain lower-case identifier, not "${name}"`);
  return name;
}
export const TIME_ZONE = 'Australia/Hobart';

async function withMaintenance<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function benchUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, empty database `name` on the server of `url` (its own URL), and how to drop it. */
export async function createServerDatabase(
  url: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  await withMaintenance(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  return {
    url: benchUrl(url, name),
    drop: () =>
      withMaintenance(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

export async function openBenchDatabase(
  url = process.env.BENCH_DATABASE_URL,
  name = benchDatabaseName(),
): Promise<{ handle: DatabaseHandle; url: string | undefined; cleanup(): Promise<void> }> {
  if (url) {
    const database = await createServerDatabase(url, name);
    const handle = await openDatabase({ url: database.url, poolSize: 10 });
    return {
      handle,
      url: database.url,
      async cleanup() {
        await handle.close();
        await database.drop();
      },
    };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  return { handle, url: undefined, cleanup: () => handle.close() };
}

/** Lots and their 1-14 day rate table as the demo seed has them, and a few surcharged days. */
export async function seedReference(db: Database, now: Date): Promise<{ indoor: LotRow; outdoor: LotRow }> {
  const lotRows = await db
    .insert(lots)
    .values(
      LOTS.map((lot) => ({
        name: lot.name,
        slug: lot.slug,
        productCodename: lot.productCodename,
        lotType: lot.lotType,
        spaces: lot.spaces,
        fillRateThreshold: lot.fillRateThreshold,
        rate: lot.rate,
      })),
    )
    .returning();
  const days = await db
    .insert(shortTermRateDays)
    .values(Array.from({ length: 14 }, (_, i) => ({ days: i + 1 })))
    .returning();
  await db.insert(shortTermRates).values(
    lotRows.flatMap((lot) => {
      const table = LOTS.find((l) => l.slug === lot.slug)?.table ?? [];
      return days.map((day) => ({ dayId: day.id, lotId: lot.id, rate: `${table[day.days - 1] ?? 0}.00` }));
    }),
  );
  const today = businessDate(now, TIME_ZONE);
  for (const offset of [5, 33, 34, 60, 95, 120, 150, 200, 240, 300]) {
    const [day] = await db
      .insert(exceptionalDays)
      .values({ name: `Busy day ${offset}`, date: addDaysToDate(today, offset) })
      .returning();
    if (day)
      await db
        .insert(exceptionalRates)
        .values(lotRows.map((lot) => ({ dayId: day.id, lotId: lot.id, surcharge: '10.00' })));
  }
  const [indoor, outdoor] = lotRows;
  if (!indoor || !outdoor) throw new Error('lots');
  return { indoor, outdoor };
}

/** The reference data and `bookingCount` stays over ±1 year (the quotes benchmark's data). */
export async function seed(db: Database, now: Date, bookingCount: number): Promise<void> {
  const { indoor, outdoor } = await seedReference(db, now);
  // 100,000 stays over ±1 year: 27% indoor (its share of the spaces), 1-9 days with most short, 5%
  // cancelled, 2% abandoned, a few pending ones still held; about 90% occupancy on an average day.
  await db.execute(sql`SELECT setseed(0.42)`);
  await db.execute(sql`
    INSERT INTO bookings (booking_code, status, lot_id, start_datetime, end_datetime, created, parking_cost, total_cost)
    SELECT 'B' || lpad(s.i::text, 8, '0'),
           CASE WHEN s.i % 20 = 0 THEN 'cancelled' WHEN s.i % 50 = 1 THEN 'abandoned' WHEN s.i % 1000 = 7 THEN 'pending' ELSE 'complete' END,
           CASE WHEN s.i % 11 < 3 THEN ${indoor.id}::int ELSE ${outdoor.id}::int END,
           s.start,
           s.start + make_interval(days => 1 + floor(power(random(), 2) * 8)::int, hours => floor(random() * 14)::int),
           CASE WHEN s.i % 1000 = 7 THEN ${now.toISOString()}::timestamptz - make_interval(mins => floor(random() * 60)::int)
                ELSE s.start - make_interval(days => floor(random() * 60)::int) END,
           '80.00', '80.00'
    FROM (
      SELECT i, date_trunc('minute', ${now.toISOString()}::timestamptz - interval '365 days' + random() * interval '730 days') AS start
      FROM generate_series(1, ${bookingCount}::int) AS i
    ) AS s`);
  // What autovacuum does to a live table: statistics, and the visibility map index-only scans need.
  await db.execute(sql`VACUUM ANALYZE`);
}
