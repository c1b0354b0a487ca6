/** Photos as files under a folder (DATA_DIR/photos by default): one instance, or a shared disk. */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertPhotoKey, type PhotoStorage } from './storage';

export function filesystemPhotoStorage(dir: string): PhotoStorage {
  const path = (key: string) => {
    assertPhotoKey(key);
    return join(dir, key);
  };
  return {
    kind: 'filesystem',
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      // Written whole, then renamed: a reader never sees half a photo.
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, target);
    },
    async get(key) {
      try {
        return await readFile(path(key));
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}
