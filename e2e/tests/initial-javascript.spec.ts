import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { appAttached } from '../support/app-attached';
import { adminToken } from '../support/booking';

// Issue 26 ("Fast everywhere"): the JavaScript a first visit downloads, gzip (level 9, as `vite build` and
// `npm run bench` count it), in kB of 1,000 bytes. Its budgets were / ≤ 150, /booking/step-1 ≤ 170, /admin ≤ 250,
// met by rendering with Preact and patching four packages at build time (115.9, 153.2 and 185.0 kB). Issue 39
// chose one renderer and no patched packages: React's react-dom costs 59.2 kB of the entry, the patches' removal
// 7.4 kB (React Router's development build 2.4, MUI's theme with CSS variables 5.0), measured on 2026-11-29 at
// 186.0, 224.2 and 256.5 kB. The budgets below are those figures with a little room: the test still fails the run
// when a page starts carrying code it does not show. The pre-rendered pages run only a 1 kB script until a visitor
// reaches for them (Lighthouse: bench/README.md). The back office's grew to 260.9 kB on 2026-11-30 with issues 41
// and 42's screens (the navigation's Bring-up board, Wallet updates and Partners with their icons and lazy routes,
// the diary's channel line): its budget moved to 265 for them, nothing else.
const BUDGET_KB = { home: 190, quoteStep: 230, admin: 265 };

interface Script {
  file: string;
  gzip: number;
}

/**
 * The scripts `requested` (requests or addresses), each file once, gzip-compressed (the server may send brotli, of similar
 * size). Each file is fetched again here for its bytes: Playwright now and then reports no response for a
 * script the page did load (the trace shows it answered), which is no fault of the page's.
 */
async function gzipSizes(page: Page, requested: (Request | string)[]): Promise<Script[]> {
  const urls = [
    ...new Set(requested.map((request) => (typeof request === 'string' ? request : request.url()))),
  ];
  return Promise.all(
    urls.map(async (url) => {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      return {
        file: new URL(url).pathname.split('/').pop() ?? '',
        gzip: gzipSync(await response.body(), { level: 9 }).length,
      };
    }),
  );
}

/**
 * Records the page's script requests until `recording.stop()`. A script the page prefetched (a
 * `<link rel="prefetch">`: the pre-rendered pages fetch the app that way, apps/web/src/start-on-intent.ts) is
 * counted as a script too: the app runs from it.
 */
function recordScripts(page: Page) {
  const requests: Request[] = [];
  let recording = true;
  page.on('request', (request) => {
    const script = request.resourceType() === 'script' || /\.js$/.test(new URL(request.url()).pathname);
    if (recording && script) requests.push(request);
  });
  return { requests, stop: () => void (recording = false) };
}

async function report(scripts: Script[], name: string, testInfo: Parameters<Parameters<typeof test>[2]>[1]) {
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  await testInfo.attach(`${name}-scripts.json`, {
    body: JSON.stringify({ totalGzip: total, scripts }, null, 2),
    contentType: 'application/json',
  });
  console.info(`initial JS for ${name}: ${(total / 1000).toFixed(1)} kB gzip in ${scripts.length} files`);
  return total;
}

const named = (scripts: Script[], pattern: RegExp) => scripts.filter((script) => pattern.test(script.file));

test.describe('initial JavaScript of a first visit', () => {
  // Measured once, in the desktop project (the phone project ignores this file): the bytes are the same.
  // A pre-rendered page (/, step 1) runs a script of 1 kB until a visitor reaches for it, then starts the app
  // (apps/web/src/start-on-intent.ts): its initial JavaScript is what it has downloaded once the app has taken
  // it over.
  test('the home page: no admin, wizard or payment code', async ({ page }, testInfo) => {
    // Once attached and idle, the page fetches the quote step's code on purpose (issue 22:
    // quote-speed.spec.ts): the scripts counted are those asked for until the app attached, timed in the page
    // (the step's code is asked for at least a frame later, once the attached page's effects have run).
    await page.goto('/', { waitUntil: 'networkidle' });
    await appAttached(page);
    await expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible();
    const urls = await page.evaluate(() => {
      const attachedAt = performance.getEntriesByName('app-attached', 'mark')[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= attachedAt)
        .map((entry) => entry.name);
    });
    const scripts = await gzipSizes(page, urls);
    const total = await report(scripts, 'home', testInfo);
    expect(named(scripts, /^start-on-intent-/)).toHaveLength(1);
    expect(named(scripts, /^index-/)).toHaveLength(1);
    expect(named(scripts, /admin/i)).toEqual([]);
    expect(named(scripts, /step-\d|booking-wizard|stripe/i)).toEqual([]);
    expect(total).toBeLessThanOrEqual(BUDGET_KB.home * 1000);
  });

  test("the wizard's first step: no admin, later steps' or payment code", async ({ page }, testInfo) => {
    const recording = recordScripts(page);
    await page.goto('/booking/step-1', { waitUntil: 'networkidle' });
    await appAttached(page);
    // What the step draws once attached, asked for then.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.waitForLoadState('networkidle');
    recording.stop();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scripts = await gzipSizes(page, recording.requests);
    const total = await report(scripts, 'step-1', testInfo);
    expect(named(scripts, /^index-/)).toHaveLength(1);
    expect(named(scripts, /admin/i)).toEqual([]);
    expect(named(scripts, /step-[2-8]|stripe/i)).toEqual([]);
    expect(total).toBeLessThanOrEqual(BUDGET_KB.quoteStep * 1000);
  });

  test('the back office as staff land on it (the diary): no dialogs, time pickers or other screens', async ({
    page,
    request,
  }, testInfo) => {
    // The app keeps its token in local storage, as after a login.
    const token = await adminToken(request);
    await page.addInitScript((value) => window.localStorage.setItem('skypark.authToken', value), token);
    const recording = recordScripts(page);
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await expect(page).toHaveURL(/\/admin\/diary/);
    await expect(page.getByRole('heading', { name: 'Diary', level: 1 })).toBeVisible();
    recording.stop();
    const scripts = await gzipSizes(page, recording.requests);
    const total = await report(scripts, 'admin', testInfo);
    // The row dialogs and their forms load when one is opened; the time pickers with a screen that has one.
    expect(named(scripts, /check-in|hand-back|flight-delay-dialog|date-fields|rich-text|report/i)).toEqual(
      [],
    );
    // The date picker and the search's Autocomplete load when the field or the box is first reached for.
    expect(named(scripts, /^date-input-|autocomplete/i)).toEqual([]);
    expect(total).toBeLessThanOrEqual(BUDGET_KB.admin * 1000);
  });
});
