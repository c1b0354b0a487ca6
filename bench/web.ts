/**
 * The web part of `npm run bench` (bench/run.ts): the gzip size of the JavaScript and CSS a first visit
 * downloads (Chromium, production build), how a hashed asset is sent, Lighthouse 12's scores, and the
 * time from "Get a quote" to prices (bench/click-to-prices.ts).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureClickToPrices } from './click-to-prices';
import { CLICKS, LIGHTHOUSE_RUNS } from './knobs';
import { REPO_ROOT } from './server-process';
import { IDLE, reachForApp } from './page-ready';
import { waitForQuiet } from './quiet';
import { wizardStepScores, type WizardIds } from './wizard-lighthouse';

export interface WebFigure {
  path: string;
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
  /** Scripts fetched once the app has attached, to ready the next step (the home page: the quote step). */
  prefetchedJsFiles: number;
  prefetchedJsGzipBytes: number;
}

/**
 * The home page is sent pre-rendered, starts the app when a visitor reaches for it, and fetches the quote
 * step's code once the app has attached and the page is idle (issue 22): its initial assets are those asked for
 * until the app has attached, the rest are prefetched. The other pages' are all initial: the wizard's first
 * step's once its app has attached and drawn it, the back office's once it has rendered in the browser.
 */
const PREFETCHING_PAGES = new Set(['/']);

/** The scripts and style sheets a first visit to each path downloads, gzip-compressed (level 9) as `vite build` reports. */
async function initialAssets(base: string, token: string): Promise<WebFigure[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const figures: WebFigure[] = [];
  try {
    for (const path of ['/', '/booking/step-1', '/admin']) {
      const context = await browser.newContext();
      // The back office as a logged-in admin sees it: the app keeps its token in local storage.
      if (path === '/admin')
        await context.addInitScript({
          content: `window.localStorage.setItem('skypark.authToken', ${JSON.stringify(token)});`,
        });
      const page = await context.newPage();
      const bodies: Array<Promise<{ url: string; kind: string; bytes: number }>> = [];
      let recording = true;
      let lastRequestAt = Date.now();
      const seen = new Set<string>();
      page.on('request', (request) => {
        lastRequestAt = Date.now();
        // Each file once: the app prefetched, then run from the browser's cache, is asked for twice.
        const url = request.url();
        if (!recording || seen.has(url)) return;
        seen.add(url);
        // A pre-rendered page fetches the app with <link rel="prefetch"> (start-on-intent.ts): a script too.
        const kind = /\.js$/.test(new URL(url).pathname) ? 'script' : request.resourceType();
        if (kind === 'script' || kind === 'stylesheet')
          bodies.push(
            request
              .response()
              .then((response) => response?.body() ?? Buffer.alloc(0))
              .then((body) => ({ url, kind, bytes: gzipSync(body, { level: 9 }).length })),
          );
      });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      if (path !== '/admin') {
        // A pre-rendered page starts the app once a visitor reaches for it (apps/web/src/start-on-intent.ts):
        // its initial JavaScript is what it has downloaded once the app has taken it over.
        await reachForApp(page);
        await page.evaluate(IDLE);
      }
      // The network quiet for half a second, every answer in.
      for (let settled = 0; bodies.length > settled || Date.now() - lastRequestAt < 500;) {
        settled = bodies.length;
        await Promise.all(bodies);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      recording = false;
      const timing = JSON.parse(
        await page.evaluate(`JSON.stringify({ attachedAt: performance.getEntriesByName('app-attached', 'mark')[0]?.startTime ?? null,
          started: Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime])) })`),
      ) as { attachedAt: number | null; started: Record<string, number> };
      const fetchedAhead = (url: string) =>
        PREFETCHING_PAGES.has(path) && (timing.started[url] ?? 0) > (timing.attachedAt ?? Infinity);
      const assets = (await Promise.all(bodies)).map((asset) => ({
        ...asset,
        prefetched: fetchedAhead(asset.url),
      }));
      const of = (kind: string, prefetched = false) =>
        assets.filter((asset) => asset.kind === kind && asset.prefetched === prefetched);
      const bytes = (list: typeof assets) => list.reduce((sum, asset) => sum + asset.bytes, 0);
      figures.push({
        path,
        jsFiles: of('script').length,
        jsGzipBytes: bytes(of('script')),
        cssFiles: of('stylesheet').length,
        cssGzipBytes: bytes(of('stylesheet')),
        prefetchedJsFiles: of('script', true).length,
        prefetchedJsGzipBytes: bytes(of('script', true)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/** How the server sends a hashed asset: its encoding and cache header. */
async function assetHeaders(base: string) {
  const html = await (await fetch(`${base}/`)).text();
  const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
  if (!asset) throw new Error('no hashed script in index.html');
  const response = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  const page = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip' } });
  await page.arrayBuffer();
  return {
    asset,
    assetContentEncoding: response.headers.get('content-encoding'),
    assetCacheControl: response.headers.get('cache-control'),
    pageContentEncoding: page.headers.get('content-encoding'),
    pageCacheControl: page.headers.get('cache-control'),
  };
}
export type AssetHeaders = Awaited<ReturnType<typeof assetHeaders>>;

export interface LighthouseFigure {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** Where the page ended up (the wizard's steps: a step shown without its state goes back to step 1). */
  finalUrl?: string;
  /** Each run's performance score, when the figure is the median of several (medianRun). */
  runs?: Array<number | 'unscored'>;
  /** Why Lighthouse could not score the page (its runtime error or a metric's error), when it could not. */
  error?: string;
}

/**
 * Lighthouse 12's CLI, mobile (its default), headless Chromium, once the machine is quiet (bench/quiet.ts:
 * the last run's Chromium gone).
 */
async function lighthouse(url: string): Promise<Omit<LighthouseFigure, 'path'>> {
  await waitForQuiet({ windowMs: 1_000, maxMs: 30_000 });
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility,best-practices',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`));
      const report = JSON.parse(out) as {
        categories: Record<string, { score: number | null }>;
        audits: Record<string, { numericValue?: number }>;
      };
      const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
      const metric = (name: string) => Math.round(report.audits[name]?.numericValue ?? NaN);
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
      });
    });
  });
}

/**
 * Lighthouse's trace recording fails now and then (NO_NAVSTART, a Chromium hiccup): asked once more, and a page
 * it still cannot score is reported as unscored (0, with the reason) rather than ending the run before any figure
 * is written.
 */
async function lighthouseOnceMore(url: string): Promise<Omit<LighthouseFigure, 'path'>> {
  try {
    return await lighthouse(url);
  } catch (first) {
    console.warn(`Lighthouse on ${url} failed, once more: ${String(first).slice(0, 300)}`);
    try {
      return await lighthouse(url);
    } catch (second) {
      console.warn(`Lighthouse on ${url} failed again: ${String(second).slice(0, 300)}`);
      return {
        performance: 0,
        accessibility: 0,
        bestPractices: 0,
        firstContentfulPaintMs: NaN,
        largestContentfulPaintMs: NaN,
        totalBlockingTimeMs: NaN,
        error: String(second).slice(0, 500),
      };
    }
  }
}

/**
 * Lighthouse's performance score of one page moves from run to run on the same build and machine (on this
 * 2-core machine, / scored 95, then 87 two minutes later: total blocking time 254 ms, then 490 ms, as the
 * machine's other work lands in the page's tasks or not). Lighthouse's guide to variability advises the median
 * of several runs: the run with the median performance score is the page's figure, and every run's score is
 * kept beside it (`runs`).
 */
async function medianRun(url: string): Promise<Omit<LighthouseFigure, 'path'>> {
  const runs: Array<Omit<LighthouseFigure, 'path'>> = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouseOnceMore(url));
  // A run Lighthouse could not score (its error kept in the run) is not a score: the median is of the others.
  const isScored = (run: Omit<LighthouseFigure, 'path'>) =>
    run.error === undefined && !Number.isNaN(run.totalBlockingTimeMs);
  const scored = runs.filter(isScored);
  const sorted = (scored.length ? scored : runs).sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return { ...median, runs: runs.map((run) => (isScored(run) ? run.performance : 'unscored')) };
}

/** The whole web part: the hashed asset's headers, the pages' initial assets, Lighthouse, click to prices. */
export async function measureWeb(base: string, token: string, wizard: WizardIds) {
  const headers = await assetHeaders(base);
  const initial = await initialAssets(base, token);
  const scores: LighthouseFigure[] = [];
  // After the API scenarios' load, PostgreSQL and the server have work of their own for a while (autovacuum,
  // the checkpoint, held caches catching up): Lighthouse starts once it is done (bench/quiet.ts).
  const quiet = await waitForQuiet();
  console.info(
    `Web measurements: the machine was quiet after ${(quiet.waitedMs / 1000).toFixed(0)} s` +
      (quiet.busy === null
        ? ''
        : ` (${(quiet.busy * 100).toFixed(0)}% busy${quiet.quiet ? '' : ', still busy'})`),
  );
  // The pages: the home page, the wizard's first step, a content page and the login page. The pages
  // with a performance target are scored by the median of LIGHTHOUSE_RUNS runs (see medianRun).
  for (const path of ['/', '/booking/step-1', '/faq'])
    scores.push({ path, ...(await medianRun(`${base}${path}`)) });
  scores.push({ path: '/login', ...(await lighthouseOnceMore(`${base}/login`)) });
  // Steps 2-8, each with the steps before it answered (bench/wizard-lighthouse.ts).
  scores.push(...(await wizardStepScores(base, wizard)));
  const clickToPrices = await measureClickToPrices(base, token, CLICKS, new Date());
  return { headers, initial, scores, clickToPrices };
}
