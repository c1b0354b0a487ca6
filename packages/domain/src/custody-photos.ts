/**
 * Photos of a car in our care: what is accepted and how big. The browser shrinks a camera's photo
 * before sending it (BROWSER_PHOTO_MAX_EDGE, JPEG); the server believes nothing it is told about the
 * file: it reads the type from the bytes, refuses what is too big, and re-encodes the picture (which
 * also drops its metadata, such as where it was taken).
 */

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** What the server accepts in one upload. */
export const MAX_PHOTO_BYTES = 12 * 1024 * 1024;
/** Pixels a photo may decode to (a small file can claim a huge picture). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The longest edge kept on the server. */
export const STORED_PHOTO_MAX_EDGE = 2048;
/** The longest edge the browser sends (a phone's 12 MP photo becomes ~300 kB). */
export const BROWSER_PHOTO_MAX_EDGE = 1600;
export const BROWSER_PHOTO_QUALITY = 0.82;
/** Photos one booking's record may hold. */
export const MAX_PHOTOS_PER_BOOKING = 30;

export const photoMessages = {
  notAnImage: 'Send a photo (JPEG, PNG or WebP).',
  tooBig: `A photo can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: 'This photo is too large. Take it again with a lower resolution.',
  unreadable: 'This photo could not be read.',
  tooMany: `A booking can hold at most ${MAX_PHOTOS_PER_BOOKING} photos.`,
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type the bytes are, whatever the request said; null when they are none we take. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** The size to draw a picture at so that its longest edge is at most `maxEdge` (never enlarged). */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxEdge || longest === 0) return { width, height };
  const scale = maxEdge / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
