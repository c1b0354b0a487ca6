/**
 * Load test of the hottest read path: GET quotes for random date ranges (home page and wizard step 1).
 *
 * Starts the real app on 127.0.0.1 (a fresh in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is
 * set: a database `parking_bench` is created from that URL and dropped afterwards), migrates, loads the
 * reference data and 100,000 bookings over ±1 year, then runs concurrent clients for a fixed time from
 * a worker thread and prints requests/s and latency percentiles.
 *
 *   npm run bench                                              # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *
 * Knobs: BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_BOOKINGS (100000), BENCH_WARMUP_SECONDS (2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import { seededRandom } from '@parking/domain/seeded-random';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { rowsOf } from '../apps/server/src/db/client';
import { openBenchDatabase, seed, TIME_ZONE } from './setup';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);

interface Result {
  requests: number;
  errors: number;
  seconds: number;
  latencies: Float64Array;
}

/** The load loop: runs in a worker so that the clients do not share the server's event loop. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, connections, warmupMs, durationMs } = workerData;
async function run() {
  let measuring = false;
  let stop = false;
  let requests = 0;
  let errors = 0;
  const latencies = [];
  let next = 0;
  async function client() {
    while (!stop) {
      const url = urls[next++ % urls.length];
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' } });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        ok = false;
      }
      if (measuring && !stop) {
        requests += 1;
        if (!ok) errors += 1;
        latencies.push(performance.now() - started);
      }
    }
  }
  const clients = Array.from({ length: connections }, client);
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  stop = true;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients);
  parentPort.postMessage({ requests, errors, seconds, latencies: Float64Array.from(latencies) });
}
run();
`;

function load(urls: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        urls,
        connections: CONNECTIONS,
        warmupMs: WARMUP_SECONDS * 1000,
        durationMs: SECONDS * 1000,
      },
    });
    worker.once('message', (result: Result) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Random ranges a visitor might ask for: departure in the next 300 days, 1-21 days long. */
function randomUrls(base: string, today: string, count: number): string[] {
  const random = seededRandom(12345);
  return Array.from({ length: count }, () => {
    const start = addDaysToDate(today, Math.floor(random() * 300));
    const end = addDaysToDate(start, Math.floor(random() * 21));
    return `${base}/backend/api/v1/quotes/?start_date=${start}&end_date=${end}&filter[lot.slug__in]=indoor,outdoor&include=lot`;
  });
}

async function main() {
  const driver = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-bench-'));
  const { handle, cleanup } = await openBenchDatabase();
  try {
    const phase = performance.now();
    await handle.migrate();
    const now = new Date();
    await seed(handle.db, now, BOOKINGS);
    const [counts] = rowsOf<{ bookings: number }>(
      await handle.db.execute(sql`SELECT count(*)::int AS bookings FROM bookings`),
    );
    console.info(
      `${driver}: migrated and seeded ${counts?.bookings ?? 0} bookings in ${((performance.now() - phase) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BUSINESS_TIMEZONE: TIME_ZONE,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database: handle.db, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const urls = randomUrls(address, businessDate(now, TIME_ZONE), 2000);
      const probe = await fetch(urls[0] ?? address);
      if (probe.status !== 200) throw new Error(`GET quotes answered ${probe.status}: ${await probe.text()}`);
      const loadBefore = loadavg()[0] ?? 0;
      const result = await load(urls);
      const sorted = result.latencies.slice().sort();
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.info(
        [
          `GET quotes (2 lots, include=lot, random ranges of 1-21 days) on ${driver}`,
          `  machine: ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} before the run; ${CONNECTIONS} concurrent clients for ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
          `  requests: ${result.requests} (${result.errors} errors)`,
          `  requests/s: ${(result.requests / result.seconds).toFixed(0)}`,
          `  latency p50 ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
        ].join('\n'),
      );
      if (result.errors > 0) process.exitCode = 1;
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
