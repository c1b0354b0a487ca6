import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { currentFormBlockoutQuery } from '@/lib/api/blockout';
import { sessionQueryOptions } from '@/lib/auth/session';
import { contentRoutesQuery, frontpageQuery, menuQuery, siteOptionsQuery } from '@/lib/content/queries';

/**
 * What the first render of a page asks for: the session everywhere; the public site's header and footer
 * (the content backend's options, routes and menus) outside the back office; the front page and the form
 * blockout on the home page. The browser asks for them before it renders (the requests travel while it
 * renders, and the announcement band is there at the first paint instead of pushing the page down after
 * it); the server that pre-renders the home page fetches them before it renders.
 */
export function prefetchFirstRender(client: QueryClient, pathname: string): Promise<void>[] {
  const requests = [client.prefetchQuery(sessionQueryOptions)];
  if (!pathname.startsWith(paths.admin.path)) {
    requests.push(client.prefetchQuery(siteOptionsQuery), client.prefetchQuery(contentRoutesQuery));
    for (const location of ['main', 'footer', 'footer_secondary'] as const)
      requests.push(client.prefetchQuery(menuQuery(location)));
  }
  if (pathname === paths.home.path) {
    requests.push(client.prefetchQuery(frontpageQuery), client.prefetchQuery(currentFormBlockoutQuery));
  }
  return requests;
}
