import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchFirstRender } from './app/first-render';
import { AppProviders, createQueryClient } from './app/providers';
import { markedPartsAttached } from './app/attached-with-page';
import { preloadScreens } from './app/lazy-page';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { drawnFromThisTab, hasWizardState } from './features/booking/state/storage-key';
import { readToken } from './lib/api/token-storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Gives the main thread back to the browser before the next part of the start-up: evaluating the
 * script, creating the router (every route's path compiled and ranked) and attaching React were one
 * task of about 200 ms on a mid-range phone, during which a tap waited (Lighthouse's total blocking
 * time). As separate tasks, the browser paints and answers input between them.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** After the next frame has been drawn: what the effects of the last commit updated has rendered by then. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The app having taken the page over (attached to the pre-rendered page, or drawn it) is stated on the document,
 * `<html data-app="attached">`, and its moment marked (User Timing, `app-attached`): the end-to-end suite and the
 * benchmarks wait for the first and time what was loaded before it by the second.
 */
const APP_ATTACHED_MARK = 'app-attached';

/**
 * Marks the app attached and calls `onAttached` once React has first committed it: a parent's effects run
 * after its children's, so by then every part of a pre-rendered page has taken what the visitor typed before
 * the app started (quote-dates-fields.tsx, lot-options.tsx). The parts in HydrateLater boundaries attach after.
 */
function WhenAttached({ onAttached, children }: { onAttached?: () => void; children: ReactNode }) {
  useEffect(() => {
    if (document.documentElement.dataset.app !== 'attached') {
      document.documentElement.dataset.app = 'attached';
      performance.mark(APP_ATTACHED_MARK);
    }
    onAttached?.();
  }, [onAttached]);
  return children;
}

/**
 * Whether the pre-rendered page is the one this visitor would see: it was made for a visitor without a
 * session and, on the wizard's first step, without a booking under way in this tab; a later step, from this
 * tab's answers (start-on-intent.ts decides the same).
 */
function madeForThisVisit(): boolean {
  if (readToken()) return false;
  const drawnFrom = document.getElementById('prerendered-wizard')?.textContent;
  if (drawnFrom != null) return drawnFromThisTab(drawnFrom);
  return !(window.location.pathname === paths.bookingStep1.path && hasWizardState());
}

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
    // As a transition, React attaches to the painted page in slices and lets the browser paint and answer
    // input between them; the parts marked HydrateLater (below the first screen: the carousel, the content
    // blocks, the footer) are Suspense boundaries, which it attaches after the rest.
    // Counted before React attaches (AttachedWithPage): the parts the server marked.
    const partsAttached = markedPartsAttached();
    await new Promise<void>((attached) =>
      startTransition(() => void hydrateRoot(root, <WhenAttached onAttached={attached}>{app}</WhenAttached>)),
    );
    // A wizard step's form is a boundary of its own, attached after the rest: a held click must find it attached.
    await partsAttached;
    // Until then the clicks on a pre-rendered page are held (start-on-intent.ts).
    await afterNextPaint();
  } else {
    // The first render as a transition: React then renders the page in slices and lets the browser paint
    // and answer input between them, instead of one long task that blocks the main thread on a slow phone.
    const reactRoot = createRoot(root);
    await nextTask();
    startTransition(() => reactRoot.render(<WhenAttached>{app}</WhenAttached>));
  }
}

// The pre-rendered page's own script (start-on-intent.ts) waits for this to give the app the clicks it held.
window.appStarted = start(container);
