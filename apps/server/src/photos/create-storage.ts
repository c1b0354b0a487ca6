import type { PhotoStorageConfig } from '../config/config';
import { filesystemPhotoStorage } from './filesystem';
import { s3PhotoStorage } from './s3';
import type { PhotoStorage } from './storage';

export function createPhotoStorage(config: PhotoStorageConfig): PhotoStorage {
  return config.kind === 's3' ? s3PhotoStorage(config) : filesystemPhotoStorage(config.dir);
}
