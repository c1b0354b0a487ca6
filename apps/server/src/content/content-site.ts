/**
 * The content that is not a page (issue 25): the three menus, the home page's blocks (the `frontpage`
 * row, which keeps revisions like a page) and the site details (content_options). Each is read as the
 * back office's attributes (camelCase) and saved in the public routes' WordPress shape (snake_case), HTML
 * sanitised on save. Every write is refused while CMS_URL names a WordPress.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import {
  contentMessages,
  type ContentMenuLocation,
  type HomePageAttributes,
  type MenuItem,
  type SiteDetailsAttributes,
} from '@parking/domain/content-admin';
import { sanitizeHtml } from './sanitize-html';
import type { RequestContext } from '../context';
import { auditLogs, contentMenus, contentOptions, contentPages } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import type { ApiJson as JsonValue } from '@parking/domain/api-contract/json';
import { audited, diff, type Snapshot } from '../db/audit';
import {
  assertContentEditable,
  footerCtaFields,
  footerCtaOf,
  frontpageOnly,
  lockPage,
  notFrontpage,
  writeRevision,
} from './content-pages';

type Fields = Record<string, unknown>;
const record = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(record) : []);

/** A change to a singleton (a menu, the site details) in the audit trail, as the generic layer's updates are. */
export async function auditContentChange(
  ctx: RequestContext,
  type: string,
  id: string,
  before: Snapshot,
  after: Snapshot,
): Promise<void> {
  const changes = diff(before, after);
  if (!audited(ctx) || Object.keys(changes).length === 0) return;
  await ctx.db.insert(auditLogs).values({
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    resourceType: type,
    resourceId: id,
    action: 'update',
    changes,
  });
}

/* ---------------------------------------------------------------- menus */

/**
 * A menu's items as the back office edits them. An item saved before issue 25 is only a title and an
 * address: it reads as a page item when the address is a page's path, a route when it starts with '/',
 * else an external address.
 */
export async function menuAttributes(ctx: RequestContext, location: ContentMenuLocation) {
  const [menu] = await ctx.db.select().from(contentMenus).where(eq(contentMenus.location, location));
  const pages = await ctx.db
    .select({ id: contentPages.id, path: contentPages.path })
    .from(contentPages)
    .where(notFrontpage);
  const byId = new Map(pages.map((page) => [String(page.id), page.path]));
  const byPath = new Map(pages.map((page) => [page.path, String(page.id)]));
  const items: MenuItem[] = list(menu?.items).map((item) => {
    const url = text(item.url);
    const title = text(item.title);
    const page = item.kind === 'page' ? String(item.page) : item.kind ? undefined : byPath.get(url);
    if (page !== undefined) return { title, kind: 'page', page, url: byId.get(page) ?? '' };
    const kind =
      item.kind === 'route' || item.kind === 'external'
        ? item.kind
        : url.startsWith('/')
          ? 'route'
          : 'external';
    return { title, kind, page: null, url };
  });
  return { location, items };
}

/** Saves a menu's items: a page item must name a page, and links to its path (followed when it moves). */
export async function saveMenu(
  ctx: RequestContext,
  location: ContentMenuLocation,
  items: readonly MenuItem[],
) {
  assertContentEditable(ctx);
  const ids = items.flatMap((item) => (item.page ? [Number(item.page)] : []));
  const pages = ids.length
    ? await ctx.db
        .select({ id: contentPages.id, path: contentPages.path, layout: contentPages.layout })
        .from(contentPages)
        .where(inArray(contentPages.id, ids))
    : [];
  const paths = new Map(
    pages.filter((page) => page.layout !== 'frontpage').map((page) => [String(page.id), page.path]),
  );
  const stored = items.map((item, index) => {
    const url = item.kind === 'page' ? paths.get(item.page ?? '') : item.url;
    if (url === undefined)
      throw new DomainError('invalid', contentMessages.menuPageMissing, { field: `items/${index}/page` });
    return { id: index + 1, title: item.title, kind: item.kind, page: item.page, url };
  });
  await ctx.db
    .insert(contentMenus)
    .values({ location, items: stored })
    .onConflictDoUpdate({ target: contentMenus.location, set: { items: stored } });
}

/* ---------------------------------------------------------------- home page */

async function frontpage(ctx: RequestContext) {
  const [row] = await ctx.db
    .select()
    .from(contentPages)
    .where(frontpageOnly)
    .orderBy(asc(contentPages.id))
    .limit(1);
  return row;
}

/** The home page's blocks; `id` is its row (its revisions: content-page-revisions?filter[page]={id}). */
export async function homePageAttributes(ctx: RequestContext) {
  const row = await frontpage(ctx);
  const fields = record(row?.fields);
  const location = fields.location ? record(fields.location) : null;
  const quotes = fields.quotes ? record(fields.quotes) : null;
  const attributes: HomePageAttributes = {
    title: row?.title ?? 'Home',
    heroTitle: text(fields.hero_title),
    heroText: text(fields.hero_text),
    slides: list(fields.slides).map((slide) => ({ title: text(slide.title), text: text(slide.text) })),
    ctaLoggedInText: text(fields.cta_logged_in_text),
    ctaGuestText: text(fields.cta_guest_text),
    columns: list(fields.columns).map((column) => ({
      title: text(column.title),
      content: text(column.content),
      icon: text(column.icon),
    })),
    location: location && {
      title: text(location.title),
      content: text(location.content),
      address: text(location.address),
      directionsUrl: text(location.directions_url),
    },
    quotes: quotes && {
      title: text(quotes.title),
      slidesToShow: typeof quotes.slides_to_show === 'number' ? quotes.slides_to_show : 3,
      items: list(quotes.items).map((item) => ({
        quote: text(item.quote),
        name: text(item.name),
        detail: text(item.detail),
      })),
    },
    footerCta: footerCtaOf(fields.footer_cta),
  };
  return {
    id: row ? String(row.id) : 'home',
    attributes: { ...attributes, updated: row ? row.updated.toISOString() : null },
  };
}

export async function saveHomePage(ctx: RequestContext, home: HomePageAttributes): Promise<void> {
  assertContentEditable(ctx);
  const fields = {
    hero_title: home.heroTitle,
    hero_text: home.heroText,
    slides: home.slides,
    cta_logged_in_text: home.ctaLoggedInText,
    cta_guest_text: home.ctaGuestText,
    columns: home.columns.map((column) => ({ ...column, content: sanitizeHtml(column.content) })),
    location: home.location && {
      title: home.location.title,
      content: sanitizeHtml(home.location.content),
      address: home.location.address,
      directions_url: home.location.directionsUrl,
    },
    quotes: home.quotes && {
      title: home.quotes.title,
      slides_to_show: home.quotes.slidesToShow,
      items: home.quotes.items,
    },
    footer_cta: footerCtaFields(home.footerCta),
  };
  const existing = await frontpage(ctx);
  const changes = { title: home.title, fields, updated: ctx.now, updatedBy: ctx.user?.id ?? null };
  let saved;
  if (existing) {
    await lockPage(ctx, existing.id);
    [saved] = await ctx.db
      .update(contentPages)
      .set(changes)
      .where(eq(contentPages.id, existing.id))
      .returning();
  } else {
    [saved] = await ctx.db
      .insert(contentPages)
      .values({ ...changes, path: '/', layout: 'frontpage', status: 'published' })
      .returning();
  }
  if (saved) await writeRevision(ctx, saved);
}

/* ---------------------------------------------------------------- site details */

const OPTION_KEYS = {
  phone: 'contact_phone',
  address: 'address',
  email: 'email',
  hours: 'hours',
  socialLinks: 'social_links',
  headerMessage: 'header_message',
  headerMessageFrom: 'header_message_from',
  headerMessageUntil: 'header_message_until',
} as const satisfies Record<Exclude<keyof SiteDetailsAttributes, 'managedBy'>, string>;

export async function siteDetailsAttributes(ctx: RequestContext) {
  const rows = await ctx.db.select().from(contentOptions);
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const date = (key: string) => {
    const value = values.get(key);
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    phone: text(values.get(OPTION_KEYS.phone)),
    address: text(values.get(OPTION_KEYS.address)),
    email: text(values.get(OPTION_KEYS.email)),
    hours: text(values.get(OPTION_KEYS.hours)),
    socialLinks: list(values.get(OPTION_KEYS.socialLinks)).map((link) => ({
      network: text(link.network),
      url: text(link.url),
    })),
    headerMessage: text(values.get(OPTION_KEYS.headerMessage)),
    headerMessageFrom: date(OPTION_KEYS.headerMessageFrom),
    headerMessageUntil: date(OPTION_KEYS.headerMessageUntil),
    /** The WordPress the content is managed in (CMS_URL), or null when it is edited here. */
    managedBy: ctx.services.config.cmsUrl ?? null,
  } satisfies SiteDetailsAttributes & Record<string, JsonValue>;
}

export async function saveSiteDetails(ctx: RequestContext, details: SiteDetailsAttributes): Promise<void> {
  assertContentEditable(ctx);
  const rows = (Object.entries(OPTION_KEYS) as Array<[keyof typeof OPTION_KEYS, string]>).map(
    ([name, key]) => ({
      key,
      value: (details[name] ?? '') as JsonValue,
    }),
  );
  for (const row of rows)
    await ctx.db
      .insert(contentOptions)
      .values(row)
      .onConflictDoUpdate({ target: contentOptions.key, set: { value: row.value } });
}
