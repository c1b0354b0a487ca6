/**
 * The home page pre-rendered (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr): the HTML the
 * server sends for `/` already holds the header, the heading and the quote form with the CSS they use, and
 * the data they were rendered from, which the browser's app hydrates. A phone paints the first screen as
 * soon as the HTML arrives instead of after downloading and running the whole app (Lighthouse's largest
 * contentful paint on a throttled phone: about 3 s before).
 *
 * Only for visitors without a session cookie: everyone else sees a page made for them, rendered by the
 * browser as before. Whatever goes wrong here (no bundle, a failed request, a render error), the visitor
 * gets the plain app: pre-rendering only ever makes the first paint earlier.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { businessDate } from '@parking/domain/dates';
import { SESSION_COOKIE } from '../auth/sessions';

/** What apps/web/src/entry-server.tsx exports (the bundle is loaded at run time, not type-checked with it). */
interface PrerenderedPage {
  html: string;
  styles: string;
}

interface PreparedPage {
  state: string;
  key: string;
  render(): PrerenderedPage;
}

interface PrerenderEntry {
  preparePage(url: string, sameOriginFetch: typeof fetch): Promise<PreparedPage>;
}

const isEntry = (module: unknown): module is PrerenderEntry =>
  typeof module === 'object' &&
  module !== null &&
  typeof (module as Partial<PrerenderEntry>).preparePage === 'function';

/** Paths sent pre-rendered. */
export const PRERENDERED_PATHS: ReadonlySet<string> = new Set(['/']);

/**
 * Puts a pre-rendered page into the browser build's index.html: its styles at the end of <head>, its markup
 * inside #root and its data in a JSON block (not a script: the CSP runs no inline script; `<` escaped so that
 * no text in the data can close the element). The app's script is fetched at low priority: the page paints
 * without it, so the stylesheet and fonts go first on a slow connection.
 */
export function prerenderedDocument(template: string, page: PrerenderedPage & { state: string }): string {
  const state = page.state.replace(/</g, '\\u003c');
  return template
    .replace('<script type="module"', '<script type="module" fetchpriority="low"')
    .replace('</head>', `${page.styles}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script type="application/json" id="prerendered-state">${state}</script>`,
    );
}

/**
 * The site's own API answered in process (Fastify's inject): the pre-render's requests go through every
 * route, hook and check a browser's would, without a socket.
 */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? `${input.pathname}${input.search}`
          : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const method = (init?.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    const response = await app.inject({
      method,
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, one);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || method === ('HEAD' as string);
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

export interface Prerenderer {
  /** The whole HTML document for `path`, or null: send the plain app. */
  document(request: FastifyRequest, path: string): Promise<string | null>;
}

/**
 * Loads the pre-render bundle if the web build has one. `template` reads the browser build's index.html
 * (per call, as the plain app's is: a rebuilt web needs no restart).
 */
export async function createPrerenderer(
  app: FastifyInstance,
  entryFile: string,
  template: () => string,
  timeZone: string,
  log: FastifyBaseLogger,
): Promise<Prerenderer | null> {
  if (!existsSync(entryFile)) return null;
  let entry: unknown;
  try {
    entry = await import(pathToFileURL(entryFile).href);
  } catch (error) {
    log.warn({ err: error }, 'The pre-render bundle did not load: pages are rendered by the browser');
    return null;
  }
  if (!isEntry(entry)) {
    log.warn('The pre-render bundle has no preparePage(): pages are rendered by the browser');
    return null;
  }
  const prepare = entry.preparePage.bind(entry);
  const fetcher = inProcessFetch(app);
  // The last page rendered for each path, with what it was rendered from: rendering is most of the CPU a
  // home-page request costs, and the page only changes with its data and the day (the quote form's
  // default dates).
  const last = new Map<string, { key: string; page: PrerenderedPage }>();

  return {
    async document(request, path) {
      if (!PRERENDERED_PATHS.has(path) || request.cookies[SESSION_COOKIE]) return null;
      try {
        const prepared = await prepare(path, fetcher);
        const html = template();
        const key = `${businessDate(new Date(), timeZone)}\n${prepared.key}`;
        let page = last.get(path)?.key === key ? last.get(path)?.page : undefined;
        if (!page) {
          page = prepared.render();
          last.set(path, { key, page });
        }
        return prerenderedDocument(html, { ...page, state: prepared.state });
      } catch (error) {
        request.log.warn({ err: error }, 'Pre-rendering failed: sending the plain app');
        return null;
      }
    },
  };
}
