/** Photos in an S3-compatible bucket (AWS S3, MinIO, R2...) through the AWS SDK; private objects. */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertPhotoKey, type PhotoStorage } from './storage';

export interface S3PhotoOptions {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  prefix: string;
}

export function s3PhotoStorage(options: S3PhotoOptions): PhotoStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 3,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertPhotoKey(key);
    return `${options.prefix}${key}`;
  };
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          // Never readable by address alone, whatever the bucket's defaults.
          ACL: 'private',
          CacheControl: 'private, no-store',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
