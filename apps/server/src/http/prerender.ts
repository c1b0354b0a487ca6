/**
 * First-visit pages pre-rendered (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr): the home page,
 * the wizard's first step (with the quotes of the dates asked for) and the content pages. The HTML the server
 * sends already holds the header, the page and the footer with the CSS they use, and the data they were
 * rendered from, which the browser's app hydrates. A phone paints the first screen as
 * soon as the HTML arrives instead of after downloading and running the whole app (Lighthouse's largest
 * contentful paint on a throttled phone: about 3 s before).
 *
 * Only for visitors without a session cookie: everyone else sees a page made for them, rendered by the
 * browser as before. One document serves every such visitor for a few seconds (createPrerenderer). Whatever goes wrong here (no bundle, a failed request, a render error), the visitor
 * gets the plain app: pre-rendering only ever makes the first paint earlier.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { businessDate } from '@parking/domain/dates';
import { WIZARD_COOKIE } from '@parking/domain/wizard-cookie';
import { SESSION_COOKIE } from '../accounts/sessions';
import type { ChangeFeed } from '../db/change-feed';
import type { AnswerEncoding } from '../pricing/written-answer';
import { escapeHtml } from '@parking/domain/html';

/** What apps/web/src/entry-server.tsx exports (the bundle is loaded at run time, not type-checked with it). */
interface PrerenderedPage {
  html: string;
  styles: string;
  title: string;
}

interface PreparedPage {
  state: string;
  /** A wizard step's answers it was drawn from (the wizard's cookie), sent with it. */
  wizard?: string;
  key: string;
  render(): PrerenderedPage;
}

interface PrerenderEntry {
  /** The page's address as pre-rendered ('/booking/step-1?start=…'), or null: this page is not. */
  prerenderedUrl(url: string): string | null;
  /** Whether the page is drawn from one visitor's answers (a wizard step past the first): made per request. */
  personalPage?(path: string): boolean;
  preparePage(url: string, sameOriginFetch: typeof fetch, wizard?: string): Promise<PreparedPage>;
}

const isEntry = (module: unknown): module is PrerenderEntry =>
  typeof module === 'object' &&
  module !== null &&
  typeof (module as Partial<PrerenderEntry>).preparePage === 'function' &&
  typeof (module as Partial<PrerenderEntry>).prerenderedUrl === 'function';

/**
 * How many pages are held at once (the home page, the wizard's first step for the dates asked, content
 * pages): a crawler walking every address of the site never makes the server hold more than this.
 */
const PRERENDER_HELD_PAGES = 200;

/** Sets `key` as the newest entry of `map`, dropping the oldest past `limit`. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value as string);
}

/** The app's script tag as the browser build writes it, naming the pre-rendered pages' own script beside it. */
const APP_SCRIPT = /<script type="module" data-on-intent="([^"]+)" crossorigin src="([^"]+)"><\/script>/;

/**
 * Puts a pre-rendered page into the browser build's index.html: its title, its styles at the end of <head>, its markup
 * inside #root and its data in a JSON block (not a script: the CSP runs no inline script; `<` escaped so that
 * no text in the data can close the element). The page runs its own small script (the web's
 * start-on-intent.ts) instead of the app's, which that script fetches once the page has loaded and starts
 * when a visitor reaches for the page: the page is whole without it.
 */
export function prerenderedDocument(
  template: string,
  page: PrerenderedPage & { state: string; wizard?: string },
): string {
  const state = page.state.replace(/</g, '\\u003c');
  // The answers as the wizard stored them (JSON), compared as text with the tab's: `<` escaped the same way.
  const wizard =
    page.wizard === undefined
      ? ''
      : `<script type="application/json" id="prerendered-wizard">${page.wizard.replace(/</g, '\\u003c')}</script>`;
  return (
    template
      .replace(
        APP_SCRIPT,
        (_tag, onIntent: string, app: string) =>
          `<script type="module" crossorigin src="${onIntent}" data-app="${app}"></script>`,
      )
      // Replacers as functions: a replacement string would read `$&`, `$'` and `` $` `` in the content as patterns
      // ("$ 15" written with a non-breaking space is stored as `$&nbsp;15`).
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', () => `${page.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="prerendered-state">${state}</script>${wizard}`,
      )
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
    // The methods inject() takes (light-my-request's list: see scripts/node-engines.test.ts for its version).
    const method = (init?.method ?? 'GET').toUpperCase() as NonNullable<InjectOptions['method']>;
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
    const empty = response.statusCode === 204 || response.statusCode === 304 || method === 'HEAD';
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/** A pre-rendered HTML document with its compressed forms, made once when the document is made and then held. */
interface PrerenderedDocument {
  html: string;
  encoded: Record<ContentEncoding, Buffer>;
  /** Made from one visitor's answers: sent to them alone, stored by no cache (`Cache-Control: no-store`). */
  personal?: boolean;
}

/** The encodings a page is kept in: those of every answer written once and sent many times. */
export type ContentEncoding = AnswerEncoding;

/**
 * The encoding to send to a browser that sent `acceptEncoding`: brotli or gzip by its preference (q-values, the
 * same negotiation @fastify/compress makes for every other response), else none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  return negotiate((acceptEncoding ?? '').toLowerCase(), ['br', 'gzip'] as ContentEncoding[]) ?? undefined;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Compresses `html` in both encodings, off the main thread (zlib's thread pool): at their best ratio for a page
 * sent many times, at a quick one for a page sent once (a visitor's own).
 */
async function compressed(html: string, once = false): Promise<PrerenderedDocument> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: once ? 5 : zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip(html, { level: once ? 6 : 9 }),
  ]);
  return { html, encoded: { br, gzip: gz } };
}

export interface Prerenderer {
  /** The whole HTML document for `url` (path and query), or null: send the plain app. */
  document(request: FastifyRequest, url: string): Promise<PrerenderedDocument | null>;
  /** Drops the documents held: the next visitor's is made from the data as it is now. */
  invalidate(): void;
  close(): void;
}

/** How long a pre-rendered document is sent again as it is (unless a write drops it sooner). */
const PRERENDER_HOLD_MS = 5_000;

/**
 * Pages made fresh for an address with a query (the wizard's first step for the dates asked, about 160 ms each)
 * per minute and instance: past it such an address gets the plain app until the minute is over, so that clients
 * varying the dates cannot keep the server rendering (a page already held is still sent). The canonical
 * addresses (the home page, the bare first step, content pages) are always made.
 */
export const PRERENDER_QUERIED_PER_MINUTE = 30;

interface PrerenderOptions {
  entryFile: string;
  /** Reads the browser build's index.html (per page made, as the plain app's is: a rebuilt web needs no restart). */
  template: () => string;
  timeZone: string;
  log: FastifyBaseLogger;
  /** Committed changes to bookings, lots, rates and content from every instance (db/change-feed.ts). */
  changes?: ChangeFeed;
}

/**
 * Loads the pre-render bundle if the web build has one.
 *
 * Every visitor without a session gets the same page, so one document serves them all for PRERENDER_HOLD_MS:
 * making it asks the API eight times and renders the page (about 9 ms of CPU), which at the peak of a
 * promotion email would cap the home page near a hundred visits a second per instance. It is dropped sooner
 * after a write this instance makes (a new blockout, a content edit, a booking: http/route.ts; never for a
 * refused junk POST) and on any committed change to bookings, lots, rates or content anywhere (migrations 0004 and
 * 0013): a published content edit shows on `/` at once, whichever instance saved it.
 * Visitors arriving together while it is made wait for the same one, and it is compressed once per encoding.
 */
export async function createPrerenderer(
  app: FastifyInstance,
  options: PrerenderOptions,
): Promise<Prerenderer | null> {
  const { entryFile, template, timeZone, log, changes } = options;
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
  const prerenderedUrl = entry.prerenderedUrl.bind(entry);
  const personalPage = (path: string) => entry.personalPage?.(path) === true;
  const fetcher = inProcessFetch(app);
  // The last page rendered for each path, with what it was rendered from: rendering is most of the work,
  // and the page only changes with its data and the day (the quote form's default dates).
  const rendered = new Map<string, { key: string; page: PrerenderedPage }>();
  // The last document made for each path, compressed: a page made again from unchanged data (every
  // PRERENDER_HOLD_MS) is the same text, and keeps the buffers it was sent as.
  const documents = new Map<string, PrerenderedDocument>();
  const held = new Map<string, { at: number; document: Promise<PrerenderedDocument | null> }>();

  /** Logs why a page was not made, and sends the plain app. */
  function notMade(request: FastifyRequest, error: unknown): null {
    // A page the content backend does not show (a draft, a mistyped path: its 404) or one only the browser
    // draws is an ordinary answer, not a fault: the plain app draws it, and a stack would cry wolf. The
    // bundle's PrerenderUnavailable is another module's class, known by its name.
    if (error instanceof Error && error.name === 'PrerenderUnavailable')
      request.log.debug(`Not pre-rendered, sending the plain app: ${error.message}`);
    else request.log.warn({ err: error }, 'Pre-rendering failed: sending the plain app');
    return null;
  }

  /** A visitor's own page (a wizard step drawn from their answers): made for this request, held for nobody. */
  async function makePersonal(
    request: FastifyRequest,
    path: string,
    wizard: string,
  ): Promise<PrerenderedDocument | null> {
    try {
      const prepared = await prepare(path, fetcher, wizard);
      const html = prerenderedDocument(template(), { ...prepared.render(), state: prepared.state, wizard });
      return { ...(await compressed(html, true)), personal: true };
    } catch (error) {
      return notMade(request, error);
    }
  }

  async function make(request: FastifyRequest, path: string): Promise<PrerenderedDocument | null> {
    try {
      const prepared = await prepare(path, fetcher);
      const key = `${businessDate(new Date(), timeZone)}\n${prepared.key}`;
      let page = rendered.get(path)?.key === key ? rendered.get(path)?.page : undefined;
      if (!page) {
        page = prepared.render();
        remember(rendered, path, { key, page }, PRERENDER_HELD_PAGES);
      }
      const html = prerenderedDocument(template(), { ...page, state: prepared.state });
      const last = documents.get(path);
      if (last?.html === html) return last;
      const document = await compressed(html);
      remember(documents, path, document, PRERENDER_HELD_PAGES);
      return document;
    } catch (error) {
      return notMade(request, error);
    }
  }

  const invalidate = () => held.clear();
  const queried = { minute: 0, made: 0 };
  /** Whether one more page with a query may be made fresh this minute (counted when it may). */
  function queriedAllowed(now: number): boolean {
    const minute = Math.floor(now / 60_000);
    if (queried.minute !== minute) Object.assign(queried, { minute, made: 0 });
    if (queried.made >= PRERENDER_QUERIED_PER_MINUTE) return false;
    queried.made += 1;
    return true;
  }
  const unsubscribe = changes?.subscribe(invalidate);

  return {
    document(request, url) {
      if (request.cookies[SESSION_COOKIE]) return Promise.resolve(null);
      let path: string | null;
      try {
        path = prerenderedUrl(url);
      } catch {
        path = null;
      }
      if (path === null) return Promise.resolve(null);
      const now = Date.now();
      if (personalPage(path)) {
        // Made per request like a page with a query, and counted with them: a client sending answers over
        // and over cannot keep the server rendering.
        const wizard = request.cookies[WIZARD_COOKIE];
        if (!wizard || !queriedAllowed(now)) return Promise.resolve(null);
        return makePersonal(request, path, wizard);
      }
      const current = held.get(path);
      if (current && now - current.at < PRERENDER_HOLD_MS) return current.document;
      if (path.includes('?') && !queriedAllowed(now)) return Promise.resolve(null);
      const made = { at: now, document: make(request, path) };
      remember(held, path, made, PRERENDER_HELD_PAGES);
      // A failure is not kept: the next visitor tries again.
      void made.document.then((document) => {
        if (document === null && held.get(path) === made) held.delete(path);
      });
      return made.document;
    },
    invalidate,
    close() {
      unsubscribe?.();
      invalidate();
      documents.clear();
    },
  };
}
