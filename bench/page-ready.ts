/**
 * What the browser benchmarks wait for on a pre-rendered page (/, the wizard's first step, content pages):
 * such a page starts the app when a visitor first reaches for it (apps/web/src/start-on-intent.ts).
 */
import type { Page } from '@playwright/test';

/** Resolves in the page once the browser has had an idle moment. */
export const IDLE = 'new Promise((resolve) => requestIdleCallback(() => resolve(true)))';

/**
 * Whether the app has taken the page over: it states it on the document then, `<html data-app="attached">`
 * (apps/web/src/main.tsx), as e2e/support/app-attached.ts waits for.
 */
const APP_ATTACHED = `document.documentElement.dataset.app === 'attached'`;

/**
 * A visitor reaching for the page (the pointer moves over it), then the app having taken it over. Polled with
 * `evaluate`: `waitForFunction` runs its predicate through eval, which the site's CSP refuses.
 */
export async function reachForApp(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.mouse.move(4, 4);
  await page.mouse.move(8, 8);
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(APP_ATTACHED))) {
    if (Date.now() > deadline)
      throw new Error(`the app did not take ${page.url()} over within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
