/**
 * Where content comes from: our own tables (the default, seeded with the demo data), or a WordPress
 * instance named by CMS_URL that answers the same /wp-json/... routes. Either way the answer is raw:
 * content/content-routes.ts parses it through content/documents.ts before it leaves the server.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { headerMessageShows } from '@parking/domain/content-admin';
import { businessDate } from '@parking/domain/dates';
import type { Database } from '../db/client';
import { contentMenus, contentOptions, contentPages } from '../db/schema/index';
import type { MenuLocation } from './documents';

export interface ContentSource {
  /** null when the backend has no such thing (an unknown path or menu). */
  routes(): Promise<unknown>;
  page(path: string): Promise<unknown>;
  frontpage(): Promise<unknown>;
  menu(location: MenuLocation): Promise<unknown>;
  options(): Promise<unknown>;
}

export class ContentUnavailableError extends Error {}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A page row in the shape of WordPress's get-page answer (its custom fields under `acf`). */
export function pageDocumentOf(row: {
  id: number | string;
  path: string;
  title: string;
  layout: string;
  content: string;
  fields: unknown;
}) {
  const { featured_image: featuredImage, ...acf } = record(row.fields);
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    layout: row.layout,
    content: row.content,
    acf,
    featured_image: featuredImage ?? null,
  };
}

const published = eq(contentPages.status, 'published');

/**
 * A menu as visitors see it: an item naming a page (issue 25) links to that page's current path, and is left
 * out while the page is a draft or gone; an item whose address is a draft page's path is left out too.
 */
async function visibleMenu(db: Database, items: unknown): Promise<unknown> {
  if (!Array.isArray(items)) return items;
  const pages = await db
    .select({ id: contentPages.id, path: contentPages.path, status: contentPages.status })
    .from(contentPages)
    .where(ne(contentPages.layout, 'frontpage'));
  const byId = new Map(pages.map((page) => [String(page.id), page]));
  const drafts = new Set(pages.filter((page) => page.status !== 'published').map((page) => page.path));
  return items.flatMap((raw) => {
    const item = record(raw);
    if (item.kind === 'page') {
      const page = byId.get(String(item.page));
      return page && page.status === 'published' ? [{ ...item, url: page.path }] : [];
    }
    return typeof item.url === 'string' && drafts.has(item.url) ? [] : [item];
  });
}

/**
 * The options as visitors see them: the header message only between its first and last days (inclusive,
 * business-local), and its dates not at all.
 */
function visibleOptions(values: Record<string, unknown>, today: string): Record<string, unknown> {
  const { header_message_from: from, header_message_until: until, header_message: message, ...rest } = values;
  const shown = headerMessageShows(
    {
      headerMessage: typeof message === 'string' ? message : '',
      headerMessageFrom: typeof from === 'string' && from !== '' ? from : null,
      headerMessageUntil: typeof until === 'string' && until !== '' ? until : null,
    },
    today,
  );
  return { ...rest, header_message: shown ? message : '' };
}

/** Content from our own tables, as visitors see it: published pages only. */
export function databaseContentSource(
  db: Database,
  timeZone: string,
  now: () => Date = () => new Date(),
): ContentSource {
  return {
    async routes() {
      const rows = await db
        .select({ path: contentPages.path, title: contentPages.title, layout: contentPages.layout })
        .from(contentPages)
        .where(and(ne(contentPages.layout, 'frontpage'), published))
        .orderBy(asc(contentPages.menuOrder), asc(contentPages.title));
      return rows;
    },
    async page(path) {
      const [row] = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.path, path), ne(contentPages.layout, 'frontpage'), published))
        .limit(1);
      return row ? pageDocumentOf(row) : null;
    },
    async frontpage() {
      const [row] = await db
        .select()
        .from(contentPages)
        .where(eq(contentPages.layout, 'frontpage'))
        .orderBy(asc(contentPages.id))
        .limit(1);
      return row ? { id: row.id, title: row.title, content: row.content, acf: row.fields } : null;
    },
    async menu(location) {
      const [row] = await db
        .select({ items: contentMenus.items })
        .from(contentMenus)
        .where(eq(contentMenus.location, location))
        .limit(1);
      return row ? visibleMenu(db, row.items) : null;
    },
    async options() {
      const rows = await db.select().from(contentOptions);
      const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      return { acf: visibleOptions(values, businessDate(now(), timeZone)) };
    },
  };
}

/** A WordPress (or anything) answering the same routes under `baseUrl`, e.g. https://cms.example.com. */
export function remoteContentSource(baseUrl: string, fetcher: typeof fetch = fetch): ContentSource {
  const get = async (path: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetcher(`${baseUrl}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(8000),
      });
    } catch (error) {
      throw new ContentUnavailableError(`The content backend did not answer: ${String(error)}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new ContentUnavailableError(`The content backend answered ${response.status}`);
    return response.json();
  };
  return {
    routes: () => get('/wp-json/wp/v2/routes'),
    page: (path) => get(`/wp-json/wp/v2/get-page/?path=${encodeURIComponent(path)}`),
    frontpage: () => get('/wp-json/wp/v2/frontpage/'),
    menu: (location) => get(`/wp-json/wp/v2/menu-location/${location}`),
    options: () => get('/wp-json/acf/v3/options/options'),
  };
}
