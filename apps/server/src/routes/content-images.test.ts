/**
 * Images for the content (issue 25): Admins upload the raw bytes; the type is read from them (the label
 * is only one of the image media types), bytes and pixels are capped before decoding, sharp makes the
 * sizes the public site uses, they are stored through the photo storage and served to anyone with
 * long immutable caching; a page's featured image answers those sizes publicly.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_SIZES, contentMessages, MAX_CONTENT_IMAGE_BYTES } from '@parking/domain/content-admin';
import { contentImages } from '../db/schema/index';
import { createUser, login } from '../test/factories';
import { hugePixelPng } from '../test/images';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let admin: string;
let sales: string;

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  admin = await login(server.app, (await createUser(db, { roles: ['Admins'] })).user.email);
  sales = await login(server.app, (await createUser(db, { roles: ['Sales'] })).user.email);
});
afterAll(() => server.close());

const upload = (body: Buffer | string, type: string, token: string | null = admin, query = '') =>
  server.app.inject({
    method: 'POST',
    url: `${V1}/content-images/${query}`,
    headers: { 'content-type': type, ...(token ? { authorization: `Token ${token}` } : {}) },
    payload: body,
  });

/** A wide photo-like PNG, 2400 × 1200, with an alpha channel. */
const widePng = () =>
  sharp({
    create: { width: 2400, height: 1200, channels: 4, background: { r: 10, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer();

describe('uploading an image', () => {
  it('makes every size the public site uses, stores them, and serves them publicly for good', async () => {
    const response = await upload(await widePng(), 'image/png', admin, '?alt=Our%20shuttle');
    expect(response.statusCode).toBe(201);
    const image = one(response.json());
    expect(image.attributes).toMatchObject({ alt: 'Our shuttle', width: 2400, height: 1200 });
    const sizes = image.attributes.sizes as Record<string, { url: string; width: number; height: number }>;
    expect(Object.keys(sizes).sort()).toEqual(Object.keys(CONTENT_IMAGE_SIZES).sort());
    expect(sizes.thumbnail).toMatchObject({ width: 300, height: 150 });
    expect(sizes.large).toMatchObject({ width: 1200, height: 600 });
    expect(sizes.full).toMatchObject({ width: 2048, height: 1024 });

    const served = await server.app.inject({ url: sizes.medium?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 300,
    });
    expect((await server.app.inject({ url: `${V1}/content-images/${image.id}/huge/` })).statusCode).toBe(404);

    // A page's featured image answers its sizes to visitors.
    const page = await api(server.app, 'POST', `${V1}/content-pages/`, {
      token: admin,
      body: doc('content-pages', {
        title: 'Shuttle',
        path: '/shuttle',
        layout: 'feature-image',
        status: 'published',
        featuredImage: image.id,
        featuredImageAlt: 'The shuttle at the terminal',
      }),
    });
    expect(page.status).toBe(201);
    const published = (await server.app.inject({ url: '/wp-json/wp/v2/get-page/?path=/shuttle' })).json<{
      featured_image: { alt: string; sizes: Record<string, { url: string }> };
    }>();
    expect(published.featured_image.alt).toBe('The shuttle at the terminal');
    expect(published.featured_image.sizes.large?.url).toBe(sizes.large?.url);
    const missing = await api(server.app, 'POST', `${V1}/content-pages/`, {
      token: admin,
      body: doc('content-pages', {
        title: 'X',
        path: '/x',
        layout: 'page',
        status: 'draft',
        featuredImage: '999999',
      }),
    });
    expect(firstError(missing.body)).toMatchObject({
      detail: contentMessages.imageNotFound,
      source: { pointer: '/data/attributes/featuredImage' },
    });
  });

  it('reads the type from the bytes, caps bytes and pixels, and records nothing refused', async () => {
    const before = await server.handle.db.select().from(contentImages);
    const refusal = async (body: Buffer | string, type: string) => {
      const response = await upload(body, type);
      return [
        response.statusCode,
        (response.json() as { errors: Array<{ detail: string }> }).errors[0]?.detail,
      ];
    };
    // Text (or an SVG with a script) labelled as a PNG is not an image.
    expect(await refusal('hello, not a picture', 'image/png')).toEqual([
      400,
      contentMessages.imageNotAnImage,
    ]);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    expect(await refusal(svg, 'image/png')).toEqual([400, contentMessages.imageNotAnImage]);
    // A real PNG labelled as text is refused by its label: only image types (or octet-stream) are read.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'text/plain')).statusCode).toBe(415);
    expect((await upload(png, 'text/html')).statusCode).toBe(415);
    // A picture of a kind we do not take is told so in words, whatever it is labelled.
    expect(await refusal(svg, 'image/svg+xml')).toEqual([400, contentMessages.imageNotAnImage]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(await refusal(gif, 'image/gif')).toEqual([400, contentMessages.imageNotAnImage]);
    // ...and accepted as a JPEG or as bytes: its real type is read from it.
    expect((await upload(png, 'image/jpeg')).statusCode).toBe(201);
    expect((await upload(png, 'application/octet-stream')).statusCode).toBe(201);
    // A few hundred bytes claiming 400 million pixels: refused before anything is decoded.
    expect(await refusal(hugePixelPng(20_000, 20_000), 'image/png')).toEqual([
      400,
      contentMessages.imageTooManyPixels,
    ]);
    const tooBig = Buffer.concat([png, Buffer.alloc(MAX_CONTENT_IMAGE_BYTES)]);
    expect(await refusal(tooBig, 'image/png')).toEqual([400, contentMessages.imageTooBig]);
    const truncated = (await widePng()).subarray(0, 200);
    expect(await refusal(truncated, 'image/png')).toEqual([400, contentMessages.imageUnreadable]);
    expect(await server.handle.db.select().from(contentImages)).toHaveLength(before.length + 2);
  });

  it('is for Admins only: Sales 403, visitors 401', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'image/png', sales)).statusCode).toBe(403);
    expect((await upload(png, 'image/png', null)).statusCode).toBe(401);
    expect((await api(server.app, 'GET', `${V1}/content-images/`, { token: sales })).status).toBe(403);
  });
});
