/**
 * Content pages saved from the back office (issue 25). A save sanitises the HTML by the same rules as the
 * public routes' output (content/sanitize-html.ts), so what is stored is what is served; checks the path
 * is free; and writes a revision (who, when, everything needed to restore it) in the same transaction.
 * The home page is the `frontpage` row of the same table and keeps revisions the same way.
 */
import { and, eq, max, ne } from 'drizzle-orm';
import {
  contentMessages,
  type PageAttributes,
  type AccordionItem,
  type FooterCta,
} from '@parking/domain/content-admin';
import { pageDocument } from './documents';
import { pageDocumentOf } from './content-source';
import { sanitizeHtml } from './sanitize-html';
import type { RequestContext } from '../context';
import { contentImages, contentPageRevisions, contentPages } from '../db/schema/index';
import { driverError, violatedUnique } from '../db/unique-violation';
import type { ApiJson as JsonValue } from '@parking/domain/api-contract/json';
import { DomainError } from '@parking/domain/errors';

export type ContentPageRow = typeof contentPages.$inferSelect;
type Fields = Record<string, unknown>;

/** With CMS_URL set the content is the WordPress's: every write is refused, saying where to make it. */
export function assertContentEditable(ctx: RequestContext): void {
  const url = ctx.services.config.cmsUrl;
  if (!url) return;
  throw new DomainError('content_managed_elsewhere', contentMessages.managedElsewhere(url));
}

/** Two saves racing to the same path: the loser is told as the path check would have told it. */
async function pathUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violatedUnique(error) === 'content_pages_path_key')
      throw new DomainError('unique', contentMessages.pathTaken, { field: 'path' });
    throw driverError(error);
  }
}

const record = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The address of one stored size of an uploaded image: by its random token, never its id (issue 38). */
export const contentImageUrl = (token: string, size: string) =>
  `/backend/api/v1/content-images/${token}/${size}/`;

export function footerCtaOf(value: unknown): FooterCta {
  if (typeof value !== 'object' || value === null) return null;
  const cta = record(value);
  return {
    title: text(cta.title),
    text: text(cta.text),
    buttonLabel: text(cta.button_label),
    buttonUrl: text(cta.button_url),
  };
}

export const footerCtaFields = (cta: FooterCta) =>
  cta ? { title: cta.title, text: cta.text, button_label: cta.buttonLabel, button_url: cta.buttonUrl } : null;

/** A page row's (or revision's) fields as the API's attributes. */
export function pageAttributesOf(row: {
  title: string;
  path: string;
  layout: string;
  content: string;
  fields: unknown;
  status: string;
  menuOrder: number;
}) {
  const fields = record(row.fields);
  const featured = fields.featured_image ? record(fields.featured_image) : null;
  const accordion = Array.isArray(fields.accordion) ? fields.accordion : [];
  return {
    title: row.title,
    path: row.path,
    layout: row.layout,
    content: row.content,
    intro: text(fields.intro),
    accordion: accordion.map((item) => ({
      title: text(record(item).title),
      content: text(record(item).content),
    })),
    footerCta: footerCtaOf(fields.footer_cta),
    featuredImage: featured && featured.id !== undefined ? String(featured.id) : null,
    featuredImageAlt: featured ? text(featured.alt) : '',
    /** The image shown today, whether uploaded here or seeded (read-only: the sizes with their addresses). */
    featuredImageSizes: (featured ? (featured.sizes ?? null) : null) as JsonValue,
    status: row.status,
    menuOrder: row.menuOrder,
  } satisfies Record<string, JsonValue>;
}

/** The featured image's public shape, from an uploaded image's record; a field error when there is none. */
async function featuredImageFields(ctx: RequestContext, id: string, alt: string) {
  const [image] = await ctx.db
    .select()
    .from(contentImages)
    .where(eq(contentImages.id, Number(id)));
  if (!image) throw new DomainError('invalid', contentMessages.imageNotFound, { field: 'featuredImage' });
  const sizes = Object.fromEntries(
    Object.entries(image.sizes).map(([size, stored]) => [
      size,
      { url: contentImageUrl(image.token, size), width: stored.width, height: stored.height },
    ]),
  );
  return { id: image.id, alt, sizes };
}

const sanitizedAccordion = (items: readonly AccordionItem[]) =>
  items.map((item) => ({ title: item.title, content: sanitizeHtml(item.content) }));

/**
 * The row's columns for `attributes`, HTML sanitised. `keepFeatured` is the featured image stored today,
 * kept when the request did not name one (a seeded image has no upload id to name).
 */
async function pageColumns(
  ctx: RequestContext,
  attributes: PageAttributes,
  keepFeatured: unknown,
): Promise<Omit<typeof contentPages.$inferInsert, 'id'>> {
  let featured: unknown = null;
  if (attributes.featuredImage !== null)
    featured = await featuredImageFields(ctx, attributes.featuredImage, attributes.featuredImageAlt);
  else if (keepFeatured) featured = { ...record(keepFeatured), alt: attributes.featuredImageAlt };
  return {
    title: attributes.title,
    path: attributes.path,
    layout: attributes.layout,
    content: sanitizeHtml(attributes.content),
    fields: {
      intro: attributes.intro,
      accordion: sanitizedAccordion(attributes.accordion),
      footer_cta: footerCtaFields(attributes.footerCta),
      featured_image: featured,
    },
    status: attributes.status,
    menuOrder: attributes.menuOrder,
    updated: ctx.now,
    updatedBy: ctx.user?.id ?? null,
  };
}

/** Another page (or the home page) already at `path`: a field error on the path. */
async function assertPathFree(ctx: RequestContext, path: string, pageId?: number): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(
      pageId === undefined
        ? eq(contentPages.path, path)
        : and(eq(contentPages.path, path), ne(contentPages.id, pageId)),
    )
    .limit(1);
  if (taken) throw new DomainError('invalid', contentMessages.pathTaken, { field: 'path' });
}

/** What a revision keeps of its page as saved: all that showing it again, or going back to it, needs. */
export function revisionOfPage(page: ContentPageRow) {
  return {
    pageId: page.id,
    title: page.title,
    path: page.path,
    layout: page.layout,
    content: page.content,
    fields: page.fields,
    status: page.status,
    menuOrder: page.menuOrder,
  };
}

/** Writes the page's next revision from its row as saved (call inside the save's transaction). */
export async function writeRevision(ctx: RequestContext, page: ContentPageRow): Promise<void> {
  const [last] = await ctx.db
    .select({ number: max(contentPageRevisions.number) })
    .from(contentPageRevisions)
    .where(eq(contentPageRevisions.pageId, page.id));
  await ctx.db.insert(contentPageRevisions).values({
    ...revisionOfPage(page),
    number: (last?.number ?? 0) + 1,
    createdBy: ctx.user?.id ?? null,
    created: ctx.now,
  });
}

/** The page row, locked until the transaction ends (so two saves number their revisions one after the other). */
export async function lockPage(ctx: RequestContext, id: number): Promise<ContentPageRow | undefined> {
  const [row] = await ctx.db.select().from(contentPages).where(eq(contentPages.id, id)).for('update');
  return row;
}

export async function createPage(ctx: RequestContext, attributes: PageAttributes): Promise<number> {
  assertContentEditable(ctx);
  await assertPathFree(ctx, attributes.path);
  const columns = await pageColumns(ctx, attributes, null);
  const [row] = await pathUnique(() => ctx.db.insert(contentPages).values(columns).returning());
  if (!row) throw new Error('The page was not created');
  await writeRevision(ctx, row);
  return row.id;
}

/** Saves `attributes` over the page (a PATCH's merged values, or a restored revision's). */
export async function updatePage(
  ctx: RequestContext,
  page: ContentPageRow,
  attributes: PageAttributes,
  keepFeatured: boolean,
): Promise<void> {
  assertContentEditable(ctx);
  const locked = (await lockPage(ctx, page.id)) ?? page;
  await assertPathFree(ctx, attributes.path, page.id);
  const columns = await pageColumns(
    ctx,
    attributes,
    keepFeatured ? record(locked.fields).featured_image : null,
  );
  const [saved] = await pathUnique(() =>
    ctx.db.update(contentPages).set(columns).where(eq(contentPages.id, page.id)).returning(),
  );
  if (saved) await writeRevision(ctx, saved);
}

/** Puts a revision back: a save like any other, so it makes a revision of its own. */
/**
 * Puts revision `revisionId` of page `pageId` back: a save of its own (a new revision), so nothing is lost.
 * `home` restores the home page's row (its title and blocks; its path and layout never change), anything
 * else a content page.
 */
export async function restoreRevision(
  ctx: RequestContext,
  pageId: number,
  revisionId: number,
  kind: 'page' | 'home' = 'page',
): Promise<void> {
  assertContentEditable(ctx);
  const page = await lockPage(ctx, pageId);
  if (!page || (page.layout === 'frontpage') !== (kind === 'home'))
    throw DomainError.notFound(contentMessages.pageNotFound);
  const [revision] = await ctx.db
    .select()
    .from(contentPageRevisions)
    .where(and(eq(contentPageRevisions.id, revisionId), eq(contentPageRevisions.pageId, pageId)));
  if (!revision) throw new DomainError('invalid', contentMessages.revisionNotFound, { field: 'revision' });
  const kept = {
    title: revision.title,
    content: sanitizeHtml(revision.content),
    fields: revision.fields,
    updated: ctx.now,
    updatedBy: ctx.user?.id ?? null,
  };
  if (kind === 'page') await assertPathFree(ctx, revision.path, pageId);
  const [saved] = await pathUnique(() =>
    ctx.db
      .update(contentPages)
      .set(
        kind === 'home'
          ? kept
          : {
              ...kept,
              path: revision.path,
              layout: revision.layout,
              status: revision.status,
              menuOrder: revision.menuOrder,
            },
      )
      .where(eq(contentPages.id, pageId))
      .returning(),
  );
  if (saved) await writeRevision(ctx, saved);
}

/** The public get-page document the attributes would publish: exactly what visitors would be sent. */
export async function previewPage(ctx: RequestContext, attributes: PageAttributes, pageId: number | null) {
  let keep: unknown = null;
  if (pageId !== null) {
    const [row] = await ctx.db.select().from(contentPages).where(eq(contentPages.id, pageId));
    keep = row ? record(row.fields).featured_image : null;
  }
  const columns = await pageColumns(ctx, attributes, keep);
  return pageDocument.parse(
    pageDocumentOf({
      id: pageId ?? 'preview',
      path: columns.path,
      title: columns.title,
      layout: columns.layout ?? 'page',
      content: columns.content ?? '',
      fields: columns.fields,
    }),
  );
}

/** Pages other than the home page. */
export const notFrontpage = ne(contentPages.layout, 'frontpage');
export const frontpageOnly = eq(contentPages.layout, 'frontpage');
