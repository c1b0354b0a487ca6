import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { currentFormBlockoutQuery } from './lib/api/blockout';
import { sessionQueryOptions } from './lib/auth/session';
import { contentRoutesQuery, frontpageQuery, menuQuery, siteOptionsQuery } from './lib/content/queries';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
const queryClient = createQueryClient();
// What the first render of the public site asks for, asked for now: the requests travel while the page
// renders (most of a second on a slow phone) instead of starting once it has. The header's announcement
// band (the content backend's options) is then usually there by the time the page paints, instead of
// arriving just after and pushing the whole page down (a layout shift). The back office has no such header.
void queryClient.prefetchQuery(sessionQueryOptions);
const { pathname } = window.location;
if (!pathname.startsWith(paths.admin.path)) {
  void queryClient.prefetchQuery(siteOptionsQuery);
  void queryClient.prefetchQuery(contentRoutesQuery);
  for (const location of ['main', 'footer', 'footer_secondary'] as const) void queryClient.prefetchQuery(menuQuery(location));
}
if (pathname === paths.home.path) {
  void queryClient.prefetchQuery(frontpageQuery);
  void queryClient.prefetchQuery(currentFormBlockoutQuery);
}

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
