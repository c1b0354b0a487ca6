/**
 * Images uploaded for the content (issue 25): checked and made in every size (photos/process-content-image.ts)
 * outside any transaction, stored through the photo storage under `content-images/{random}/{size}`, then
 * recorded; sizes whose record could not be written are removed from the storage again. Published
 * images are public: the bytes are served to anyone by their id and size (routes/content-admin.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contentMessages, type ContentImageSize } from '@parking/domain/content-admin';
import type { RequestContext } from '../context';
import { contentImages, type StoredImageSize } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { processContentImage } from '../photos/process-content-image';
import { PhotoRefused } from '../photos/process-photo';
import { assertContentEditable } from './content-pages';

export const CONTENT_IMAGE_TYPE = 'image/webp';

export async function uploadContentImage(ctx: RequestContext, body: Buffer, alt: string): Promise<number> {
  assertContentEditable(ctx);
  let image;
  try {
    image = await processContentImage(body);
  } catch (error) {
    if (error instanceof PhotoRefused) throw errors.invalid(error.message);
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

/** The bytes of one size of an uploaded image, or a 404 for an unknown image or size. */
export async function contentImageBytes(ctx: RequestContext, id: number, size: string): Promise<Buffer> {
  const [image] = await ctx.db.select().from(contentImages).where(eq(contentImages.id, id));
  const stored =
    image && Object.hasOwn(image.sizes, size) ? image.sizes[size as ContentImageSize] : undefined;
  const bytes = stored ? await ctx.services.photos.get(stored.key) : null;
  if (!bytes) throw errors.notFound(contentMessages.imageNotFound);
  return bytes;
}
