/**
 * Menus, the home page and the site details in the back office (issue 25): validated menu items, the home
 * page's blocks saved with a revision and shown by the public routes at once (the held content dropped),
 * the header message only between its days, the Site details winning over the configured contact details,
 * and every write refused while CMS_URL names a WordPress.
 */
import { desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { contentMessages } from '@parking/domain/content-admin';
import { auditLogs, contentPageRevisions, contentPages } from '../db/schema/index';
import { seedContent } from '../seed/content';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  await seedContent(server.handle.db, server.clock.now());
  admin = await login(server.app, (await createUser(server.handle.db, { roles: ['Admins'] })).user.email);
});
afterAll(() => server.close());

const options = async (target = server) =>
  (await target.app.inject({ url: '/wp-json/acf/v3/options/options/' })).json<{
    acf: Record<string, unknown>;
  }>().acf;
const patchSite = (attributes: Record<string, unknown>, target = server, token = admin) =>
  api(target.app, 'PATCH', `${V1}/site-details/`, {
    token,
    body: doc('site-details', attributes, { id: 'site' }),
  });

describe('menus', () => {
  it('reads the seeded menus as page and route items, and checks each kind of item on save', async () => {
    const main = await api(server.app, 'GET', `${V1}/content-menus/main/`, { token: admin });
    const items = one(main.body).attributes.items as Array<Record<string, unknown>>;
    expect(items[0]).toEqual({ title: 'Get a quote', kind: 'route', page: null, url: '/booking/step-1' });
    expect(items[1]).toMatchObject({ title: 'About us', kind: 'page', url: '/about-us' });

    const bad = await api(server.app, 'PATCH', `${V1}/content-menus/main/`, {
      token: admin,
      body: doc(
        'content-menus',
        {
          items: [
            { title: 'Quote', kind: 'route', url: 'booking' },
            { title: 'Evil', kind: 'external', url: 'javascript:alert(1)' },
            { title: 'Gone', kind: 'page', page: '999999' },
          ],
        },
        { id: 'main' },
      ),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/items/0/url', contentMessages.routeInvalid],
      ['/data/attributes/items/1/url', contentMessages.externalInvalid],
    ]);
    const gone = await api(server.app, 'PATCH', `${V1}/content-menus/main/`, {
      token: admin,
      body: doc(
        'content-menus',
        { items: [{ title: 'Gone', kind: 'page', page: '999999' }] },
        { id: 'main' },
      ),
    });
    expect(firstError(gone.body)).toMatchObject({
      detail: contentMessages.menuPageMissing,
      source: { pointer: '/data/attributes/items/0/page' },
    });
    expect((await api(server.app, 'GET', `${V1}/content-menus/sidebar/`, { token: admin })).status).toBe(404);
  });
});

describe('home page', () => {
  it('saves the blocks with a revision, sanitised, and the public front page shows them at once', async () => {
    const before = (await server.app.inject({ url: '/wp-json/wp/v2/frontpage/' })).json<{
      acf: { hero_title: string };
    }>();
    expect(before.acf.hero_title).toContain('Valet');
    const saved = await api(server.app, 'PATCH', `${V1}/home-page/`, {
      token: admin,
      body: doc('home-page', {
        heroTitle: 'Park for less this winter',
        columns: [{ title: 'Safe', content: '<p>Locked<script>x()</script></p>', icon: 'key' }],
      }),
    });
    expect(saved.status).toBe(200);
    expect(one(saved.body).attributes).toMatchObject({
      heroTitle: 'Park for less this winter',
      columns: [{ title: 'Safe', content: '<p>Locked</p>', icon: 'key' }],
    });
    // What was not sent is kept.
    expect(String(one(saved.body).attributes.heroText)).toContain('Hand your keys');
    const after = (await server.app.inject({ url: '/wp-json/wp/v2/frontpage/' })).json<{
      acf: { hero_title: string };
    }>();
    expect(after.acf.hero_title).toBe('Park for less this winter');
    const homeId = Number(one(saved.body).id);
    const revisions = await server.handle.db
      .select()
      .from(contentPageRevisions)
      .where(eq(contentPageRevisions.pageId, homeId));
    expect(revisions.map((revision) => revision.number).sort()).toEqual([1, 2]);
    const [row] = await server.handle.db.select().from(contentPages).where(eq(contentPages.id, homeId));
    expect(row?.layout).toBe('frontpage');

    const invalid = await api(server.app, 'PATCH', `${V1}/home-page/`, {
      token: admin,
      body: doc('home-page', { footerCta: { title: 'Go', buttonLabel: 'Go', buttonUrl: 'javascript:x' } }),
    });
    expect(firstError(invalid.body)).toMatchObject({
      detail: contentMessages.linkInvalid,
      source: { pointer: '/data/attributes/footerCta/buttonUrl' },
    });

    // The seeded revision put back: a save of its own (revision 3), and visitors see it at once.
    const seeded = revisions.find((revision) => revision.number === 1);
    const restored = await api(server.app, 'POST', `${V1}/home-page/restore/`, {
      token: admin,
      body: doc('home-page-restores', { revision: String(seeded?.id) }),
    });
    expect(restored.status).toBe(200);
    expect(String(one(restored.body).attributes.heroTitle)).toContain('Valet');
    const back = (await server.app.inject({ url: '/wp-json/wp/v2/frontpage/' })).json<{
      acf: { hero_title: string };
    }>();
    expect(back.acf.hero_title).toBe(before.acf.hero_title);
    const numbers = await server.handle.db
      .select({ number: contentPageRevisions.number })
      .from(contentPageRevisions)
      .where(eq(contentPageRevisions.pageId, homeId));
    expect(numbers.map((revision) => revision.number).sort()).toEqual([1, 2, 3]);

    // A content page's revision is not the home page's to restore.
    const [pageRevision] = await server.handle.db
      .select()
      .from(contentPageRevisions)
      .where(ne(contentPageRevisions.pageId, homeId))
      .limit(1);
    const wrong = await api(server.app, 'POST', `${V1}/home-page/restore/`, {
      token: admin,
      body: doc('home-page-restores', { revision: String(pageRevision?.id) }),
    });
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)).toMatchObject({ detail: contentMessages.revisionNotFound });
  });
});

describe('site details', () => {
  it('shows the header message only between its days (inclusive, business-local)', async () => {
    // The test clock: 21 November 2026, 9:00 in Hobart.
    const message = 'Closed on Christmas Day';
    expect(
      (await patchSite({ headerMessage: message, headerMessageFrom: '2026-11-22', headerMessageUntil: '' }))
        .status,
    ).toBe(200);
    expect((await options()).header_message).toBe('');
    await patchSite({ headerMessageFrom: '2026-11-21', headerMessageUntil: '2026-11-21' });
    expect((await options()).header_message).toBe(message);
    await patchSite({ headerMessageFrom: '2026-11-01', headerMessageUntil: '2026-11-20' });
    expect((await options()).header_message).toBe('');
    await patchSite({ headerMessageFrom: null, headerMessageUntil: null });
    expect((await options()).header_message).toBe(message);
    expect(await options()).not.toHaveProperty('header_message_from');

    const backwards = await patchSite({ headerMessageFrom: '2026-12-26', headerMessageUntil: '2026-12-25' });
    expect(firstError(backwards.body)).toMatchObject({
      detail: contentMessages.untilBeforeFrom,
      source: { pointer: '/data/attributes/headerMessageUntil' },
    });
  });

  it('makes the entered phone, address and email win over the configured ones; blank falls back', async () => {
    expect((await patchSite({ phone: '03 6111 2222', address: '', email: 'hello@example.com' })).status).toBe(
      200,
    );
    expect(await options()).toMatchObject({
      contact_phone: '03 6111 2222',
      address: server.config.business.address.join(', '),
      email: 'hello@example.com',
    });
    const [audit] = await server.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceType, 'site-details'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.changes).toMatchObject({ phone: { to: '03 6111 2222' } });
    const read = await api(server.app, 'GET', `${V1}/site-details/`, { token: admin });
    expect(one(read.body).attributes).toMatchObject({ phone: '03 6111 2222', address: '', managedBy: null });
    const wrong = await patchSite({
      phone: 'ring us',
      email: 'nope',
      socialLinks: [{ network: 'X', url: 'ftp://x' }],
    });
    expect(wrong.body.errors?.map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/phone',
      '/data/attributes/email',
      '/data/attributes/socialLinks/0/url',
    ]);
  });
});

describe('with CMS_URL (a WordPress)', () => {
  it('refuses every content write, saying where the content is managed, and says so on site-details', async () => {
    const relay = await createTestServer({ env: { CMS_URL: 'https://cms.example.com' } });
    onTestFinished(() => relay.close());
    const token = await login(
      relay.app,
      (await createUser(relay.handle.db, { roles: ['Admins'] })).user.email,
    );
    const refused = (await patchSite({ phone: '03 6111 2222' }, relay, token)).body;
    const detail = contentMessages.managedElsewhere('https://cms.example.com');
    expect(firstError(refused)).toMatchObject({ status: '409', code: 'content_managed_elsewhere', detail });
    const writes = await Promise.all([
      api(relay.app, 'POST', `${V1}/content-pages/`, {
        token,
        body: doc('content-pages', { title: 'T', path: '/t', layout: 'page', status: 'draft' }),
      }),
      api(relay.app, 'PATCH', `${V1}/home-page/`, { token, body: doc('home-page', {}) }),
      api(relay.app, 'PATCH', `${V1}/content-menus/main/`, {
        token,
        body: doc('content-menus', { items: [] }, { id: 'main' }),
      }),
    ]);
    expect(writes.map((write) => [write.status, firstError(write.body)?.detail])).toEqual([
      [409, detail],
      [409, detail],
      [409, detail],
    ]);
    const read = await api(relay.app, 'GET', `${V1}/site-details/`, { token });
    expect(one(read.body).attributes.managedBy).toBe('https://cms.example.com');
  });
});
