/**
 * The browser scenario of `npm run bench` (bench/run.ts): how long a traveller waits from "Get a quote" on
 * the home page to the car parks' prices on the wizard's first step (issue 22: at most 300 ms on loopback).
 *
 * Each click is a first visit in a fresh browser context (nothing cached), desktop size: the home page is
 * loaded and left to go quiet (the network idle, as a visitor reading it would), then "Get a quote" is
 * clicked. The time runs in the page, from the click event's time stamp to the frame that draws the first
 * price (a car park card showing a dollar amount). Two cases:
 * - the dates the form starts with, whose quote the home page fetches while it is idle;
 * - other dates, typed in before the click: the form asks for their quote as they are typed (it tells what
 *   the quote refuses for them, issue 22), so the click normally finds it there as well.
 * For each: the median and p95 over BENCH_CLICKS clicks (20), the target and whether p95 meets it, and
 * when the quote request left after the click (the median; none when the quote was already there).
 *
 * The generated data (500,000 stays) fills every car park on every day, and a full car park makes the form
 * wait (issue 22): there would be no click to time. For the clicks the car parks are given room through the
 * API, as an Admin would (ten times their spaces), and their spaces put back afterwards. The quote does the
 * same work either way: it counts the same overlapping stays.
 */
import type { Page } from '@playwright/test';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import { IDLE, reachForApp } from './page-ready';
import { JSONAPI } from './server-process';
import { TIME_ZONE } from './setup';

export const CLICK_TO_PRICES_TARGET_MS = 300;

export interface ClickToPricesFigure {
  name: string;
  clicks: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  targetMs: number;
  pass: boolean;
  /** Median time from the click until the quote request left, over the clicks that sent one. */
  requestLeftMedianMs: number | null;
  /** Clicks after which a quote request was sent (0 when the quote was fetched before the click). */
  clicksWithRequest: number;
}

// Runs in the page before its own scripts: the click's time stamp, then the frame that draws a price.
const MEASURE = `
window.__clickToPrices = new Promise((resolve) => {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="submit"]') : null;
    if (!button || window.__clickedAt !== undefined) return;
    const start = event.timeStamp;
    window.__clickedAt = start;
    const priced = () => Array.from(document.querySelectorAll('[data-lot]')).some((lot) => /\\$\\d/.test(lot.textContent || ''));
    const observer = new MutationObserver(() => {
      if (!priced()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  }, { capture: true });
});`;

// When each quote request left, relative to the click (resource timings share the click's time base). The
// step's price calendar (quotes/calendar/) is not the quote: it is drawn after the prices.
const REQUESTS_AFTER_CLICK = `performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/backend/api/v1/quotes/?') && entry.startTime >= window.__clickedAt)
  .map((entry) => entry.startTime - window.__clickedAt)`;

/** Requests in flight; `quiet()` resolves once none has been for 500 ms. */
function watchNetwork(page: Page) {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = performance.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet() {
      while (inFlight > 0 || performance.now() - lastChange < 500)
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];

interface LotSpaces {
  id: string;
  spaces: number;
}

async function lotRequest(base: string, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/backend/api/v1/lots/${path}`, {
    ...init,
    headers: { accept: JSONAPI, 'content-type': JSONAPI, authorization: `Token ${token}` },
  });
  if (!response.ok) throw new Error(`lots/${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: unknown };
}

async function setSpaces(base: string, token: string, lot: LotSpaces): Promise<void> {
  await lotRequest(base, token, `${lot.id}/`, {
    method: 'PATCH',
    body: JSON.stringify({ data: { type: 'lots', id: lot.id, attributes: { spaces: lot.spaces } } }),
  });
}

/** Runs `measure` with every car park given ten times its spaces, and puts them back however it ends. */
async function withRoom<T>(base: string, token: string, measure: () => Promise<T>): Promise<T> {
  const { data } = await lotRequest(base, token, '?page[size]=100');
  const lots: LotSpaces[] = (data as Array<{ id: string; attributes: { spaces: number } }>).map((lot) => ({
    id: lot.id,
    spaces: lot.attributes.spaces,
  }));
  try {
    for (const lot of lots) await setSpaces(base, token, { ...lot, spaces: lot.spaces * 10 });
    return await measure();
  } finally {
    for (const lot of lots) await setSpaces(base, token, lot);
  }
}

/**
 * Both cases, `clicks` times each, with room in the car parks (withRoom). `now` gives the "other dates":
 * three to four weeks ahead.
 */
export function measureClickToPrices(base: string, token: string, clicks: number, now: Date) {
  return withRoom(base, token, () => timeClicks(base, clicks, now));
}

async function timeClicks(base: string, clicks: number, now: Date) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const today = businessDate(now, TIME_ZONE);
  const figures: ClickToPricesFigure[] = [];
  try {
    for (const otherDates of [false, true]) {
      const times: number[] = [];
      const left: number[] = [];
      let withRequest = 0;
      let full = 0;
      for (let click = 0; click < clicks; click++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-AU' });
        await context.addInitScript({ content: MEASURE });
        const page = await context.newPage();
        const network = watchNetwork(page);
        await page.goto(`${base}/`, { waitUntil: 'networkidle' });
        // Settled as a visitor reading it would find it: the pointer has moved over it (the app has taken it
        // over), the browser has had an idle moment (what a page does then, it has done) and the network has
        // gone quiet again.
        await reachForApp(page);
        await page.evaluate(IDLE);
        await network.quiet();
        const form = page.getByRole('form', { name: 'Get a quote' });
        if (otherDates) {
          // A different stay each click: no two clicks ask for the same quote.
          await form.getByLabel('Departure date').fill(addDaysToDate(today, 21 + click));
          await form.getByLabel('Return date').fill(addDaysToDate(today, 28 + click));
        }
        const button = form.getByRole('button', { name: 'Get a quote' });
        // The form waits when every car park is full for its dates (issue 22): with today full in the
        // generated data there is no click to time for the form's first dates.
        if (!otherDates && (await button.isDisabled())) {
          await context.close();
          break;
        }
        try {
          await button.click({ timeout: 10_000 });
        } catch (error) {
          // Every car park full for these dates in the generated data: the form waits (issue 22), and there is
          // no click to time. Counted and left out, never timed as a slow answer.
          if (!(await button.isDisabled())) throw error;
          full++;
          await context.close();
          continue;
        }
        const elapsed = await page.evaluate(
          `Promise.race([window.__clickToPrices, new Promise((resolve) => setTimeout(() => resolve('timeout'), 30000))])`,
        );
        if (typeof elapsed !== 'number')
          throw new Error('click to prices: no prices within 30 s of the click');
        times.push(elapsed);
        const requests = numbers(await page.evaluate(REQUESTS_AFTER_CLICK));
        if (requests.length) {
          withRequest++;
          left.push(Math.min(...requests));
        }
        await context.close();
      }
      if (full)
        console.warn(
          `click to prices, ${otherDates ? 'other dates' : "the form's first dates"}: ${full} of ${clicks} stays full in this data; not timed`,
        );
      if (times.length === 0) {
        console.warn(
          "click to prices, the form's first dates: every car park is full for today in this data; not measured",
        );
        continue;
      }
      times.sort((a, b) => a - b);
      left.sort((a, b) => a - b);
      const p95Ms = Math.round(percentile(times, 0.95));
      figures.push({
        name: otherDates
          ? 'other dates (typed in before the click)'
          : "the form's first dates (quote fetched while the page is idle)",
        clicks,
        medianMs: Math.round(percentile(times, 0.5)),
        p95Ms,
        maxMs: Math.round(times[times.length - 1] ?? NaN),
        targetMs: CLICK_TO_PRICES_TARGET_MS,
        pass: p95Ms <= CLICK_TO_PRICES_TARGET_MS,
        requestLeftMedianMs: left.length ? Math.round(percentile(left, 0.5)) : null,
        clicksWithRequest: withRequest,
      });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
