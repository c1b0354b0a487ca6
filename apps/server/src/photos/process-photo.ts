/**
 * A photo as we keep it: the type read from its bytes (never the request's word), size and pixels
 * capped, turned upright, shrunk to STORED_PHOTO_MAX_EDGE and re-encoded as JPEG by sharp, which drops
 * every piece of metadata (camera, GPS position, comments) and anything hidden after the picture.
 */
import sharp, { type Metadata } from 'sharp';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  photoMessages,
  sniffPhotoType,
  STORED_PHOTO_MAX_EDGE,
} from '@parking/domain/custody-photos';

export class PhotoRefused extends Error {}

export interface ProcessedPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > MAX_PHOTO_BYTES) throw new PhotoRefused(photoMessages.tooBig);
  if (!sniffPhotoType(input)) throw new PhotoRefused(photoMessages.notAnImage);
  let metadata: Metadata;
  try {
    // The header only (nothing decoded yet): the pixel count is checked before the picture is.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(photoMessages.unreadable);
  }
  if (!metadata.width || !metadata.height) throw new PhotoRefused(photoMessages.unreadable);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS)
    throw new PhotoRefused(photoMessages.tooManyPixels);
  const image = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', animated: false });
  try {
    const { data, info } = await image
      .rotate()
      .resize({
        width: STORED_PHOTO_MAX_EDGE,
        height: STORED_PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new PhotoRefused(photoMessages.tooManyPixels);
    throw new PhotoRefused(photoMessages.unreadable);
  }
}
