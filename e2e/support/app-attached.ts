import type { Page } from '@playwright/test';

/**
 * A visitor reaching for the page: the pointer moves over it. A pre-rendered page's app starts then
 * (apps/web/src/start-on-intent.ts), as it does on a tap, a key or a field focused.
 */
async function reachFor(page: Page): Promise<void> {
  await page.mouse.move(4, 4);
  await page.mouse.move(8, 8);
}

/**
 * Waits until the app has taken a pre-rendered page over (hydrated it), once a visitor has reached for it: the
 * app then states it on the document, `<html data-app="attached">` (apps/web/src/main.tsx). Until then the page is the server's HTML, painted, its links
 * and quote form working without the app, its clicks held for the app (start-on-intent.ts).
 */
export async function appAttached(page: Page): Promise<void> {
  // A visitor's pointer keeps moving: on a slow page the first moves can come before the loader listens for
  // them (it is a module script, run once the document has arrived), so the visitor reaches again until the
  // app has the page, as a person would.
  const attached = () =>
    page
      .waitForFunction(() => document.documentElement.dataset.app === 'attached', undefined, {
        timeout: 1_000,
      })
      .then(
        () => true,
        () => false,
      );
  for (let reach = 1; ; reach += 1) {
    await reachFor(page);
    if (await attached()) return;
    if (reach === 25) throw new Error('The app did not take the page over after 25 reaches of the pointer.');
  }
}

/** Holds the app's script back until `release()`: the page stays as the server sent it meanwhile. */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
