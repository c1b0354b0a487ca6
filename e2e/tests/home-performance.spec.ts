import { gzipSync } from 'node:zlib';
import { expect, test, type Request, type Response } from '@playwright/test';

// The target: the scripts of a first visit to / stay under 180 kB gzip (179.3 kB in 1 file on
// 2026-11-23, down from 203 kB in 45). The test fails the run when the home page starts carrying a
// screen it does not show or grows past the target: lower this as the home page gets lighter, never
// raise it quietly.
const HOME_JS_BUDGET_GZIP_BYTES = 180 * 1024;

test.describe('home page weight', () => {
  // Measured once, in the desktop project (the phone project ignores this file): the bytes are the same.
  test('the initial JavaScript of / stays lean and holds no admin code', async ({ page }, testInfo) => {
    // The initial scripts are those asked for before the load event: once loaded and idle, the page fetches
    // the quote step's code on purpose (issue 22: quote-speed.spec.ts).
    const requests: Request[] = [];
    let loaded = false;
    page.once('load', () => (loaded = true));
    page.on('request', (request) => {
      if (!loaded && request.resourceType() === 'script') requests.push(request);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible();
    const responses = (await Promise.all(requests.map((request) => request.response()))).filter(
      (response): response is Response => response !== null,
    );
    expect(responses).toHaveLength(requests.length);

    // gzip of each script as `vite build` reports it; the server may send brotli instead, of similar size.
    const scripts = await Promise.all(
      responses.map(async (response) => ({
        file: new URL(response.url()).pathname.split('/').pop() ?? '',
        gzip: gzipSync(await response.body(), { level: 9 }).length,
      })),
    );
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    await testInfo.attach('home-scripts.json', {
      body: JSON.stringify({ totalGzip: total, scripts }, null, 2),
      contentType: 'application/json',
    });
    console.info(`initial JS for /: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.length} files`);
    expect(scripts.filter((script) => /admin/i.test(script.file))).toEqual([]);
    expect(scripts.filter((script) => /step-\d|booking-wizard|stripe/i.test(script.file))).toEqual([]);
    expect(total).toBeLessThan(HOME_JS_BUDGET_GZIP_BYTES);
  });
});
