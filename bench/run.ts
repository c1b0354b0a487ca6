/**
 * `npm run bench`: the whole benchmark in one run, on PostgreSQL.
 *
 * 1. Creates a database of its own (`parking_bench`, or BENCH_DATABASE_NAME) on the server of
 *    BENCH_DATABASE_URL (else DATABASE_URL), migrates it and generates three years of a busy business:
 *    500,000 bookings with extras, 50,000 customers, both lots with regions and rates, exceptional days,
 *    blockouts (bench/report-data.ts), plus the site's content pages.
 * 2. Starts the production server (apps/server/dist/main.js, built when missing) on 127.0.0.1 and loads it
 *    with wrk (the ceiling and the public calls, bench/wrk.ts) and autocannon (the back office's calls and
 *    the bookings), each scenario for a fixed time: the ceiling (GET /backend/live/, no database), quotes
 *    for random ranges, booking-quotes, extras with checkAvailability, a busy day's diary, the bookings
 *    list with a filter, every report call, and the booking mix (quote, booking-quote, online booking with
 *    its payment intent). Requests/s, p50/p99 latency, errors, and requests/s as a share of the ceiling.
 * 3. Logs the EXPLAIN (ANALYZE, BUFFERS) of every statement the hot calls run (captured from an
 *    in-process app on the same database).
 * 4. The web: gzip sizes of the JavaScript and CSS a first visit to /, /booking/step-1 and /admin downloads
 *    (the production build, in Chromium), the compression and cache headers of a hashed asset, and
 *    Lighthouse 12 (mobile, headless Chromium) performance, accessibility and best-practices for / and
 *    /booking/step-1, and the time from "Get a quote" on the home page to the prices of step 1 (median and
 *    p95 over BENCH_CLICKS clicks, against its 300 ms target).
 * Prints one table and writes everything to bench/results.json; drops the database at the end.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *   BENCH_QUICK=1 ... npm run bench          # 20,000 bookings, 2,000 customers, 3 s per scenario
 *
 * Knobs: BENCH_BOOKINGS (500000), BENCH_CUSTOMERS (50000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50, the
 * public API's scenarios), BENCH_STAFF_CONNECTIONS (1, the back office's: one person at a screen),
 * BENCH_PORT (8900), BENCH_DATABASE_NAME, BENCH_WEB=0 (skip the web part), BENCH_BUILD=1 (rebuild first),
 * BENCH_KEEP_DATABASE=1 (leave the database for a look afterwards).
 *
 * This file runs the steps in order; each step's code is beside it: knobs.ts (the environment),
 * peak-day.ts (the diary's day), scenarios.ts (the calls), latency.ts (autocannon's figures), plans.ts
 * (the EXPLAINs), web.ts (bundle sizes, headers, Lighthouse) and results-table.ts (the printed summary).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { addDaysToDate, businessDate, businessInstant } from '@parking/domain/dates';
import { rowsOf } from '../apps/server/src/db/client';
import { airlines, lots, vehicleTypes } from '../apps/server/src/db/schema/index';
import { seedContent } from '../apps/server/src/seed/content';
import {
  BOOKINGS,
  CONNECTIONS,
  CUSTOMERS,
  DIARY_ROWS,
  ONLY,
  PORT,
  QUICK,
  SECONDS,
  WARMUP_SECONDS,
  STAFF_CONNECTIONS,
  WEB,
} from './knobs';
import { runScenario, type ApiFigure } from './latency';
import { assertWrkInstalled, runWrkScenario } from './wrk';
import { busiestDiaryDay, makePeakDay } from './peak-day';
import { bookingHotCall, explainHotCalls, hotCalls } from './plans';
import { seedReportData } from './report-data';
import { summary } from './results-table';
import { targetRows, targetTable, type RunResults } from './targets';
import { ceilingScenario, scenarios, type Scenario } from './scenarios';
import { createAdmin, ensureBuilt, login, onlineBookingDoc, REPO_ROOT, startServer } from './server-process';
import { benchDatabaseName, openBenchDatabase, TIME_ZONE } from './setup';
import type { ClickToPricesFigure } from './click-to-prices';
import { BOARD_FANOUT_NAME, measureBoardFanOut } from './board-fanout';
import { measurePartnerFanOut, PARTNER_FANOUT_NAME, seedBenchPartner } from './partners';
import { measureWeb, type AssetHeaders, type LighthouseFigure, type WebFigure } from './web';

/** Each scenario with its load generator (bench/wrk.ts says why the public calls are wrk's). */
const measure = (base: string, token: string, scenario: Scenario, ceiling: number | undefined) =>
  scenario.load === 'wrk'
    ? runWrkScenario(base, token, scenario, ceiling)
    : runScenario(base, token, scenario, ceiling);

async function main() {
  assertWrkInstalled();
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'npm run bench needs a PostgreSQL server: set BENCH_DATABASE_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  ensureBuilt();
  // The run this one replaces: its figures are printed beside this run's, and kept as results-previous.json.
  const resultsFile = join(REPO_ROOT, 'bench/results.json');
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as RunResults)
    : undefined;
  const name = benchDatabaseName();
  const started = new Date();
  const { handle, url: databaseUrl, cleanup } = await openBenchDatabase(url, name);
  if (!databaseUrl) throw new Error('no database URL');
  try {
    let phase = performance.now();
    await handle.migrate();
    const now = new Date();
    await seedReportData(handle.db, now, BOOKINGS, { customers: CUSTOMERS });
    await handle.db.transaction((tx) => seedContent(tx, now));
    await createAdmin(handle.db);
    const [shape] = rowsOf<Record<string, number | string>>(
      await handle.db.execute(sql`
        SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM booking_extras) AS "bookingExtras",
               (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM lots) AS lots,
               (SELECT count(*)::int FROM exceptional_days) AS "exceptionalDays", (SELECT count(*)::int FROM blockout_periods) AS blockouts,
               (SELECT to_char(min(start_datetime), 'YYYY-MM-DD') FROM bookings) AS "firstDropOff", (SELECT to_char(max(start_datetime), 'YYYY-MM-DD') FROM bookings) AS "lastDropOff",
               version() AS postgres`),
    );
    const seedSeconds = (performance.now() - phase) / 1000;
    console.info(`Database ${name}: ${JSON.stringify(shape)} generated in ${seedSeconds.toFixed(0)} s`);

    const today = businessDate(now, TIME_ZONE);
    const busiest = await busiestDiaryDay(handle.db, now, 60);
    const busy = {
      day: busiest.day,
      rows: await makePeakDay(handle.db, busiest, QUICK ? busiest.rows : DIARY_ROWS),
    };
    console.info(
      `Diary day ${busy.day}: ${busy.rows} drop-offs and pick-ups (the generated data had ${busiest.rows})`,
    );
    const lotRows = await handle.db.select().from(lots);
    const [vehicleType] = await handle.db.select().from(vehicleTypes).limit(1);
    const [airline] = await handle.db.select().from(airlines).limit(1);
    const indoorId = lotRows.find((lot) => lot.slug === 'indoor')?.id;
    const outdoorId = lotRows.find((lot) => lot.slug === 'outdoor')?.id;
    if (!indoorId || !outdoorId || !vehicleType || !airline) throw new Error('reference data missing');
    // The partner API's caller (issue 42): a live partner's key, and an allotment every call works out.
    const partnerKey = await seedBenchPartner(handle.db, outdoorId);

    const server = await startServer(PORT, databaseUrl);
    const loadBefore = loadavg();
    const api: ApiFigure[] = [];
    let web: WebFigure[] = [];
    let headers: AssetHeaders | undefined;
    let scores: LighthouseFigure[] = [];
    let clickToPrices: ClickToPricesFigure[] = [];
    let token = '';
    try {
      token = await login(server.base);
      phase = performance.now();
      // Warm the server's code paths (JIT, pool) before the ceiling, so it is not measured cold.
      await autocannon({ url: `${server.base}/backend/live/`, connections: 10, duration: 2 });
      const ceiling = await measure(server.base, token, ceilingScenario, undefined);
      api.push(ceiling);
      console.info(
        `${ceiling.name}: ${ceiling.requestsPerSecond.toFixed(0)} req/s, p50 ${ceiling.p50Ms} ms, p99 ${ceiling.p99Ms} ms`,
      );
      for (const scenario of scenarios(
        today,
        busy.day,
        {
          indoorId,
          outdoorId,
          vehicleTypeId: vehicleType.id,
          airlineId: airline.id,
        },
        partnerKey,
      ).filter((scenario) => !ONLY || ONLY.test(scenario.name))) {
        const figure = await measure(server.base, token, scenario, ceiling.requestsPerSecond);
        api.push(figure);
        console.info(
          `${figure.name}: ${figure.requestsPerSecond.toFixed(1)} req/s (${(figure.ofCeiling * 100).toFixed(1)}% of ceiling), p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, errors ${figure.errors} ${JSON.stringify(figure.statuses)}`,
        );
      }
      if (!ONLY || ONLY.test(BOARD_FANOUT_NAME)) {
        const fanOut = await measureBoardFanOut(handle.db, server.base, token, outdoorId, now);
        api.push(fanOut);
        console.info(
          `${fanOut.name}: p50 ${fanOut.p50Ms} ms, p99 ${fanOut.p99Ms} ms, max ${fanOut.maxMs} ms, errors ${fanOut.errors} ${JSON.stringify(fanOut.statuses)}`,
        );
      }
      if (!ONLY || ONLY.test(PARTNER_FANOUT_NAME)) {
        const outdoorSlug = lotRows.find((lot) => lot.id === outdoorId)?.slug ?? 'outdoor';
        const fanOut = await measurePartnerFanOut(
          handle.db,
          server.base,
          { lotId: outdoorId, lotSlug: outdoorSlug, vehicleTypeId: vehicleType.id, airlineId: airline.id },
          now,
        );
        api.push(fanOut);
        console.info(
          `${fanOut.name}: p50 ${fanOut.p50Ms} ms, p99 ${fanOut.p99Ms} ms, max ${fanOut.maxMs} ms, errors ${fanOut.errors} ${JSON.stringify(fanOut.statuses)}`,
        );
      }
      console.info(`API scenarios took ${((performance.now() - phase) / 1000).toFixed(0)} s`);
      // Requests autocannon left in flight when its time was up finish before anything else runs.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const outdoor = lotRows.find((lot) => lot.id === outdoorId);
      if (WEB)
        ({
          headers,
          initial: web,
          scores,
          clickToPrices,
        } = await measureWeb(server.base, token, {
          lotId: outdoorId,
          lotName: outdoor?.name ?? 'Outdoor',
          lotSlug: outdoor?.slug ?? 'outdoor',
          vehicleTypeId: vehicleType.id,
          vehicleTypeName: vehicleType.name,
          airlineId: airline.id,
          airlineName: airline.name,
        }));
    } finally {
      await server.stop();
    }
    const loadAfter = loadavg();

    const planned = businessInstant(addDaysToDate(today, 200), '06:00:00', TIME_ZONE);
    const booking = bookingHotCall(
      JSON.stringify(
        onlineBookingDoc(
          { lotId: outdoorId, vehicleTypeId: vehicleType.id, airlineId: airline.id },
          planned,
          new Date(planned.getTime() + 3 * 86_400_000),
          1_000_000,
        ),
      ),
    );
    const explained = await explainHotCalls(databaseUrl, token, [...hotCalls(today, busy), booking]);
    console.info('\nEXPLAIN (ANALYZE, BUFFERS) of the statements each hot call runs:');
    console.info(explained.join('\n'));

    const results = {
      measured: started.toISOString(),
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model ?? '',
        node: process.version,
        postgres: String(shape?.postgres ?? ''),
        loadAverageBefore: loadBefore.map((value) => Math.round(value * 100) / 100),
        loadAverageAfter: loadAfter.map((value) => Math.round(value * 100) / 100),
        note: 'one shared machine: the load generator, the server and PostgreSQL run side by side',
      },
      data: { ...shape, busiestDiaryDay: busy, generatedSeconds: Math.round(seedSeconds) },
      settings: {
        secondsPerScenario: SECONDS,
        publicConnections: CONNECTIONS,
        staffConnections: STAFF_CONNECTIONS,
        quick: QUICK,
      },
      api,
      web: { initialAssets: web, staticHeaders: headers, lighthouse: scores, clickToPrices },
    };
    if (previous)
      writeFileSync(join(REPO_ROOT, 'bench/results-previous.json'), `${JSON.stringify(previous, null, 2)}\n`);
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.info(
      summary({
        started,
        shape,
        seconds: SECONDS,
        loadBefore,
        loadAfter,
        headers,
        api,
        web,
        scores,
        clickToPrices,
      }),
    );
    const targets = targetTable(targetRows(results, previous), previous?.measured);
    console.info(`\nIssue 26's targets (previous run → this run):\n${targets}`);
    if ((!QUICK && !ONLY) || process.env.BENCH_README === '1')
      await writeReadmeTargets(
        `\`npm run bench\`, **${started.toISOString().slice(0, 10)}**, ${Number(shape?.bookings ?? 0).toLocaleString('en-AU')} bookings on ${String(shape?.postgres ?? '').split(' on ')[0]}, ${SECONDS} s per call after ${WARMUP_SECONDS} s of warm-up${QUICK || ONLY ? ` (a reduced run: ${[QUICK ? 'BENCH_QUICK=1' : '', ONLY ? `BENCH_ONLY=${ONLY.source}` : ''].filter(Boolean).join(', ')})` : ''}; load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')} before:\n\n${targets}`,
      );
    if (api.some((row) => row.errors > 0)) {
      console.error('Some calls failed: see the errors column.');
      process.exitCode = 1;
    }
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') await handle.close();
    else await cleanup();
  }
}

/** The README's table of the latest run, between its markers (README.md, Performance). */
async function writeReadmeTargets(block: string): Promise<void> {
  const file = join(REPO_ROOT, 'README.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- bench:targets:start (written by npm run bench) -->';
  const end = '<!-- bench:targets:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.warn(`README.md has no ${start} … ${end} block: the table is not written there.`);
    return;
  }
  const written = `${text.slice(0, from + start.length)}\n\n${block}\n\n${text.slice(to)}`;
  // Laid out as the repository's Prettier lays out Markdown, so that the README stays as `prettier --check` wants it.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(written, { ...options, filepath: file }));
  console.info('The table is written to README.md (Performance).');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
