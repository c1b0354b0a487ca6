import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { runEffectsAsReactDoes } from './app/effects-after-input';
import { hydration } from './components/hydrate-later';
import { prefetchFirstRender } from './app/first-render';
import { AppProviders, createQueryClient } from './app/providers';
import { preloadScreens } from './app/lazy-page';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { hasWizardState } from './features/booking/state/storage-key';
import { readToken } from './lib/api/token-storage';

// The app renders with Preact (vite.config.ts preactRenderer): its effects then run when React's would.
runEffectsAsReactDoes();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Gives the main thread back to the browser before the next part of the start-up: evaluating the
 * script, creating the router (every route's path compiled and ranked) and attaching React were one
 * task of about 200 ms on a mid-range phone, during which a tap waited (Lighthouse's total blocking
 * time). As separate tasks, the browser paints and answers input between them.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Whether the pre-rendered page is the one this visitor would see: it was made for a visitor without a
 * session and, on the wizard's first step, without a booking under way in this tab.
 */
const madeForThisVisit = () =>
  !readToken() && !(window.location.pathname === paths.bookingStep1.path && hasWizardState());

async function start(root: HTMLElement) {
  // The entry's evaluation ends here: the first read of the tab's storage (madeForThisVisit) waits for the
  // browser to hand it over, and it is a task of its own.
  await nextTask();
  const prerendered = document.getElementById('prerendered-state')?.textContent;
  const hydrating = Boolean(prerendered) && madeForThisVisit();
  const queryClient = createQueryClient();
  if (!hydrating) {
    // What the first render asks for, asked for now: the requests travel while the app starts and
    // renders (most of a second on a slow phone) instead of starting once it has.
    void Promise.all(prefetchFirstRender(queryClient, window.location.pathname));
  }
  await nextTask();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The home page, the wizard's first step and content pages come pre-rendered by the server
  // (entry-server.tsx) for visitors without a session, with the data they were rendered from. Hydrating
  // attaches the app to that HTML, which the phone has already painted, once the screens' chunks are here
  // (so that the first render draws them, as the server did); anyone else gets the page rendered afresh.
  if (hydrating && prerendered) {
    hydrate(queryClient, JSON.parse(prerendered));
    await preloadScreens(router.state.matches.map((match) => match.route.element)).catch(() => undefined);
    await nextTask();
    // Preact attaches to the painted page in one task, but for the parts marked HydrateLater (below the first
    // screen: the carousel, the content blocks, the footer), each attached in a task of its own afterwards, so
    // that a slow phone answers a tap between them.
    hydration.begin();
    startTransition(() => void hydrateRoot(root, app));
    hydration.end();
    // Until then the clicks on a pre-rendered page are held (start-on-intent.ts).
    await hydration.settled();
  } else {
    // The first render as a transition: React then renders the page in slices and lets the browser paint
    // and answer input between them, instead of one long task that blocks the main thread on a slow phone.
    const reactRoot = createRoot(root);
    await nextTask();
    startTransition(() => reactRoot.render(app));
  }
}

// The pre-rendered page's own script (start-on-intent.ts) waits for this to give the app the clicks it held.
window.appStarted = start(container);
