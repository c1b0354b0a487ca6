/**
 * Content pages in the back office (issue 25): hostile HTML is sanitised on save (what is stored is
 * clean), paths are normalised and unique, every save and restore keeps a revision (who, when), a draft
 * is invisible to visitors, the preview is the public document, and Sales are refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages } from '@parking/domain/content-admin';
import { contentPageRevisions, contentPages } from '../db/schema/index';
import { seedContent } from '../seed/content';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let admin: string;
let adminId: number;
let sales: string;

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  await seedContent(db, server.clock.now());
  const a = await createUser(db, { roles: ['Admins'] });
  adminId = a.user.id;
  admin = await login(server.app, a.user.email);
  sales = await login(server.app, (await createUser(db, { roles: ['Sales'] })).user.email);
});
afterAll(() => server.close());

const page = (attributes: Record<string, unknown> = {}) => ({
  title: 'Winter parking',
  path: '/Winter-Parking/',
  layout: 'page',
  content: '<p>Book early.</p>',
  status: 'published',
  ...attributes,
});
const create = (attributes: Record<string, unknown>, token = admin) =>
  api(server.app, 'POST', `${V1}/content-pages/`, { token, body: doc('content-pages', page(attributes)) });
const patch = (id: string, attributes: Record<string, unknown>) =>
  api(server.app, 'PATCH', `${V1}/content-pages/${id}/`, {
    token: admin,
    body: doc('content-pages', attributes, { id }),
  });
const publicPage = (path: string) =>
  server.app.inject({ method: 'GET', url: `/wp-json/wp/v2/get-page/?path=${path}` });

const HOSTILE = [
  '<p>Hello<script>alert(1)</script></p>',
  '<img src="/x.png" onerror="alert(2)" alt="x">',
  '<a href="javascript:alert(3)">one</a>',
  '<a href="jav&#x09;ascript:alert(4)">two</a>',
  '<a href=" JaVaScRiPt:alert(5)">three</a>',
  '<svg onload="alert(6)"><script>alert(7)</script></svg>',
  '<svg><a xlink:href="javascript:alert(8)"><text>x</text></a></svg>',
  '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(9))" onclick="alert(10)">styled</p>',
  '<math><mtext><img src=x onerror=alert(11)></mtext></math>',
].join('');

describe('saving a page', () => {
  it('sanitises hostile HTML in the body and the accordion on save: the stored value is clean', async () => {
    const created = await create({
      path: 'hostile',
      content: HOSTILE,
      accordion: [{ title: 'Safe?', content: `<p>Yes</p>${HOSTILE}` }],
    });
    expect(created.status).toBe(201);
    const [row] = await server.handle.db
      .select()
      .from(contentPages)
      .where(eq(contentPages.id, Number(one(created.body).id)));
    const stored = JSON.stringify(row);
    for (const bad of [
      '<script',
      'onerror',
      'onload',
      'onclick',
      'javascript',
      'alert(',
      '<svg',
      '<style',
      '<iframe',
      'style=',
      '<math',
    ])
      expect(stored.toLowerCase()).not.toContain(bad);
    expect(row?.content).toContain('<p>Hello</p>');
    expect(row?.content).toContain('<img src="/x.png" alt="x">');
    expect(row?.content).toContain('one');
    expect(row?.content).toContain('<p>styled</p>');
  });

  it('normalises the path and answers a clear field error when it is taken or not a path', async () => {
    const created = await create({ path: '/Winter-Parking/' });
    expect(created.status).toBe(201);
    expect(one(created.body).attributes).toMatchObject({ path: '/winter-parking', status: 'published' });
    const again = await create({ path: 'winter-parking' });
    expect(again.status).toBe(400);
    expect(firstError(again.body)).toMatchObject({
      detail: contentMessages.pathTaken,
      source: { pointer: '/data/attributes/path' },
    });
    const home = await create({ path: '/' });
    expect(firstError(home.body)?.detail).toBe(contentMessages.pathHome);
    const spaced = await patch(one(created.body).id, { path: '/winter parking' });
    expect(firstError(spaced.body)).toMatchObject({ detail: contentMessages.pathInvalid });
  });

  it('keeps a revision per save (who and when), and a restore is a save of its own', async () => {
    const created = await create({ path: 'revisions', title: 'First' });
    const id = one(created.body).id;
    expect((await patch(id, { title: 'Second' })).status).toBe(200);
    const revisions = await api(
      server.app,
      'GET',
      `${V1}/content-page-revisions/?filter[page]=${id}&sort=number`,
      {
        token: admin,
      },
    );
    const list = many(revisions.body);
    expect(list.map((revision) => [revision.attributes.number, revision.attributes.title])).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
    expect(list[0]?.relationships?.createdBy?.data).toEqual({ type: 'users', id: String(adminId) });
    expect(list[0]?.attributes.created).toBe(server.clock.now().toISOString());

    const restored = await api(server.app, 'POST', `${V1}/content-pages/${id}/restore/`, {
      token: admin,
      body: doc('content-page-restores', { revision: list[0]?.id }),
    });
    expect(restored.status).toBe(200);
    expect(one(restored.body).attributes.title).toBe('First');
    const rows = await server.handle.db
      .select()
      .from(contentPageRevisions)
      .where(eq(contentPageRevisions.pageId, Number(id)));
    expect(rows.map((row) => [row.number, row.title]).sort()).toEqual([
      [1, 'First'],
      [2, 'Second'],
      [3, 'First'],
    ]);
    // Another page's revision is not this page's to restore.
    const other = await server.handle.db.select().from(contentPageRevisions).limit(1);
    const wrong = await api(server.app, 'POST', `${V1}/content-pages/${id}/restore/`, {
      token: admin,
      body: doc('content-page-restores', { revision: String(other[0]?.id) }),
    });
    expect(firstError(wrong.body)?.detail).toBe(contentMessages.revisionNotFound);
  });

  it('never lists, edits or deletes the home page as a page', async () => {
    const [home] = await server.handle.db
      .select()
      .from(contentPages)
      .where(eq(contentPages.layout, 'frontpage'));
    const list = await api(server.app, 'GET', `${V1}/content-pages/?page[size]=100`, { token: admin });
    expect(many(list.body).map((item) => item.attributes.path)).not.toContain('/');
    expect((await api(server.app, 'GET', `${V1}/content-pages/${home?.id}/`, { token: admin })).status).toBe(
      404,
    );
    expect(
      (await api(server.app, 'DELETE', `${V1}/content-pages/${home?.id}/`, { token: admin })).status,
    ).toBe(404);
  });
});

describe('drafts and preview', () => {
  it('hides a draft from visitors (routes, get-page, menus) until it is published', async () => {
    const created = await create({ path: 'draft-news', title: 'Draft news', status: 'draft' });
    const id = one(created.body).id;
    const menu = await api(server.app, 'PATCH', `${V1}/content-menus/footer/`, {
      token: admin,
      body: doc('content-menus', { items: [{ title: 'News', kind: 'page', page: id }] }, { id: 'footer' }),
    });
    expect(menu.status).toBe(200);
    expect((await publicPage('/draft-news')).statusCode).toBe(404);
    const routes = (await server.app.inject({ url: '/wp-json/wp/v2/routes/' })).json<
      Array<{ path: string }>
    >();
    expect(routes.map((route) => route.path)).not.toContain('/draft-news');
    expect((await server.app.inject({ url: '/wp-json/wp/v2/menu-location/footer/' })).json()).toEqual([]);

    expect((await patch(id, { status: 'published', path: '/news' })).status).toBe(200);
    expect((await publicPage('/news')).json()).toMatchObject({ title: 'Draft news' });
    // The menu follows the page to its new path.
    expect((await server.app.inject({ url: '/wp-json/wp/v2/menu-location/footer/' })).json()).toEqual([
      { id: '1', title: 'News', url: '/news' },
    ]);
  });

  it('previews unsaved attributes as the public get-page document, sanitised, storing nothing', async () => {
    const before = await server.handle.db.select().from(contentPages);
    const preview = await api(server.app, 'POST', `${V1}/content-page-previews/`, {
      token: admin,
      body: doc('content-page-previews', page({ path: 'preview-only', content: HOSTILE, intro: 'Hi' })),
    });
    expect(preview.status).toBe(200);
    const document = one(preview.body).attributes.page as Record<string, unknown>;
    expect(document).toMatchObject({ path: '/preview-only', title: 'Winter parking', acf: { intro: 'Hi' } });
    expect(String(document.content)).not.toMatch(/script|onerror|javascript/i);
    expect(await server.handle.db.select().from(contentPages)).toHaveLength(before.length);
  });
});

describe('who may', () => {
  it('refuses Sales with 403 and visitors with 401', async () => {
    expect((await create({ path: 'sales-page' }, sales)).status).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/content-pages/`)).status).toBe(401);
    expect((await api(server.app, 'GET', `${V1}/content-page-revisions/`, { token: sales })).status).toBe(
      403,
    );
  });
});
