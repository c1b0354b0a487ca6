import type { QueryClient } from '@tanstack/react-query';
import { businessToday } from '@/components/quote-dates-fields';
import { paths } from '@/config/paths';
import { currentFormBlockoutQuery } from '@/lib/api/blockout';
import { sessionQueryOptions } from '@/lib/auth/session';
import { contentRoutesQuery, frontpageQuery, menuQuery, siteOptionsQuery } from '@/lib/content/queries';

/**
 * What the first render of a page asks for: the session everywhere; the public site's header and footer
 * (the content backend's options, routes and menus) outside the back office; the front page and the form
 * blockout on the home page. The browser asks for them before it renders (the requests travel while it
 * renders, and the announcement band is there at the first paint instead of pushing the page down after
 * it); the server that pre-renders the home page fetches them before it renders. The wizard's first step
 * asks for the form blockout, the quotes of the dates it opens with (those handed over in the address,
 * ?start=&end=, from the home page's form, else today's) and their price calendar.
 */
export function prefetchFirstRender(
  client: QueryClient,
  pathname: string,
  search: URLSearchParams = new URLSearchParams(),
): Promise<void>[] {
  const requests = [client.prefetchQuery(sessionQueryOptions)];
  if (!pathname.startsWith(paths.admin.path)) {
    requests.push(client.prefetchQuery(siteOptionsQuery), client.prefetchQuery(contentRoutesQuery));
    for (const location of ['main', 'footer', 'footer_secondary'] as const)
      requests.push(client.prefetchQuery(menuQuery(location)));
  }
  if (pathname === paths.home.path) {
    requests.push(client.prefetchQuery(frontpageQuery), client.prefetchQuery(currentFormBlockoutQuery));
  }
  if (pathname === paths.bookingStep1.path) {
    const startDate = search.get('start') || businessToday();
    const endDate = search.get('end') || startDate;
    requests.push(
      client.prefetchQuery(currentFormBlockoutQuery),
      // Its module loaded on demand, as the step's own code: the home page's script stays as it was.
      import('@/lib/api/quotes').then(({ quotesQuery }) =>
        client.prefetchQuery(quotesQuery(startDate, endDate)),
      ),
      // The price calendar below the car parks, drawn with them: a placeholder pulsing until its request
      // came back, then the calendar drawn in, kept a phone's main thread and screen busy just after load.
      import('@/features/booking/api/price-calendar').then(({ priceCalendarQuery }) =>
        client.prefetchQuery(priceCalendarQuery(startDate, endDate)),
      ),
    );
  }
  return requests;
}
