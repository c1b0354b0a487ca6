/**
 * Images uploaded for the content (issue 25): checked and made in every size (photos/process-content-image.ts)
 * outside any transaction, stored through the photo storage under `content-images/{random}/{size}`, then
 * recorded; sizes whose record could not be written are removed from the storage again.
 *
 * The bytes are addressed by a random token, not the id (issue 38: sequential ids let anyone list every
 * upload), and are public only while published content uses them: a published page (its text, blocks or
 * featured image; the home page is one), a menu or the site details naming the token's address. Until then
 * (a draft's picture, one uploaded and never used) only Admins, the content's editors, fetch them. The
 * check is made on each fetch rather than kept as a flag, so no save anywhere has to remember it; the
 * content tables are a few dozen rows, and public answers are cached for a year anyway.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, like, or, sql, type AnyColumn } from 'drizzle-orm';
import { contentMessages, type ContentImageSize } from '@parking/domain/content-admin';
import { isAdmin, type RequestContext } from '../context';
import {
  contentImages,
  contentMenus,
  contentOptions,
  contentPages,
  type StoredImageSize,
} from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { processContentImage } from '../photos/process-content-image';
import { PhotoRefused } from '../photos/process-photo';
import { assertContentEditable } from './content-pages';

export const CONTENT_IMAGE_TYPE = 'image/webp';

/** 128 random bits as 32 lowercase hex digits: what a content image's address carries. */
const TOKEN = /^[0-9a-f]{32}$/;

export async function uploadContentImage(
  ctx: RequestContext,
  body: Buffer,
  alt: string,
  declaredType: string,
): Promise<number> {
  assertContentEditable(ctx);
  let image;
  try {
    image = await processContentImage(body, declaredType);
  } catch (error) {
    if (error instanceof PhotoRefused) throw new DomainError('invalid', error.message);
    throw error;
  }
  const prefix = `content-images/${randomBytes(12).toString('hex')}`;
  const sizes = {} as Record<ContentImageSize, StoredImageSize>;
  for (const [size, variant] of Object.entries(image.sizes) as Array<
    [ContentImageSize, (typeof image.sizes)[ContentImageSize]]
  >) {
    const key = `${prefix}/${size}`;
    await ctx.services.photos.put(key, variant.bytes, image.contentType);
    sizes[size] = { key, width: variant.width, height: variant.height };
  }
  try {
    const [row] = await ctx.db
      .insert(contentImages)
      .values({
        token: randomBytes(16).toString('hex'),
        storagePrefix: prefix,
        alt,
        width: image.width,
        height: image.height,
        sizes,
        uploadedBy: ctx.user?.id ?? null,
        created: ctx.now,
      })
      .returning({ id: contentImages.id });
    if (!row) throw new Error('The image was not recorded');
    return row.id;
  } catch (error) {
    await Promise.all(Object.values(sizes).map((stored) => ctx.services.photos.remove(stored.key)));
    throw error;
  }
}

/** Whether published content names the image's address (a token is hex: nothing in it is a LIKE pattern). */
async function usedByPublishedContent(ctx: RequestContext, token: string): Promise<boolean> {
  const address = `%/content-images/${token}/%`;
  const names = (column: AnyColumn) => sql<boolean>`${column}::text LIKE ${address}`;
  const [page, menu, option] = await Promise.all([
    ctx.db
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(
        and(
          eq(contentPages.status, 'published'),
          or(like(contentPages.content, address), names(contentPages.fields)),
        ),
      )
      .limit(1),
    ctx.db.select({ id: contentMenus.id }).from(contentMenus).where(names(contentMenus.items)).limit(1),
    ctx.db
      .select({ key: contentOptions.key })
      .from(contentOptions)
      .where(names(contentOptions.value))
      .limit(1),
  ]);
  return page.length + menu.length + option.length > 0;
}

export interface ContentImageBytes {
  bytes: Buffer;
  /** Published content uses it: anyone may fetch it, and caches may keep it. */
  public: boolean;
}

/**
 * The bytes of one size of an uploaded image, by its token: to anyone when published content uses it, to
 * Admins otherwise; a 404 for an unknown token or size, and for a caller who may not see it (an unused
 * image is not admitted to exist).
 */
export async function contentImageBytes(
  ctx: RequestContext,
  token: string,
  size: string,
): Promise<ContentImageBytes> {
  const notFound = DomainError.notFound(contentMessages.imageNotFound);
  if (!TOKEN.test(token)) throw notFound;
  const [image] = await ctx.db.select().from(contentImages).where(eq(contentImages.token, token));
  const stored =
    image && Object.hasOwn(image.sizes, size) ? image.sizes[size as ContentImageSize] : undefined;
  if (!stored) throw notFound;
  const published = await usedByPublishedContent(ctx, token);
  if (!published && !isAdmin(ctx.user)) throw notFound;
  const bytes = await ctx.services.photos.get(stored.key);
  if (!bytes) throw notFound;
  return { bytes, public: published };
}
