/**
 * The content backend's routes (public-site §7), in WordPress's shape so that the same web client can
 * read a real WordPress instead: GET /wp-json/wp/v2/routes, get-page/?path=, frontpage/,
 * menu-location/{location}, and /wp-json/acf/v3/options/options. Served from our content tables, or
 * relayed from the WordPress named by CMS_URL (same origin for the browser: no CORS, no CSP change).
 * Every answer goes through content/documents.ts: listed fields only, sanitised HTML, safe URLs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { messages } from '@parking/domain/messages';
import {
  ContentUnavailableError,
  databaseContentSource,
  remoteContentSource,
  type ContentSource,
} from './content-source';
import {
  frontpageDocument,
  MENU_LOCATIONS,
  menuDocument,
  optionsDocument,
  pageDocument,
  routesDocument,
  type MenuLocation,
} from './documents';
import type { Services } from '../context';
import { businessContact } from '../documents/business-contact';

const BASE = '/wp-json';
const RELAYED_CACHE_CONTROL = 'public, max-age=60';

/** WordPress's error shape: `{code, message, data: {status}}`. */
function wpError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .status(status)
    .type('application/json')
    .header('cache-control', 'no-store')
    .send({ code, message, data: { status } });
}

/** '/About-Us/' → '/about-us'; null for what cannot be a page path. */
function normalisePath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim().toLowerCase();
  if (trimmed.length === 0 || trimmed.length > 300 || /[?#\s]/.test(trimmed)) return null;
  const path = `/${trimmed.replace(/^\/+|\/+$/g, '')}`;
  return path;
}

export function registerContentRoutes(app: FastifyInstance, services: Services, source?: ContentSource) {
  const content =
    source ??
    (services.config.cmsUrl
      ? remoteContentSource(services.config.cmsUrl)
      : databaseContentSource(services.database, services.config.timeZone, services.clock));
  // Our own content changes the moment an Admin saves it (issue 25): browsers ask again every time. A
  // WordPress relayed is another server's work: a minute of browser caching saves a request per page view.
  const cacheControl = services.config.cmsUrl || source ? RELAYED_CACHE_CONTROL : 'no-cache';

  /** Loads raw content, parses it through its document schema, and answers it (or a WordPress-style 404). */
  const answer =
    <S extends z.ZodType>(
      schema: S,
      load: (request: FastifyRequest) => Promise<unknown> | null,
      notFound: string = messages.pageNotFound,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      let raw: unknown;
      try {
        raw = await load(request);
      } catch (error) {
        if (error instanceof ContentUnavailableError) {
          request.log.warn({ err: error }, 'content backend unavailable');
          return wpError(reply, 502, 'content_unavailable', 'The content is unavailable at the moment.');
        }
        throw error;
      }
      if (raw === null || raw === undefined) return wpError(reply, 404, 'not_found', notFound);
      return reply.type('application/json').header('cache-control', cacheControl).send(schema.parse(raw));
    };

  app.get(
    `${BASE}/wp/v2/routes/`,
    answer(routesDocument, () => content.routes()),
  );

  app.get(
    `${BASE}/wp/v2/get-page/`,
    answer(pageDocument, (request) => {
      const path = normalisePath((request.query as Record<string, unknown>).path);
      return path === null ? null : content.page(path);
    }),
  );

  app.get(
    `${BASE}/wp/v2/frontpage/`,
    answer(frontpageDocument, () => content.frontpage()),
  );

  app.get<{ Params: { location: string } }>(
    `${BASE}/wp/v2/menu-location/:location/`,
    answer(
      menuDocument,
      (request) => {
        const { location } = request.params as { location: string };
        return (MENU_LOCATIONS as readonly string[]).includes(location)
          ? content.menu(location as MenuLocation)
          : null;
      },
      'Menu not found',
    ),
  );

  const withBusiness = optionsDocument.transform((document) => ({
    acf: { ...document.acf, ...businessContact(services.config.business, document.acf) },
  }));
  app.get(
    `${BASE}/acf/v3/options/options/`,
    answer(withBusiness, () => content.options()),
  );
}
