/**
 * Where pictures are kept (an outside service behind an interface, as payments are): files under
 * DATA_DIR by default (filesystem.ts), an S3-compatible bucket when configured (s3.ts). Keys are made
 * by the server (random), never taken from a request. Custody photos (custody/custody-photos.ts, keys
 * `b{booking}/...`) are served only through their authorised route; the content's images (issue 25,
 * content/content-images.ts, keys `content-images/...`) are served by their own route, by a random
 * token: to anyone once published content uses them, to Admins before. Never from the storage's own address.
 */
export interface PhotoStorage {
  readonly kind: 'filesystem' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** A key as the server makes them: lowercase letters, digits, '-' and '/', no '..' and no leading '/'. */
export function assertPhotoKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/-]{0,199}$/.test(key) || key.includes('//'))
    throw new Error(`Not a photo key: ${JSON.stringify(key.slice(0, 50))}`);
}
