import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchFirstRender } from './app/first-render';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { readToken } from './lib/api/token-storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// The home page comes pre-rendered by the server (entry-server.tsx) for visitors without a session, with the
// data it was rendered from. Hydrating attaches the app to that HTML, which the phone has already painted;
// someone signed in with a saved token gets the page rendered afresh for them instead.
const prerendered = document.getElementById('prerendered-state');
if (prerendered?.textContent && !readToken()) {
  hydrate(queryClient, JSON.parse(prerendered.textContent));
  hydrateRoot(container, app);
} else {
  // What the first render asks for, asked for now: the requests travel while the page renders (most of a
  // second on a slow phone) instead of starting once it has.
  void Promise.all(prefetchFirstRender(queryClient, window.location.pathname));
  // The first render as a transition: React then renders the page in slices and lets the browser paint
  // and answer input between them, instead of one long task that blocks the main thread on a slow phone.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
