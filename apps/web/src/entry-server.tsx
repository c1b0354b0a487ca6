/**
 * The server's pre-render of a public page (the home page, the wizard's first step, content pages): the same
 * components, routes and queries as the browser's entry (main.tsx), rendered to HTML with the CSS they use,
 * so that a phone paints the heading and the quote form as soon as the HTML arrives instead of after
 * downloading and running the whole app. The browser then hydrates that HTML (attaches to it) from the
 * same data, sent in the page. Built by `vite build --ssr` into dist-ssr/, loaded by the server at start-up.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { prefetchFirstRender } from './app/first-render';
import { preloadScreens } from './app/lazy-page';
import { AppProviders, createQueryClient } from './app/providers';
import { paths } from './config/paths';
import { CONTENT_PAGE_ROUTE, routes } from './app/router';
import { normalisePagePath } from './features/content/routes/content-page';
import { contentPageQuery } from './lib/content/queries';
import { setSameOriginFetch } from './lib/http';
import { formatPageTitle, PageTitleSink } from './lib/page-title';
import { businessToday } from './components/quote-dates-fields';
import { enterStep } from './features/booking/state/progress';
import { withServerWizardState } from './features/booking/state/wizard-context';
import { readWizardState, stepOfPath, type WizardState } from './features/booking/state/wizard-state';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** <style> elements with exactly the rules the markup uses (emotion's data-emotion tags). */
  styles: string;
  /** The document's title, as the page sets it (lib/page-title.ts). */
  title: string;
}

export interface PreparedPage {
  /** The query cache the page renders from (TanStack Query's dehydrated state), as JSON. */
  state: string;
  /**
   * A wizard step's answers it was drawn from (the wizard's stored text, from its cookie): the browser takes the
   * page over only in the tab holding the same (main.tsx, start-on-intent.ts).
   */
  wizard?: string;
  /** The data alone (without the times it was fetched): the same key, the same page. */
  key: string;
  /** Renders the page from that data (the costly part: the server keeps what it rendered for the same data). */
  render(): PrerenderedPage;
}

type StyleChunks = ReturnType<ReturnType<typeof createEmotionServer>['extractCriticalToChunks']>;

/**
 * The page's critical styles plus every other class the render inserted. MUI's composed components (a
 * Button is a styled ButtonBase) insert a class for each layer and put only the merged one in the markup,
 * so the critical set left the layers out; the browser, finding them unknown while hydrating, compiled
 * and inserted them again (137 rules on the home page, most of the hydration's commit). Sent along, they
 * are registered as the server's and never compiled in the browser.
 */
function withComposedLayers(cache: EmotionCache, chunks: StyleChunks): StyleChunks {
  const sent = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const regular = chunks.styles.find((chunk) => chunk.key === cache.key);
  if (!regular) return chunks;
  for (const [id, css] of Object.entries(cache.inserted)) {
    // Registered ids are classes (globals are not registered, and already sent); `true` marks styles
    // inserted before this render, not by it.
    if (sent.has(id) || typeof css !== 'string' || cache.registered[`${cache.key}-${id}`] === undefined)
      continue;
    regular.ids.push(id);
    regular.css += css;
  }
  return chunks;
}

/** Thrown when a page cannot be pre-rendered as the browser would render it: the server then sends the plain app. */
export class PrerenderUnavailable extends Error {
  override name = 'PrerenderUnavailable';
}

const handler = createStaticHandler(routes);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The address a page is pre-rendered as, or null when it is not: the home page; the wizard's first step,
 * with no more than the dates the home page's form hands over (?start=&end=, in that order); the content
 * backend's pages (the catch-all route); the login form, without a query. Every other page depends on who is
 * looking, or is not a first visit's page: the browser renders it.
 */
export function prerenderedUrl(url: string): string | null {
  const location = new URL(url, 'http://localhost');
  const kind = pageKind(location.pathname);
  if (kind === 'home') return paths.home.path;
  // The login form, as opened from a link or a bookmark: with a query (?tab=register, ?next=) it is the app's.
  if (kind === 'login') return location.search ? null : location.pathname;
  if (kind === 'content') return location.pathname;
  // A step past the first, drawn from the traveller's answers (its cookie): made for them alone (personalPage).
  if (kind === 'wizard-step') return location.search ? null : location.pathname;
  if (kind !== 'quote-step') return null;
  const params = location.searchParams;
  const dates = new URLSearchParams();
  for (const name of ['start', 'end']) {
    const value = params.get(name);
    if (value === null) continue;
    if (!DATE.test(value)) return null;
    dates.set(name, value);
  }
  if ([...params.keys()].length !== dates.size) return null;
  return dates.size ? `${location.pathname}?${dates.toString()}` : location.pathname;
}

type PageKind = 'home' | 'quote-step' | 'wizard-step' | 'content' | 'login' | null;

/** What each path was found to be: matching it against the routes takes about a millisecond. */
const kinds = new Map<string, PageKind>();
const KINDS_HELD = 1000;

function pageKind(pathname: string): PageKind {
  let kind = kinds.get(pathname);
  if (kind !== undefined) return kind;
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  kind =
    route?.index && pathname === paths.home.path
      ? 'home'
      : route?.id === CONTENT_PAGE_ROUTE
        ? 'content'
        : pathname === paths.bookingStep1.path
          ? 'quote-step'
          : stepOfPath(pathname) !== null
            ? 'wizard-step'
            : pathname === paths.login.path
              ? 'login'
              : null;
  if (kinds.size >= KINDS_HELD) kinds.clear();
  kinds.set(pathname, kind);
  return kind;
}

/**
 * Whether the page at `path` (as prerenderedUrl gives it) is made from one visitor's answers: made for each
 * request, never held for another visitor or cached (a wizard step past the first).
 */
export function personalPage(path: string): boolean {
  return pageKind(new URL(path, 'http://localhost').pathname) === 'wizard-step';
}

/**
 * The answers a wizard step is drawn from (`stored`: the wizard's text from its cookie), when they open that step
 * as the browser would (the progress rules, features/booking/state/progress.ts): else the browser draws it.
 */
function wizardStateFor(pathname: string, stored: string | undefined): WizardState {
  const step = stepOfPath(pathname);
  let state: WizardState | null = null;
  try {
    state = stored ? readWizardState(JSON.parse(stored)) : null;
  } catch {
    state = null;
  }
  if (!step || !state) throw new PrerenderUnavailable(`${pathname} without the traveller's answers`);
  const entry = enterStep(state, step, businessToday());
  if (entry.redirect !== null || entry.state !== state)
    throw new PrerenderUnavailable(`${pathname} is not open to these answers`);
  return state;
}

/**
 * Fetches what the page asks for as it renders, until it asks for nothing new: a wizard step's lookups, quotes and
 * extras depend on the answers, and the step's own queries say which (at most four rounds).
 */
async function fetchWhatRenderAsks(client: QueryClient, render: () => void): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    render();
    const asked = client.getQueryCache().findAll({
      predicate: (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        query.options.queryFn !== undefined &&
        (query.options as { enabled?: unknown }).enabled !== false,
    });
    if (!asked.length) return;
    await Promise.all(
      asked.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
    );
  }
}

async function fetchFirstRender(
  client: QueryClient,
  pathname: string,
  search: URLSearchParams,
  isContentPage: boolean,
): Promise<void> {
  const requests = prefetchFirstRender(client, pathname, search);
  // A content page (the catch-all route): its page too. A path the content backend does not know fails
  // here, and is sent as the plain app (which draws the 404 page).
  const pagePath = normalisePagePath(pathname);
  if (isContentPage) requests.push(client.prefetchQuery(contentPageQuery(pagePath)));
  await Promise.all(requests);
  // The contact layout's form is a chunk of its own, which a string render would send as its loading
  // fallback for the browser to throw away: that page is rendered by the browser.
  if (isContentPage && client.getQueryData(contentPageQuery(pagePath).queryKey)?.layout === 'contact')
    throw new PrerenderUnavailable(`${pathname} has the contact form`);
  // A request that failed would render an error the browser (which asks again) would not: no pre-render.
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' });
  if (failed.length)
    throw new PrerenderUnavailable(`No data for ${failed.map((query) => query.queryHash).join(', ')}`);
}

/**
 * Fetches what `url` renders from, as a visitor without a session sees it. `sameOriginFetch` answers the
 * page's requests to the site's own API (the server's in-process dispatcher).
 */
export async function preparePage(
  url: string,
  sameOriginFetch: typeof fetch,
  /** The wizard's stored answers (its cookie), for a wizard step past the first. */
  wizard?: string,
): Promise<PreparedPage> {
  // One dispatcher per process (the bundle's module state): a server process runs one app.
  setSameOriginFetch(sameOriginFetch);
  const request = new Request(new URL(url, 'http://localhost'));
  const location = new URL(request.url);
  const wizardState = personalPage(location.pathname) ? wizardStateFor(location.pathname, wizard) : null;
  const context = await handler.query(request);
  if (context instanceof Response) throw new PrerenderUnavailable(`${url} answers ${context.status}`);

  const client = createQueryClient();
  // The page's tree as the browser's entry draws it, with the wizard's store starting from the answers.
  const draw = (cache: EmotionCache, sink: (title: string) => void) => {
    const router = createStaticRouter(handler.dataRoutes, context);
    const tree = (
      <PageTitleSink.Provider value={sink}>
        <CacheProvider value={cache}>
          <AppProviders client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </CacheProvider>
      </PageTitleSink.Provider>
    );
    return wizardState
      ? withServerWizardState(wizardState, () => renderToString(tree))
      : renderToString(tree);
  };
  // The screens the page draws, loaded before it renders: a screen whose code is its own chunk would
  // otherwise render as the loading fallback.
  await Promise.all([
    fetchFirstRender(
      client,
      location.pathname,
      location.searchParams,
      context.matches.at(-1)?.route.id === CONTENT_PAGE_ROUTE,
    ),
    preloadScreens(context.matches.map((match) => match.route.element)),
  ]);
  if (wizardState)
    await fetchWhatRenderAsks(client, () => draw(createCache({ key: 'css' }), () => undefined));
  if (wizardState) {
    const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
    if (failed.length)
      throw new PrerenderUnavailable(`No data for ${failed.map((query) => query.queryHash).join(', ')}`);
  }

  return {
    state: JSON.stringify(dehydrate(client)),
    ...(wizardState && wizard ? { wizard } : {}),
    key: JSON.stringify(
      client
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryHash, query.state.data]),
    ),
    render() {
      const cache = createCache({ key: 'css' });
      const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
      let title = formatPageTitle('');
      const html = draw(cache, (pageTitle) => (title = pageTitle));
      return {
        html,
        styles: constructStyleTagsFromChunks(withComposedLayers(cache, extractCriticalToChunks(html))),
        title,
      };
    },
  };
}
