/**
 * An image uploaded for the content (issue 25): the type read from its bytes (never the request's word,
 * which must agree with them when it names an image type: a PNG sent as GIF is refused, issue 38), size
 * and pixels capped before anything is decoded, turned upright, and made by sharp in each size the
 * public site uses (CONTENT_IMAGE_SIZES: the longest edge, never enlarged), re-encoded as WebP, which
 * drops every piece of metadata and anything hidden after the picture. Transparency is kept.
 */
import sharp, { type Metadata } from 'sharp';
import {
  CONTENT_IMAGE_SIZES,
  contentMessages,
  MAX_CONTENT_IMAGE_BYTES,
  MAX_CONTENT_IMAGE_PIXELS,
  type ContentImageSize,
} from '@parking/domain/content-admin';
import { sniffPhotoType } from '@parking/domain/custody-photos';
import { PhotoRefused } from './process-photo';

interface ImageVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedContentImage {
  contentType: 'image/webp';
  width: number;
  height: number;
  sizes: Record<ContentImageSize, ImageVariant>;
}

/** The image types an upload may be labelled with, as an editor knows them (the refusal names both). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/svg+xml': 'SVG',
  'image/avif': 'AVIF',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'image/bmp': 'BMP',
  'image/tiff': 'TIFF',
};

/**
 * `declaredType` is the request's media type without parameters; `application/octet-stream` (or none)
 * names no type, so only the bytes decide.
 */
export async function processContentImage(
  input: Buffer,
  declaredType = 'application/octet-stream',
): Promise<ProcessedContentImage> {
  if (input.length > MAX_CONTENT_IMAGE_BYTES) throw new PhotoRefused(contentMessages.imageTooBig);
  const actual = sniffPhotoType(input);
  if (!actual) throw new PhotoRefused(contentMessages.imageNotAnImage);
  // A label that disagrees with the bytes is a mistake or a disguise: either way the editor is told.
  const declared = TYPE_NAMES[declaredType];
  if (declared !== undefined && declaredType !== actual)
    throw new PhotoRefused(contentMessages.imageTypeMismatch(TYPE_NAMES[actual] ?? actual, declared));
  let metadata: Metadata;
  try {
    // The header only (nothing decoded yet): the pixel count is checked before the picture is.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(contentMessages.imageUnreadable);
  }
  if (!metadata.width || !metadata.height) throw new PhotoRefused(contentMessages.imageUnreadable);
  if (metadata.width * metadata.height > MAX_CONTENT_IMAGE_PIXELS)
    throw new PhotoRefused(contentMessages.imageTooManyPixels);
  try {
    // Decoded once, upright; each size is made from that.
    const upright = await sharp(input, {
      limitInputPixels: MAX_CONTENT_IMAGE_PIXELS,
      failOn: 'error',
      animated: false,
    })
      .rotate()
      .toBuffer({ resolveWithObject: true });
    const entries = await Promise.all(
      (Object.entries(CONTENT_IMAGE_SIZES) as Array<[ContentImageSize, number]>).map(async ([size, edge]) => {
        const { data, info } = await sharp(upright.data, { limitInputPixels: MAX_CONTENT_IMAGE_PIXELS })
          .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return [size, { bytes: data, width: info.width, height: info.height }] as const;
      }),
    );
    return {
      contentType: 'image/webp',
      width: upright.info.width,
      height: upright.info.height,
      sizes: Object.fromEntries(entries) as Record<ContentImageSize, ImageVariant>,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new PhotoRefused(contentMessages.imageTooManyPixels);
    throw new PhotoRefused(contentMessages.imageUnreadable);
  }
}
