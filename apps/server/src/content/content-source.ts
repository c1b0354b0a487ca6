/**
 * Where content comes from: our own tables (the default, seeded with the demo data), or a WordPress
 * instance named by CMS_URL that answers the same /wp-json/... routes. Either way the answer is raw:
 * routes/content.ts parses it through content/documents.ts before it leaves the server.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
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

export function databaseContentSource(db: Database): ContentSource {
  return {
    async routes() {
      const rows = await db
        .select({ path: contentPages.path, title: contentPages.title, layout: contentPages.layout })
        .from(contentPages)
        .where(ne(contentPages.layout, 'frontpage'))
        .orderBy(asc(contentPages.menuOrder), asc(contentPages.title));
      return rows;
    },
    async page(path) {
      const [row] = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.path, path), ne(contentPages.layout, 'frontpage')))
        .limit(1);
      if (!row) return null;
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
      return row ? row.items : null;
    },
    async options() {
      const rows = await db.select().from(contentOptions);
      return { acf: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
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
