import type { Page } from '@playwright/test';

/**
 * Waits until the app has taken a pre-rendered page over (hydrated it): the browser build renders with
 * Preact (apps/web/vite.config.ts), which keeps the tree it attached on the #root element (its `_children`,
 * mangled to `__k`). Until then the page is the server's HTML, painted but not answering clicks.
 */
export const appAttached = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && '__k' in root;
  });
