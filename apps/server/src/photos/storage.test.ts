/** The photo storage adapters: files under a folder, and an S3 bucket (a local stand-in checks every signature). */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { startS3StandIn } from '../test/s3-stand-in';
import { createPhotoStorage } from './create-storage';
import { filesystemPhotoStorage } from './filesystem';
import { s3PhotoStorage } from './s3';

const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

describe('filesystem storage', () => {
  it('keeps, reads and removes a photo under its folder, and refuses a key that could leave it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'photos-'));
    const storage = filesystemPhotoStorage(dir);
    await storage.put('b12/0123abcd', bytes, 'image/jpeg');
    expect(await storage.get('b12/0123abcd')).toEqual(bytes);
    expect(readdirSync(join(dir, 'b12'))).toEqual(['0123abcd']);
    await storage.remove('b12/0123abcd');
    expect(await storage.get('b12/0123abcd')).toBeNull();
    await expect(storage.get('../etc/passwd')).rejects.toThrow('Not a photo key');
    await expect(storage.put('/abs', bytes, 'image/jpeg')).rejects.toThrow('Not a photo key');
    await expect(storage.get('b1//x')).rejects.toThrow('Not a photo key');
  });
});

describe('S3 storage', () => {
  const credentials = { accessKeyId: 'AKIDLOCALTEST', secretAccessKey: 'local-test-secret-key' };
  let standIn: Awaited<ReturnType<typeof startS3StandIn>>;
  beforeAll(async () => {
    standIn = await startS3StandIn(credentials);
  });
  afterAll(() => standIn.close());

  const options = (secretAccessKey = credentials.secretAccessKey) => ({
    bucket: 'parking-photos',
    region: 'ap-southeast-2',
    endpoint: standIn.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey },
    prefix: 'custody-photos/',
  });

  it('puts private objects under the prefix with signed requests, reads them back and deletes them', async () => {
    const storage = s3PhotoStorage(options());
    await storage.put('b7/feedface', bytes, 'image/jpeg');
    const stored = standIn.objects.get('/parking-photos/custody-photos/b7/feedface');
    expect(stored).toMatchObject({ contentType: 'image/jpeg', acl: 'private' });
    expect(stored?.body).toEqual(bytes);
    expect(await storage.get('b7/feedface')).toEqual(bytes);
    expect(await storage.get('b7/missing')).toBeNull();
    await storage.remove('b7/feedface');
    expect(standIn.objects.size).toBe(0);
    expect(standIn.requests.length).toBeGreaterThanOrEqual(4);
    for (const request of standIn.requests) {
      expect(request.verified).toBe(true);
      expect(request.signedHeaders).toEqual(
        expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']),
      );
    }
  });

  it('is refused with a wrong secret (the stand-in really checks the signature)', async () => {
    const storage = s3PhotoStorage(options('not-the-secret'));
    await expect(storage.put('b7/cafe', bytes, 'image/jpeg')).rejects.toThrow();
    expect(standIn.requests.at(-1)?.verified).toBe(false);
  });

  it('is chosen by S3_BUCKET, and production with a shared database wants it or a stated filesystem', () => {
    const s3 = loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_REGION: 'ap-southeast-2' }).photos;
    expect(s3).toMatchObject({
      kind: 's3',
      bucket: 'b',
      region: 'ap-southeast-2',
      prefix: 'custody-photos/',
    });
    expect(createPhotoStorage(s3).kind).toBe('s3');
    const files = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }).photos;
    expect(files).toEqual({ kind: 'filesystem', dir: '/tmp/x/photos' });
    expect(() => loadConfig({ NODE_ENV: 'test', PHOTO_STORAGE: 's3' })).toThrow('S3_BUCKET and S3_REGION');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'only-one' }),
    ).toThrow('go together');
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/parking',
      BUSINESS_ABN: '51 824 753 556',
      SESSION_SECRET: 'test-only-session-secret-0123456789abcdef',
      SMTP_URL: 'smtp://mail.example:587',
      STRIPE_SECRET_KEY: 'sk_test_config',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_config',
      STRIPE_WEBHOOK_SECRET: 'whsec_config',
      FLIGHT_STATUS_PROVIDER: 'none',
    };
    expect(() => loadConfig(production)).toThrow('S3_BUCKET and S3_REGION for custody photos');
    expect(loadConfig({ ...production, S3_BUCKET: 'b', S3_REGION: 'r' }).photos.kind).toBe('s3');
    expect(loadConfig({ ...production, PHOTO_STORAGE: 'filesystem' }).photos.kind).toBe('filesystem');
  });
});
