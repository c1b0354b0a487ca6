/**
 * The server's pre-render of a public page (today the home page, where most visits start): the same
 * components, routes and queries as the browser's entry (main.tsx), rendered to HTML with the CSS they use,
 * so that a phone paints the heading and the quote form as soon as the HTML arrives instead of after
 * downloading and running the whole app. The browser then hydrates that HTML (attaches to it) from the
 * same data, sent in the page. Built by `vite build --ssr` into dist-ssr/, loaded by the server at start-up.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prefetchFirstRender } from './app/first-render';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { setSameOriginFetch } from './lib/http';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** <style> elements with exactly the rules the markup uses (emotion's data-emotion tags). */
  styles: string;
}

export interface PreparedPage {
  /** The query cache the page renders from (TanStack Query's dehydrated state), as JSON. */
  state: string;
  /** The data alone (without the times it was fetched): the same key, the same page. */
  key: string;
  /** Renders the page from that data (the costly part: the server keeps what it rendered for the same data). */
  render(): PrerenderedPage;
}

/** Thrown when a page cannot be pre-rendered as the browser would render it: the server then sends the plain app. */
export class PrerenderUnavailable extends Error {
  override name = 'PrerenderUnavailable';
}

const handler = createStaticHandler(routes);

async function fetchFirstRender(client: QueryClient, pathname: string): Promise<void> {
  await Promise.all(prefetchFirstRender(client, pathname));
  // A request that failed would render an error the browser (which asks again) would not: no pre-render.
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' });
  if (failed.length)
    throw new PrerenderUnavailable(`No data for ${failed.map((query) => query.queryHash).join(', ')}`);
}

/**
 * Fetches what `url` renders from, as a visitor without a session sees it. `sameOriginFetch` answers the
 * page's requests to the site's own API (the server's in-process dispatcher).
 */
export async function preparePage(url: string, sameOriginFetch: typeof fetch): Promise<PreparedPage> {
  // One dispatcher per process (the bundle's module state): a server process runs one app.
  setSameOriginFetch(sameOriginFetch);
  const request = new Request(new URL(url, 'http://localhost'));
  const context = await handler.query(request);
  if (context instanceof Response) throw new PrerenderUnavailable(`${url} answers ${context.status}`);

  const client = createQueryClient();
  await fetchFirstRender(client, new URL(request.url).pathname);

  return {
    state: JSON.stringify(dehydrate(client)),
    key: JSON.stringify(
      client
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryHash, query.state.data]),
    ),
    render() {
      const cache = createCache({ key: 'css' });
      const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
      const router = createStaticRouter(handler.dataRoutes, context);
      const html = renderToString(
        <CacheProvider value={cache}>
          <AppProviders client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </CacheProvider>,
      );
      return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
    },
  };
}
