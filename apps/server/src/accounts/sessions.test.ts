import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createUser, login, PASSWORD } from '../test/factories';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const SESSIONS = '/backend/api/v1/sessions/';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('sessions', () => {
  it('logs in with email and password, answering a token and the user with their customer', async () => {
    const { user, customer } = await createUser(server.handle.db, { email: 'ann@example.com' });
    const response = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: 'ANN@example.com ', password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    const session = one(response.body);
    expect(session.attributes.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.relationships?.user?.data).toEqual({ type: 'users', id: String(user.id) });
    const included = response.body.included ?? [];
    expect(included.find((r) => r.type === 'users')?.attributes).toMatchObject({
      email: 'ann@example.com',
      roles: ['Customers'],
    });
    expect(included.find((r) => r.type === 'customers')?.id).toBe(String(customer.id));
    expect(included.find((r) => r.type === 'users')?.attributes).not.toHaveProperty('passwordHash');
    const cookies = response.raw.cookies;
    const sessionCookie = cookies.find((c) => c.name === 'sessionid');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.find((c) => c.name === 'csrftoken')?.httpOnly).toBeFalsy();
  });

  it('answers the spec messages for missing fields', async () => {
    const response = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: '', password: '' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        detail: 'This field is required.',
        source: { pointer: '/data/attributes/email' },
      }),
      expect.objectContaining({
        detail: 'This field is required.',
        source: { pointer: '/data/attributes/password' },
      }),
    ]);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    await createUser(server.handle.db, { email: 'bob@example.com' });
    const wrong = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: 'bob@example.com', password: 'nope-nope-1' }),
    });
    const unknown = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: 'nobody@example.com', password: 'nope-nope-1' }),
    });
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)).toMatchObject({
      detail: 'Unable to log in with provided credentials.',
      source: { pointer: '/data/attributes/non_field_errors' },
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('GET sessions/current/ answers the user for a token, null for a visitor, and 401 for a bad token', async () => {
    const { user } = await createUser(server.handle.db, { email: 'cat@example.com' });
    const token = await login(server.app, 'cat@example.com');
    const current = await api(server.app, 'GET', `${SESSIONS}current/`, { token });
    expect(current.status).toBe(200);
    expect(one(current.body).relationships?.user?.data).toEqual({ type: 'users', id: String(user.id) });
    const anonymous = await api(server.app, 'GET', `${SESSIONS}current/`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toBeNull();
    const bad = await api(server.app, 'GET', `${SESSIONS}current/`, { token: 'forged' });
    expect(bad.status).toBe(401);
    expect(firstError(bad.body)?.detail).toBe('Invalid token.');
  });

  it('DELETE sessions/current/ logs out: the token stops working', async () => {
    await createUser(server.handle.db, { email: 'dan@example.com' });
    const token = await login(server.app, 'dan@example.com');
    expect((await api(server.app, 'DELETE', `${SESSIONS}current/`, { token })).status).toBe(204);
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token })).status).toBe(401);
  });

  it('authorises documents by the session cookie, and requires the CSRF header for writes by cookie', async () => {
    const { user } = await createUser(server.handle.db, { email: 'eve@example.com' });
    const response = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: 'eve@example.com', password: PASSWORD }),
    });
    const cookies = Object.fromEntries(response.raw.cookies.map((c) => [c.name, c.value]));
    const read = await api(server.app, 'GET', `/backend/api/v1/users/${user.id}/`, { cookies });
    expect(read.status).toBe(200);
    const body = doc('users', { firstName: 'Evelyn' }, { id: String(user.id) });
    const withoutHeader = await api(server.app, 'PATCH', `/backend/api/v1/users/${user.id}/`, {
      cookies,
      body,
    });
    expect(withoutHeader.status).toBe(403);
    expect(firstError(withoutHeader.body)?.detail).toMatch(/CSRF/);
    const withHeader = await api(server.app, 'PATCH', `/backend/api/v1/users/${user.id}/`, {
      cookies,
      body,
      headers: { 'x-csrftoken': cookies.csrftoken ?? '' },
    });
    expect(withHeader.status).toBe(200);
    expect(one(withHeader.body).attributes.firstName).toBe('Evelyn');
  });

  it('rate-limits failed logins per (IP, email) with 429, without counting successful ones', async () => {
    const server = await createTestServer({ rateLimits: { loginFailures: 3 } });
    onTestFinished(() => server.close());
    await createUser(server.handle.db, { email: 'fay@example.com' });
    // Successful logins never count.
    for (let i = 0; i < 5; i += 1) await login(server.app, 'fay@example.com');
    for (let i = 0; i < 3; i += 1) {
      const failed = await api(server.app, 'POST', SESSIONS, {
        body: doc('sessions', { email: 'fay@example.com', password: 'wrong-pass-1' }),
      });
      expect(failed.status).toBe(400);
    }
    const limited = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: 'fay@example.com', password: PASSWORD }),
    });
    expect(limited.status).toBe(429);
    expect(firstError(limited.body)).toMatchObject({
      code: 'throttled',
      detail: expect.stringMatching(/Too many attempts/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes.
    server.clock.advance(16 * 60_000);
    expect(await login(server.app, 'fay@example.com')).toBeTruthy();
  });

  it('rate-limits failed logins per IP across many emails', async () => {
    const server = await createTestServer({ rateLimits: { loginFailuresPerIp: 4 } });
    onTestFinished(() => server.close());
    for (let i = 0; i < 4; i += 1) {
      const failed = await api(server.app, 'POST', SESSIONS, {
        body: doc('sessions', { email: `guess${i}@example.com`, password: 'wrong-pass-1' }),
      });
      expect(failed.status).toBe(400);
    }
    await createUser(server.handle.db, { email: 'gil@example.com' });
    const limited = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: 'gil@example.com', password: PASSWORD }),
    });
    expect(limited.status).toBe(429);
  });
});
