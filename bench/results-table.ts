/**
 * What `npm run bench` (bench/run.ts) prints at the end: the run's circumstances and one table of the API
 * calls, the pages' initial assets, Lighthouse's scores and the time from "Get a quote" to prices.
 */
import { cpus } from 'node:os';
import type { ApiFigure } from './latency';
import type { ClickToPricesFigure } from './click-to-prices';
import type { AssetHeaders, LighthouseFigure, WebFigure } from './web';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function table(api: ApiFigure[], web: WebFigure[], scores: LighthouseFigure[]): string {
  const width = Math.max(...api.map((row) => row.name.length), 20);
  const lines = [
    `| ${'API call'.padEnd(width)} | conn | req/s | of ceiling | p50 ms | p99 ms | errors |`,
    `| ${'-'.repeat(width)} | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...api.map(
      (row) =>
        `| ${row.name.padEnd(width)} | ${String(row.connections).padStart(4)} | ${row.requestsPerSecond.toFixed(0).padStart(5)} | ${`${(row.ofCeiling * 100).toFixed(1)}%`.padStart(10)} | ${String(row.p50Ms).padStart(6)} | ${String(row.p99Ms).padStart(6)} | ${String(row.errors).padStart(6)} |`,
    ),
  ];
  if (web.length) {
    lines.push(
      '',
      '| page | initial JS (gzip) | files | initial CSS (gzip) | files | prefetched JS (gzip) | files |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of web)
      lines.push(
        `| ${row.path} | ${kB(row.jsGzipBytes)} | ${row.jsFiles} | ${kB(row.cssGzipBytes)} | ${row.cssFiles} | ${kB(row.prefetchedJsGzipBytes)} | ${row.prefetchedJsFiles} |`,
      );
  }
  if (scores.length) {
    lines.push(
      '',
      '| Lighthouse (mobile) | performance | accessibility | best practices | FCP | LCP | TBT |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of scores) {
      lines.push(
        `| ${row.path} | ${row.performance}${row.runs ? ` (runs: ${row.runs.join(', ')})` : ''} | ${row.accessibility} | ${row.bestPractices} | ${row.firstContentfulPaintMs} ms | ${row.largestContentfulPaintMs} ms | ${row.totalBlockingTimeMs} ms |`,
      );
    }
  }
  return lines.join('\n');
}

function clickTable(rows: ClickToPricesFigure[]): string {
  if (!rows.length) return '';
  return [
    '',
    '| "Get a quote" to prices (Chromium, desktop) | clicks | median | p95 | max | target (p95) | request left after |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.clicks} | ${row.medianMs} ms | ${row.p95Ms} ms | ${row.maxMs} ms | ≤ ${row.targetMs} ms: ${row.pass ? 'PASS' : 'FAIL'} | ${row.requestLeftMedianMs === null ? 'no request (fetched before)' : `${row.requestLeftMedianMs} ms`} |`,
    ),
  ].join('\n');
}

/** The closing summary: the data, the machine, the hashed asset's headers, then the table. */
export function summary(run: {
  started: Date;
  shape: Record<string, number | string> | undefined;
  seconds: number;
  loadBefore: number[];
  loadAfter: number[];
  headers: AssetHeaders | undefined;
  api: ApiFigure[];
  web: WebFigure[];
  scores: LighthouseFigure[];
  clickToPrices: ClickToPricesFigure[];
}): string {
  const { started, shape, loadBefore, loadAfter, headers } = run;
  return [
    '',
    `Benchmark of ${started.toISOString()}: ${Number(shape?.bookings ?? 0).toLocaleString('en-AU')} bookings, ${Number(shape?.customers ?? 0).toLocaleString('en-AU')} customers; ${run.seconds} s per scenario`,
    `machine: ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' ')} after`,
    headers
      ? `hashed asset ${headers.asset}: content-encoding ${headers.assetContentEncoding}, cache-control "${headers.assetCacheControl}"; / : ${headers.pageContentEncoding}, "${headers.pageCacheControl}"`
      : '',
    '',
    table(run.api, run.web, run.scores),
    clickTable(run.clickToPrices),
    '',
    'Written to bench/results.json',
  ].join('\n');
}
