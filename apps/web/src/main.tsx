import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { siteOptionsQuery } from './lib/content/queries';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const queryClient = createQueryClient();
// The header's announcement band comes from the content backend's options. Asked for now, before the
// first render, it is usually there by the time the page paints, instead of arriving just after and
// pushing the whole page down (a layout shift). The back office has no such header.
if (!window.location.pathname.startsWith(paths.admin.path)) void queryClient.prefetchQuery(siteOptionsQuery);

// The first render as a transition: React then renders the page in slices and lets the browser paint
// and answer input between them, instead of one long task that blocks the main thread on a slow phone.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
