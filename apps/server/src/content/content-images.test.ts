/**
 * Images for the content (issue 25): Admins upload the raw bytes; the type is read from them (a label naming
 * another image type is refused, issue 38), bytes and pixels are capped before decoding, sharp makes the
 * sizes the public site uses and they are stored through the photo storage. The bytes are addressed by a
 * random token (issue 38): an Admin fetches any (never cached); anyone else only those published content
 * uses (cached for a year), and a page's featured image answers those sizes publicly.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_SIZES, contentMessages, MAX_CONTENT_IMAGE_BYTES } from '@parking/domain/content-admin';
import { contentImages, contentPages } from '../db/schema/index';
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

const fetchAs = (url: string, token: string | null = null) =>
  server.app.inject({ url, headers: token ? { authorization: `Token ${token}` } : {} });

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

    // Addressed by a random token, never the id; unused yet, so an Admin's alone, and kept by no cache.
    const medium = sizes.medium?.url ?? '';
    expect(medium).toMatch(/^\/backend\/api\/v1\/content-images\/[0-9a-f]{32}\/medium\/$/);
    expect(medium).not.toContain(`/${image.id}/`);
    const served = await fetchAs(medium, admin);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 300,
    });
    expect((await fetchAs(medium.replace('/medium/', '/huge/'), admin)).statusCode).toBe(404);
    expect((await fetchAs(medium)).statusCode).toBe(404);

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
    // Published, the image is anyone's, cached for a year (a replacement is a new upload: a new address).
    const visitor = await fetchAs(sizes.large?.url ?? '');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
    // A label naming another image type is refused in words (it was taken, issue 38)...
    expect(await refusal(png, 'image/gif')).toEqual([400, contentMessages.imageTypeMismatch('PNG', 'GIF')]);
    expect(await refusal(png, 'image/gif')).toEqual([400, 'The file is a PNG image, not GIF.']);
    expect(await refusal(png, 'image/jpeg; charset=binary')).toEqual([
      400,
      'The file is a PNG image, not JPEG.',
    ]);
    // ...and the right one, or bytes (which name no type), accepted: the real type is read from them.
    expect((await upload(png, 'image/png')).statusCode).toBe(201);
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

describe('fetching an image (issue 38: unguessable, and private until published)', () => {
  const tinyPng = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
  const uploaded = async () => {
    const image = one((await upload(await tinyPng(), 'image/png')).json());
    const sizes = image.attributes.sizes as Record<string, { url: string }>;
    return { id: image.id, url: sizes.large?.url ?? '' };
  };

  it('answers no guessed address: not the old sequential one, not a made-up token', async () => {
    const { id, url } = await uploaded();
    // Published, so that only the address decides.
    const page = await api(server.app, 'POST', `${V1}/content-pages/`, {
      token: admin,
      body: doc('content-pages', {
        title: 'Guessing',
        path: '/guessing',
        layout: 'page',
        status: 'published',
        content: `<p><img src="${url}" alt="Bays"></p>`,
      }),
    });
    expect(page.status).toBe(201);
    expect((await fetchAs(url)).statusCode).toBe(200);
    for (const guess of [
      `${V1}/content-images/${id}/large/`,
      `${V1}/content-images/${'0'.repeat(32)}/large/`,
      `${V1}/content-images/${'f'.repeat(31)}/large/`,
      url.replace(/[0-9a-f]{32}/, (token) => token.toUpperCase()),
    ]) {
      const answer = await fetchAs(guess);
      expect(answer.statusCode, guess).toBe(404);
      expect(firstError(answer.json())?.detail).toBe(contentMessages.imageNotFound);
      expect(answer.headers['cache-control']).toBe('no-store');
      // Not even an Admin reaches bytes by a number.
      expect((await fetchAs(guess, admin)).statusCode, guess).toBe(404);
    }
  });

  it("keeps a draft page's image to Admins until the page is published", async () => {
    const { url } = await uploaded();
    const created = await api(server.app, 'POST', `${V1}/content-pages/`, {
      token: admin,
      body: doc('content-pages', {
        title: 'Coming soon',
        path: '/coming-soon',
        layout: 'page',
        status: 'draft',
        content: `<p>Soon.</p><p><img src="${url}" alt="The new car park"></p>`,
      }),
    });
    expect(created.status).toBe(201);
    const pageId = one(created.body).id;
    expect((await fetchAs(url)).statusCode).toBe(404);
    expect((await fetchAs(url, sales)).statusCode).toBe(404);
    const editor = await fetchAs(url, admin);
    expect(editor.statusCode).toBe(200);
    expect(editor.headers['cache-control']).toBe('private, no-store');

    const published = await api(server.app, 'PATCH', `${V1}/content-pages/${pageId}/`, {
      token: admin,
      body: doc('content-pages', { status: 'published' }, { id: pageId }),
    });
    expect(published.status).toBe(200);
    const visitor = await fetchAs(url);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await fetchAs(url, admin)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives existing images a token and rewrites the stored old addresses (migration 0019)', async () => {
    const { id, url } = await uploaded();
    const old = `${V1}/content-images/${id}/large/`;
    const [page] = await server.handle.db
      .insert(contentPages)
      .values({
        path: '/before-tokens',
        title: 'Before tokens',
        content: `<p><img src="${old}" alt="Old"></p>`,
        fields: { featured_image: { id, alt: 'Old', sizes: { large: { url: old, width: 8, height: 8 } } } },
      })
      .returning();
    // The migration's last statement rewrites every old address by the images' tokens.
    const migration = readFileSync(
      new URL('../db/migrations/0019_content_image_tokens.sql', import.meta.url),
      'utf8',
    );
    await server.handle.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1) ?? ''));
    const [after] = await server.handle.db
      .select()
      .from(contentPages)
      .where(sql`${contentPages.id} = ${page?.id}`);
    expect(after?.content).toBe(`<p><img src="${url}" alt="Old"></p>`);
    expect(JSON.stringify(after?.fields)).toContain(url);
    expect(JSON.stringify(after?.fields)).not.toContain(old);
    expect((await fetchAs(url)).statusCode).toBe(200);
  });
});
