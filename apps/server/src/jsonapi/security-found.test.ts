/**
 * Issue 14's "found when tried as a new user and as an attacker": each case as it was found, and the
 * session and header rules that go with them (rehash, idle expiry, login log, media type, HSTS).
 */
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loginDelayMs } from '../accounts/login-throttle';
import { loadConfig } from '../config/config';
import { bookings, users } from '../db/schema/index';
import { abandonStaleBookings } from '../payments/payment-reconcile';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login, PASSWORD } from '../test/factories';
import {
  api,
  createTestServer,
  doc,
  firstError,
  JSONAPI,
  PRODUCTION_ESSENTIALS,
  type TestServer,
} from '../test/server';

const API = '/backend/api/v1';
const SESSIONS = `${API}/sessions/`;

const loginFrom = (server: TestServer, ip: string, email: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: SESSIONS,
    remoteAddress: ip,
    headers: { 'content-type': JSONAPI, accept: JSONAPI },
    payload: JSON.stringify(doc('sessions', { email, password })),
  });

describe('captured mailbox /backend/dev/mail/', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('is refused to anonymous visitors (401) and to customers and Sales (403); Admins read it', async () => {
    expect((await api(server.app, 'GET', '/backend/dev/mail/')).status).toBe(401);
    const customer = await createUser(server.handle.db);
    expect(
      (
        await api(server.app, 'GET', '/backend/dev/mail/', {
          token: await login(server.app, customer.user.email),
        })
      ).status,
    ).toBe(403);
    const sales = await createUser(server.handle.db, { roles: ['Sales'] });
    expect(
      (
        await api(server.app, 'GET', '/backend/dev/mail/', {
          token: await login(server.app, sales.user.email),
        })
      ).status,
    ).toBe(403);
    const admin = await createUser(server.handle.db, { roles: ['Admins'] });
    const read = await api(server.app, 'GET', '/backend/dev/mail/', {
      token: await login(server.app, admin.user.email),
    });
    expect(read.status).toBe(200);
    expect(Array.isArray(JSON.parse(read.raw.body))).toBe(true);
  });

  it('does not exist in production, and production refuses to start with it enabled', async () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ESSENTIALS, DEV_MAILBOX: 'true' }),
    ).toThrow(/DEV_MAILBOX/);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ESSENTIALS }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    const production = await createTestServer({ env: { NODE_ENV: 'production', ...PRODUCTION_ESSENTIALS } });
    onTestFinished(() => production.close());
    const admin = await createUser(production.handle.db, { roles: ['Admins'] });
    const read = await api(production.app, 'GET', '/backend/dev/mail/', {
      token: await login(production.app, admin.user.email),
    });
    expect(read.status).toBe(404);
  });
});

describe('unpaid holds', () => {
  let server: TestServer;
  let f: Fixtures;
  beforeAll(async () => {
    server = await createTestServer({ rateLimits: { unpaidHolds: 2 } });
    f = await bookingFixtures(server.handle.db);
  });
  afterAll(() => server.close());

  const book = (ip: string, email: string) =>
    server.app.inject({
      method: 'POST',
      url: `${API}/bookings/`,
      remoteAddress: ip,
      headers: { 'content-type': JSONAPI, accept: JSONAPI },
      payload: JSON.stringify(bookingDoc(f, { attributes: { email } })),
    });

  it('limits anonymous unpaid bookings per IP and per email with a clear 429', async () => {
    expect((await book('10.0.0.1', 'a1@example.com')).statusCode).toBe(201);
    expect((await book('10.0.0.1', 'a2@example.com')).statusCode).toBe(201);
    const perIp = await book('10.0.0.1', 'a3@example.com');
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json()).toMatchObject({
      errors: [{ code: 'throttled', detail: expect.stringMatching(/Too many unpaid bookings/) }],
    });
    expect((await book('10.0.0.2', 'b@example.com')).statusCode).toBe(201);
    expect((await book('10.0.0.3', 'b@example.com')).statusCode).toBe(201);
    expect((await book('10.0.0.4', 'B@example.com')).statusCode).toBe(429);
    // Refused attempts are not holds: a typo does not use up the allowance.
    const invalid = await server.app.inject({
      method: 'POST',
      url: `${API}/bookings/`,
      remoteAddress: '10.0.0.5',
      headers: { 'content-type': JSONAPI },
      payload: JSON.stringify(bookingDoc(f, { attributes: { email: 'c@example.com', firstName: '' } })),
    });
    expect(invalid.statusCode).toBe(400);
    expect((await book('10.0.0.5', 'c@example.com')).statusCode).toBe(201);
    expect((await book('10.0.0.5', 'c2@example.com')).statusCode).toBe(201);
  });

  it('releases a hold that never reaches payment after 15 minutes (it was 30)', async () => {
    const [pending] = await server.handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.status, 'pending'))
      .limit(1);
    expect(pending).toBeDefined();
    expect(
      await abandonStaleBookings(server.handle.db, new Date(server.clock.now().getTime() + 14 * 60_000)),
    ).toBe(0);
    expect(
      await abandonStaleBookings(server.handle.db, new Date(server.clock.now().getTime() + 16 * 60_000)),
    ).toBeGreaterThan(0);
  });
});

describe('failed logins', () => {
  it('lock out only the (IP, account) pair that failed: the owner still logs in from their own address', async () => {
    const server = await createTestServer({ rateLimits: { loginFailures: 6, loginFailuresPerIp: 50 } });
    onTestFinished(() => server.close());
    const { user } = await createUser(server.handle.db, { roles: ['Admins'] });
    for (let i = 0; i < 6; i += 1)
      expect((await loginFrom(server, '203.0.113.9', user.email, 'wrong-pass-1')).statusCode).toBe(400);
    const attacker = await loginFrom(server, '203.0.113.9', user.email, PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toMatchObject({
      errors: [{ code: 'throttled', detail: expect.stringMatching(/Too many attempts/) }],
    });
    const started = Date.now();
    expect((await loginFrom(server, '198.51.100.7', user.email, PASSWORD)).statusCode).toBe(201);
    // Six failures of the account slow its logins from anywhere (250 ms doubling from the fifth).
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(6) - 50);
  });

  it('slow down progressively, capped, instead of locking', () => {
    expect([0, 4, 5, 6, 7, 20].map(loginDelayMs)).toEqual([0, 0, 250, 500, 1000, 5000]);
  });

  it('are logged with the address and outcome, never the password or the token', async () => {
    const lines: string[] = [];
    const server = await createTestServer({ logStream: { write: (line) => void lines.push(line) } });
    onTestFinished(() => server.close());
    const { user } = await createUser(server.handle.db);
    await loginFrom(server, '192.0.2.1', user.email, 'Secret-wrong-9');
    const ok = await loginFrom(server, '192.0.2.1', user.email, PASSWORD);
    const token = (ok.json() as { data: { attributes: { token: string } } }).data.attributes.token;
    const attempts = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.event === 'login');
    expect(attempts.map((entry) => [entry.email, entry.ip, entry.outcome])).toEqual([
      [user.email, '192.0.2.1', 'failed'],
      [user.email, '192.0.2.1', 'succeeded'],
    ]);
    const all = lines.join('\n');
    expect(all).not.toContain('Secret-wrong-9');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(token);
  });
});

describe('passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const register = (password: string) =>
    api(server.app, 'POST', `${API}/users/`, {
      body: doc('users', {
        email: `new${password.length}${Math.random()}@example.com`,
        password,
        title: 'Mr',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '0400 000 000',
      }),
    });

  it.each(['password', 'password123', 'aaaaaaaa', 'Qwertyuiop'])(
    'refuses %s as too common',
    async (password) => {
      const response = await register(password);
      expect(response.status).toBe(400);
      expect(firstError(response.body)).toMatchObject({
        detail: 'This password is too common.',
        source: { pointer: '/data/attributes/password' },
      });
    },
  );

  it('accepts an uncommon one', async () => {
    expect((await register('Tasman-Bridge-42')).status).toBe(201);
  });

  it('rehashes a hash made with weaker parameters at the next login, at 19 MiB, t=2, p=1', async () => {
    const { user } = await createUser(server.handle.db);
    const weak = await hash(PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await server.handle.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id));
    await login(server.app, user.email);
    const [row] = await server.handle.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await login(server.app, user.email)).toBeTruthy();
  });
});

describe('sessions', () => {
  it('end after 72 hours unused, and after their absolute lifetime however used; each login gets a new token', async () => {
    const server = await createTestServer();
    onTestFinished(() => server.close());
    const { user } = await createUser(server.handle.db);
    const first = await login(server.app, user.email);
    const second = await login(server.app, user.email);
    expect(second).not.toBe(first);
    const me = (token: string) => api(server.app, 'GET', `${API}/users/${user.id}/`, { token });
    server.clock.advance(71 * 3_600_000);
    expect((await me(first)).status).toBe(200);
    server.clock.advance(73 * 3_600_000);
    expect((await me(second)).status).toBe(401);
    // Used every two days, a session still ends after SESSION_DAYS (30).
    const used = await login(server.app, user.email);
    for (let day = 0; day < 28; day += 2) {
      server.clock.advance(2 * 86_400_000);
      expect((await me(used)).status).toBe(200);
    }
    server.clock.advance(2 * 86_400_000);
    expect((await me(used)).status).toBe(401);
  });
});

describe('stay length and booking horizon', () => {
  let server: TestServer;
  let f: Fixtures;
  beforeAll(async () => {
    server = await createTestServer();
    f = await bookingFixtures(server.handle.db);
  });
  afterAll(() => server.close());

  it('refuses a 10-year stay and a booking in 2036, online and from staff', async () => {
    const admin = await createUser(server.handle.db, { roles: ['Admins'] });
    const token = await login(server.app, admin.user.email);
    for (const options of [{}, { token }]) {
      const long = await api(server.app, 'POST', `${API}/bookings/`, {
        ...options,
        body: bookingDoc(f, { attributes: { endDatetime: '2036-12-03T18:00:00+11:00' } }),
      });
      expect(long.status).toBe(400);
      expect(firstError(long.body)).toMatchObject({
        detail: 'A stay can be at most 365 days.',
        source: { pointer: '/data/attributes/endDatetime' },
      });
      const later = await api(server.app, 'POST', `${API}/bookings/`, {
        ...options,
        body: bookingDoc(f, {
          attributes: {
            startDatetime: '2036-01-10T06:00:00+11:00',
            endDatetime: '2036-01-12T18:00:00+11:00',
          },
        }),
      });
      expect(later.status).toBe(400);
      expect(firstError(later.body)).toMatchObject({
        detail: 'Date must be no more than 730 days from today',
        source: { pointer: '/data/attributes/startDatetime' },
      });
    }
  });

  it('tells the browser its limits before a form is sent (the form blockout check’s meta), and quotes keep to them', async () => {
    const strict = await createTestServer({ env: { MAX_STAY_DAYS: '30', BOOKING_HORIZON_DAYS: '60' } });
    onTestFinished(() => strict.close());
    const check = await api(strict.app, 'GET', `${API}/blockout-periods/current_form_blockout/`);
    expect(check.status).toBe(200);
    expect(JSON.parse(check.raw.body)).toEqual({
      data: null,
      meta: { stayLimits: { maxStayDays: 30, bookingHorizonDays: 60 } },
    });
    // The test clock's business date is 2026-11-21: 60 days ahead is 2027-01-20.
    const quote = (start: string, end: string) =>
      api(strict.app, 'GET', `${API}/quotes/?start_date=${start}&end_date=${end}`);
    expect((await quote('2027-01-20', '2027-01-21')).status).toBe(200);
    const far = await quote('2027-01-21', '2027-01-22');
    expect(far.status).toBe(400);
    expect(firstError(far.body)).toMatchObject({
      detail: 'Date must be no more than 60 days from today',
      source: { parameter: 'start_date' },
    });
    const long = await quote('2026-12-01', '2026-12-31');
    expect(firstError(long.body)).toMatchObject({
      detail: 'A stay can be at most 30 days.',
      source: { parameter: 'end_date' },
    });
  });

  it('takes its limits from the settings MAX_STAY_DAYS and BOOKING_HORIZON_DAYS', () => {
    expect(loadConfig({ MAX_STAY_DAYS: '90', BOOKING_HORIZON_DAYS: '400' }).stayLimits).toEqual({
      maxStayDays: 90,
      horizonDays: 400,
    });
  });
});

describe('media type and transport headers', () => {
  it('answers 415 to application/vnd.api+json with an extension', async () => {
    const server = await createTestServer();
    onTestFinished(() => server.close());
    const response = await api(server.app, 'POST', SESSIONS, {
      headers: { 'content-type': `${JSONAPI}; ext=foo` },
      body: doc('sessions', { email: 'a@example.com', password: 'x' }),
    });
    expect(response.status).toBe(415);
    expect(firstError(response.body)).toMatchObject({ code: 'unsupported_media_type' });
    const withProfile = await api(server.app, 'POST', SESSIONS, {
      headers: { 'content-type': `${JSONAPI}; profile="https://example.com/p"` },
      body: doc('sessions', { email: 'a@example.com', password: 'wrong-pass-1' }),
    });
    expect(withProfile.status).toBe(400);
  });

  it('sends HSTS only over HTTPS, never over plain HTTP, even in production; production cookies are Secure', async () => {
    const plain = await createTestServer({ env: { PUBLIC_URL: 'http://localhost:8141' } });
    onTestFinished(() => plain.close());
    const overHttp = await api(plain.app, 'GET', `${API}/lots/`);
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(overHttp.headers['x-content-type-options']).toBe('nosniff');
    expect(String(overHttp.headers['content-security-policy'])).toContain("frame-ancestors 'self'");

    // Production, behind a load balancer that terminates TLS: HSTS on what went back over HTTPS only.
    const production = await createTestServer({
      env: {
        NODE_ENV: 'production',
        ...PRODUCTION_ESSENTIALS,
        PUBLIC_URL: 'http://localhost:8141',
        TRUST_PROXY: 'true',
      },
    });
    onTestFinished(() => production.close());
    const plainInProduction = await api(production.app, 'GET', `${API}/lots/`);
    expect(plainInProduction.headers['strict-transport-security']).toBeUndefined();
    const secured = await api(production.app, 'GET', `${API}/lots/`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secured.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    // Error answers too (a 404 goes back over the same connection).
    const missing = await api(production.app, 'GET', `${API}/lots/99999/`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const { user } = await createUser(production.handle.db);
    const session = await api(production.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: user.email, password: PASSWORD }),
    });
    const cookies = [session.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(/sessionid=[^;]+;.*Secure/);
    expect(cookies).toMatch(/HttpOnly/);
  });
});
