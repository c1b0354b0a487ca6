/**
 * Issue 20: what an instance holds in memory (the quotes' data, pricing/quote-cache.ts, and the pre-rendered
 * home page, http/prerender.ts) is dropped when a write commits, not for every POST: anonymous junk (404s,
 * 400s, a wrong login, a read-only quote) leaves both in place; a saved booking, or any other committed write,
 * still drops them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed';
import { contentMenus, contentOptions, contentPages } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser } from '../test/factories';
import { api, Clock, createTestDatabase, doc, JSONAPI } from '../test/server';

const V1 = '/backend/api/v1';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let changes: ChangeFeed;
let app: FastifyInstance;
let f: Fixtures;

/** A web build of our own: index.html, and a pre-render bundle whose page says how many times it was made. */
function fakeWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'parking-web-'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(
    join(root, 'dist', 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(root, 'dist-ssr', 'entry-server.js'),
    `let made = 0;
export function prerenderedUrl(url) {
  return new URL(url, 'http://localhost').pathname === '/' ? '/' : null;
}
export async function preparePage() {
  made += 1;
  const n = made;
  return { state: JSON.stringify({ n }), key: String(n), render: () => ({ html: '<main>made ' + n + '</main>', styles: '', title: 'Made' }) };
}
`,
  );
  return join(root, 'dist');
}

beforeAll(async () => {
  database = await createTestDatabase();
  f = await bookingFixtures(database.db);
  await createUser(database.db, { email: 'held-caches@example.com' });
  changes = await openChangeFeed(database, database.url);
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parking-data-')),
    PUBLIC_URL: 'https://parking.test',
  });
  const config = {
    ...base,
    webDist: fakeWebBuild(),
    rateLimits: {
      ...base.rateLimits,
      requestsPerIp: 1000,
      requestsPerEmail: 1000,
      requestsPerAccount: 1000,
      loginFailures: 1000,
      loginFailuresPerIp: 1000,
    },
  };
  app = await buildApp({
    config,
    database: database.db,
    clock: new Clock().now,
    logger: false,
    changes,
    mailer: { send: async () => undefined },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await changes.close();
  await database.drop();
});

/** How many times the home page has been made so far (its bundle counts). */
async function homePageMade(): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/' });
  expect(response.statusCode).toBe(200);
  const made = /made (\d+)/.exec(response.body)?.[1];
  if (!made) throw new Error(`not pre-rendered: ${response.body.slice(0, 200)}`);
  return Number(made);
}

/** Loads of the quotes' data from the database so far, after asking for a quote. */
async function quoteLoads(): Promise<number> {
  const response = await api(
    app,
    'GET',
    `${V1}/quotes/?start_date=2026-12-01&end_date=2026-12-03&filter[lot.slug__in]=outdoor`,
  );
  expect(response.status).toBe(200);
  return app.quoteCache?.loads ?? -1;
}

const post = (url: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { accept: JSONAPI, 'content-type': JSONAPI },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('held quotes and home page', () => {
  it('stay held through anonymous junk POSTs and read-only ones; a committed write drops them', async () => {
    const page = await homePageMade();
    const loads = await quoteLoads();
    expect(await homePageMade()).toBe(page);
    expect(await quoteLoads()).toBe(loads);

    const junk = [
      await post('/no-such-page', {}),
      await post(`${V1}/no-such-type/`, doc('no-such-type', {})),
      await post(`${V1}/bookings/`, '{not json'),
      await post(`${V1}/bookings/`, doc('bookings', {})),
      await post(
        `${V1}/sessions/`,
        doc('sessions', { username: 'held-caches@example.com', password: 'wrong-password-1' }),
      ),
      await post(
        `${V1}/manage-booking-sessions/`,
        doc('manage-booking-sessions', { bookingCode: 'ZZZZZZZZ', email: 'nobody@example.com' }),
      ),
      await post(`${V1}/lots/`, doc('lots', { name: 'Mine now' })),
    ];
    expect(junk.map((response) => response.statusCode)).toEqual([404, 404, 400, 400, 400, 400, 401]);
    const quote = await post(`${V1}/booking-quotes/`, {
      data: {
        type: 'booking-quotes',
        attributes: {
          startDatetime: '2026-12-01T06:00:00+11:00',
          endDatetime: '2026-12-03T18:00:00+11:00',
          extrasCost: '0.00',
        },
        relationships: { lot: { data: { type: 'lots', id: String(f.outdoor.id) } } },
      },
    });
    expect(quote.statusCode).toBeLessThan(300);
    expect(await homePageMade()).toBe(page);
    expect(await quoteLoads()).toBe(loads);

    // A saved booking drops the page; the held quotes are brought up to date from the change feed's notice of
    // it (migration 0015), not read again.
    const updates = app.quoteCache?.updates ?? -1;
    const booking = await api(app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, { attributes: { email: 'held@example.com' } }),
    });
    expect(booking.status).toBe(201);
    const pageAfterBooking = await homePageMade();
    expect(pageAfterBooking).toBe(page + 1);
    const loadsAfterBooking = await quoteLoads();
    expect(loadsAfterBooking).toBe(loads);
    expect(app.quoteCache?.updates).toBe(updates + 1);

    // A committed write to a table the change feed does not watch drops them too (this instance's own).
    const message = await post(
      `${V1}/contact-submissions/`,
      doc('contact-submissions', {
        name: 'Ruth Park',
        email: 'ruth@example.com',
        phoneNumber: '',
        message: 'EV charging?',
      }),
    );
    expect(message.statusCode).toBe(201);
    expect(await homePageMade()).toBe(pageAfterBooking + 1);
    expect(await quoteLoads()).toBe(loadsAfterBooking + 1);
  });

  it('drop the pre-rendered home page when content changes anywhere: another instance, a psql session', async () => {
    const page = await homePageMade();
    expect(await homePageMade()).toBe(page);
    // Not through this app: only the change feed (migration 0013's triggers) can tell it.
    await database.db
      .insert(contentOptions)
      .values({ key: 'header_message', value: 'Closed on Christmas Day' })
      .onConflictDoUpdate({ target: contentOptions.key, set: { value: 'Closed on Christmas Day' } });
    await changes.sync();
    expect(await homePageMade()).toBe(page + 1);
    await database.db.update(contentPages).set({ title: 'Home' }).where(eq(contentPages.layout, 'frontpage'));
    await database.db.delete(contentMenus).where(eq(contentMenus.location, 'footer'));
    await changes.sync();
    expect(await homePageMade()).toBe(page + 2);
  });
});
