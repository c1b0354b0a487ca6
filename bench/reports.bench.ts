/**
 * Latency of the back office's reports on three years of data (back-office §2 "Reports", "Imports", §7).
 *
 * Starts the real app on 127.0.0.1 (a fresh in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is
 * set: a database `parking_bench` is created from that URL and dropped afterwards), migrates, generates
 * 500,000 bookings over three years (bench/report-data.ts), logs in as an admin, then calls each report
 * one request at a time, as the screen does: the five report resources over the last 12 months, the KPI
 * summary CSV of a month, the currently parked and income owed PDFs, and the lists the report screens and
 * the diary read (a busy day's diary, a busy day's payments diary, the extras report's first page of 12
 * months). Prints p50/p99/max per call, then the EXPLAIN ANALYZE of each report statement.
 *
 *   npm run bench:reports                                                 # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
 *
 * Knobs: BENCH_BOOKINGS (500000), BENCH_ITERATIONS (20 timed calls each, after 2 untimed).
 */
import { DIARY_BOOKING_FIELDS } from '@parking/domain/api-contract/bookings';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { addDaysToDate, businessDate, businessInstant } from '@parking/domain/dates';
import { calendarMonthOf } from '@parking/domain/report-period';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/accounts/crypto';
import { loadConfig } from '../apps/server/src/config/config';
import { rowsOf, type Database } from '../apps/server/src/db/client';
import { customers, lots, users } from '../apps/server/src/db/schema/index';
import { bookingTypeStatsSql } from '../apps/server/src/reports/booking-type-stats';
import { dailySeriesSql } from '../apps/server/src/reports/daily-series';
import { extrasStatsSql } from '../apps/server/src/reports/extras-stats';
import { reportDays } from '../apps/server/src/reports/report-days';
import { completePresenceSql } from '../apps/server/src/pricing/presence';
import { seedReportData } from './report-data';
import { openBenchDatabase, TIME_ZONE } from './setup';
import { PRODUCTION_KEYS } from './stand-ins';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const WARMUP = 2;
const EMAIL = 'bench-admin@example.com';
const PASSWORD = 'bench-pass-1';

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface Timing {
  name: string;
  status: number;
  bytes: number;
  latencies: number[];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function createAdmin(db: Database) {
  const [user] = await db
    .insert(users)
    .values({
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      roles: ['Admins'],
      emailConfirmed: true,
    })
    .returning();
  if (!user) throw new Error('no admin');
  await db
    .insert(customers)
    .values({ email: EMAIL, firstName: 'Bench', lastName: 'Admin', userId: user.id, staff: true });
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/backend/api/v1/sessions/`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sessions', attributes: { email: EMAIL, password: PASSWORD } } }),
  });
  const body = (await response.json()) as { data?: { attributes?: { token?: unknown } } };
  const token = body.data?.attributes?.token;
  if (response.status !== 201 || typeof token !== 'string')
    throw new Error(`login answered ${response.status}`);
  return token;
}

async function time(base: string, token: string, call: Call): Promise<Timing> {
  const latencies: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/backend/api/v1/${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Token ${token}`,
        accept: 'application/vnd.api+json, application/pdf, text/csv',
        'accept-encoding': 'identity',
        ...(call.body ? { 'content-type': 'application/vnd.api+json' } : {}),
      },
      body: call.body ? JSON.stringify(call.body) : null,
    });
    const payload = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    status = response.status;
    bytes = payload.byteLength;
    if (status >= 300)
      throw new Error(
        `${call.name} answered ${status}: ${Buffer.from(payload).toString('utf8').slice(0, 300)}`,
      );
    if (i >= WARMUP) latencies.push(elapsed);
  }
  return { name: call.name, status, bytes, latencies };
}

/** The busiest business date of the last `days` days by what `column` counts. */
async function busiestDay(
  db: Database,
  column: 'start_datetime' | 'payment_datetime',
  now: Date,
  days: number,
): Promise<string> {
  const [row] = rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT to_char((${sql.raw(column)} AT TIME ZONE ${TIME_ZONE})::date, 'YYYY-MM-DD') AS day
      FROM bookings
      WHERE ${sql.raw(column)} >= ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
        AND ${sql.raw(column)} < ${now.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`),
  );
  if (!row) throw new Error('no busy day');
  return row.day;
}

async function explain(db: Database, name: string, statement: SQL) {
  const rows = rowsOf<Record<string, string>>(await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`));
  console.info(`\n--- EXPLAIN ANALYZE: ${name}`);
  // The day bounds are one literal array of up to 1,101 instants: shortened, or it buries the plan.
  const bounds = /'\{"[^}]*\}'::timestamp with time zone\[\]/g;
  for (const row of rows) {
    console.info(
      String(Object.values(row)[0]).replace(
        bounds,
        (array) => `'{${array.split(',').length} day bounds}'::timestamptz[]`,
      ),
    );
  }
}

function calls(today: string, month: string, busyDay: string, paymentDay: string): Call[] {
  const first = addDaysToDate(today, -364);
  const period = {
    startDatetime: businessInstant(first, '00:00:00', TIME_ZONE).toISOString(),
    endDatetime: businessInstant(today, '23:59:59', TIME_ZONE).toISOString(),
  };
  const report = (type: string): Call => ({
    name: `POST ${type} (12 months)`,
    method: 'POST',
    path: `${type}/`,
    body: { data: { type, attributes: period } },
  });
  const day = (date: string) => ({
    gte: businessInstant(date, '00:00:00', TIME_ZONE).toISOString(),
    lte: businessInstant(date, '23:59:59', TIME_ZONE).toISOString(),
  });
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    report('lot-volume-graphs'),
    report('arrival-departure-graphs'),
    report('extras-stats'),
    report('extras-graphs'),
    report('booking-type-stats'),
    {
      name: `GET kpi-summary-csv (${month.slice(0, 7)})`,
      method: 'GET',
      path: `kpi-summary-csv/?month=${month}`,
    },
    { name: 'GET bookings/currently-parked/ (PDF)', method: 'GET', path: 'bookings/currently-parked/' },
    { name: 'GET bookings/income-owed/ (PDF)', method: 'GET', path: 'bookings/income-owed/' },
    {
      name: `GET diary of a busy day (${busyDay})`,
      method: 'GET',
      path: `bookings/?${query({ 'filter[diaryDate]': busyDay, 'filter[status]': 'complete', include: 'airlineOut,airlineIn,lot', 'fields[bookings]': DIARY_BOOKING_FIELDS.join(','), 'page[size]': '1000' })}`,
    },
    {
      name: `GET payments diary of a busy day (${paymentDay})`,
      method: 'GET',
      path: `bookings/?${query({ 'filter[payment_datetime__gte]': day(paymentDay).gte, 'filter[payment_datetime__lte]': day(paymentDay).lte, sort: 'paymentDatetime', 'page[size]': '1000' })}`,
    },
    {
      name: 'GET extras report list (12 months, first 1000)',
      method: 'GET',
      path: `bookings/?${query({
        'filter[extras__isnull]': 'false',
        'filter[end_datetime__gte]': period.startDatetime,
        'filter[end_datetime__lte]': period.endDatetime,
        'filter[status]': 'complete',
        include: 'airlineOut,airlineIn,lot,extras',
        sort: 'endDatetime',
        'page[size]': '1000',
      })}`,
    },
  ];
}

async function main() {
  const driver = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-bench-'));
  const { handle, url, cleanup } = await openBenchDatabase();
  try {
    const phase = performance.now();
    await handle.migrate();
    const now = new Date();
    await seedReportData(handle.db, now, BOOKINGS);
    await createAdmin(handle.db);
    const [shape] = rowsOf<Record<string, number>>(
      await handle.db.execute(sql`
        SELECT count(*)::int AS bookings,
               count(*) FILTER (WHERE status = 'complete')::int AS complete,
               count(*) FILTER (WHERE status = 'complete' AND start_datetime <= ${now.toISOString()}::timestamptz
                                AND (end_datetime IS NULL OR end_datetime >= ${now.toISOString()}::timestamptz))::int AS parked_now,
               count(*) FILTER (WHERE status = 'complete' AND total_cost > amount_paid)::int AS owing,
               (SELECT count(*)::int FROM booking_extras) AS extras_sold
        FROM bookings`),
    );
    console.info(
      `${driver}: migrated and generated ${JSON.stringify(shape)} in ${((performance.now() - phase) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({
      NODE_ENV: 'production',
      ...PRODUCTION_KEYS,
      BUSINESS_ABN: '51 824 753 556',
      SESSION_SECRET: 'benchmark-only-session-secret-0123456789abcdef',
      DATA_DIR: dataDir,
      BUSINESS_TIMEZONE: TIME_ZONE,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'never',
      // The benchmark's staff sign in with a password alone: the second factor is part of signing in, which no call
      // measured here does (production's default requires it of staff; issue 38).
      STAFF_TWO_FACTOR_DEFAULT: 'false',
      // The app runs on the handle below; naming its database keeps the config from announcing the embedded one.
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const app = await buildApp({ config, database: handle.db, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = await login(base);
      const today = businessDate(now, TIME_ZONE);
      const busyDay = await busiestDay(handle.db, 'start_datetime', now, 60);
      const paymentDay = await busiestDay(handle.db, 'payment_datetime', now, 60);
      const month = addDaysToDate(today, -30);
      const loadBefore = loadavg()[0] ?? 0;
      const results: Timing[] = [];
      for (const call of calls(today, month, busyDay, paymentDay))
        results.push(await time(base, token, call));
      const width = Math.max(...results.map((result) => result.name.length));
      console.info(
        [
          '',
          `Reports on ${driver}, ${BOOKINGS.toLocaleString('en-AU')} bookings over three years; one client, ${ITERATIONS} timed calls each after ${WARMUP} untimed`,
          `machine: ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} before the run`,
          '',
          `| ${'call'.padEnd(width)} | status | size | p50 ms | p99 ms | max ms |`,
          `| ${'-'.repeat(width)} | --- | --- | --- | --- | --- |`,
          ...results.map((result) => {
            const sorted = [...result.latencies].sort((a, b) => a - b);
            const size =
              result.bytes >= 1024 * 1024
                ? `${(result.bytes / 1024 / 1024).toFixed(1)} MB`
                : `${Math.round(result.bytes / 1024)} kB`;
            return `| ${result.name.padEnd(width)} | ${result.status} | ${size} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? NaN)} |`;
          }),
        ].join('\n'),
      );

      const year = reportDays(addDaysToDate(today, -364), today, TIME_ZONE);
      const calendarMonth = calendarMonthOf(month);
      if (!calendarMonth) throw new Error(`not a date: ${month}`);
      const monthDays = reportDays(calendarMonth.startDate, calendarMonth.endDate, TIME_ZONE);
      const lotIds = (await handle.db.select({ id: lots.id }).from(lots)).map((lot) => lot.id);
      await explain(
        handle.db,
        'lot-volume-graphs: presence spans of complete bookings (12 months)',
        completePresenceSql(lotIds, year.startDate, year.endDate, TIME_ZONE),
      );
      await explain(
        handle.db,
        'arrival-departure-graphs: drop-offs and pick-ups by day (12 months)',
        dailySeriesSql(year, ['departure', 'arrival']),
      );
      await explain(handle.db, 'extras-stats / extras-graphs (12 months)', extrasStatsSql(year));
      await explain(handle.db, 'booking-type-stats (12 months)', bookingTypeStatsSql(year));
      await explain(
        handle.db,
        `kpi-summary-csv: daily series (${monthDays.startDate} to ${monthDays.endDate})`,
        dailySeriesSql(monthDays, ['departure', 'arrival', 'made', 'paid']),
      );
      await explain(
        handle.db,
        'kpi-summary-csv: presence spans (one month)',
        completePresenceSql(lotIds, monthDays.startDate, monthDays.endDate, TIME_ZONE),
      );
    } finally {
      await app.close();
    }
  } finally {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
