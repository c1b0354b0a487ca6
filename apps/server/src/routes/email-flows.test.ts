import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { users } from '../db/schema/index';
import { createUser, login, PASSWORD } from '../test/factories';
import { lastMailTo, linkIn, mailTo, tokenIn } from '../test/mail';
import {
  api,
  createTestServer,
  doc,
  firstError,
  one,
  type ApiResponse,
  type TestServer,
} from '../test/server';

const API = '/backend/api/v1';
const CONFIRMATIONS = `${API}/email-confirmations/`;
const CONFIRMATION_REQUESTS = `${API}/confirmation-email-requests/`;
const RESETS = `${API}/password-resets/`;
const RESET_CONFIRMATIONS = `${API}/password-reset-confirmations/`;
const SESSIONS = `${API}/sessions/`;
const INVALID_LINK = 'This link is invalid or has expired.';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const uniqueEmail = (name: string) => `${name}${++sequence}@example.com`;

function expectError(response: ApiResponse, status: number, detail: string, field?: string) {
  expect(response.status).toBe(status);
  expect(firstError(response.body)).toMatchObject({
    status: String(status),
    detail,
    ...(field ? { source: { pointer: `/data/attributes/${field}` } } : {}),
  });
}

/** Registers through the API, as the site does, and answers the emailed confirmation link's uid and token. */
async function registerUser(target: TestServer = server, email = uniqueEmail('reg')) {
  const response = await api(target.app, 'POST', `${API}/users/`, {
    body: doc('users', {
      email,
      password: PASSWORD,
      title: 'Ms',
      firstName: 'Rita',
      lastName: 'Reg',
      phoneNumber: '0400 000 001',
    }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { email, id: Number(one(response.body).id), ...tokenIn(lastMailTo(target, email)) };
}

async function emailConfirmed(email: string) {
  const [row] = await server.handle.db
    .select({ confirmed: users.emailConfirmed })
    .from(users)
    .where(eq(users.email, email));
  return row?.confirmed;
}

const confirm = (attributes: Record<string, unknown>) =>
  api(server.app, 'POST', CONFIRMATIONS, { body: doc('email-confirmations', attributes) });
const requestConfirmation = (email: string, target = server) =>
  api(target.app, 'POST', CONFIRMATION_REQUESTS, { body: doc('confirmation-email-requests', { email }) });
const requestReset = (email: unknown, target = server) =>
  api(target.app, 'POST', RESETS, { body: doc('password-resets', { email }) });
const setPassword = (attributes: Record<string, unknown>) =>
  api(server.app, 'POST', RESET_CONFIRMATIONS, { body: doc('password-reset-confirmations', attributes) });

/** Asks for a reset link for a user and answers its uid and token. */
async function resetLink(email: string) {
  const before = mailTo(server, email).length;
  expect((await requestReset(email)).status).toBe(201);
  expect(mailTo(server, email)).toHaveLength(before + 1);
  return tokenIn(lastMailTo(server, email));
}

const loginStatus = async (email: string, password: string) =>
  (await api(server.app, 'POST', SESSIONS, { body: doc('sessions', { email, password }) })).status;

describe('email-confirmations', () => {
  it('confirms the address with the emailed uid and token', async () => {
    const { email, uid, token } = await registerUser();
    expect(await emailConfirmed(email)).toBe(false);
    const response = await confirm({ uid, token });
    expect(response.status).toBe(201);
    expect(one(response.body)).toMatchObject({
      type: 'email-confirmations',
      attributes: { uid, detail: 'Your account has now been confirmed.' },
    });
    expect(await emailConfirmed(email)).toBe(true);

    // The user reads themselves as confirmed.
    const session = await login(server.app, email);
    const self = await api(server.app, 'GET', `${API}/users/${uid}/`, { token: session });
    expect(one(self.body).attributes.emailConfirmed).toBe(true);
  });

  it('refuses a link used once already', async () => {
    const { uid, token } = await registerUser();
    expect((await confirm({ uid, token })).status).toBe(201);
    expectError(await confirm({ uid, token }), 400, INVALID_LINK, 'token');
  });

  it('refuses an expired link (older than 3 days), and accepts one just inside', async () => {
    const late = await registerUser();
    const inTime = await registerUser();
    server.clock.advance(3 * DAY - 60_000);
    expect((await confirm({ uid: inTime.uid, token: inTime.token })).status).toBe(201);
    server.clock.advance(2 * 60_000);
    expectError(await confirm({ uid: late.uid, token: late.token }), 400, INVALID_LINK, 'token');
    expect(await emailConfirmed(late.email)).toBe(false);
  });

  it('gives the same answer for a wrong uid and a garbage token', async () => {
    const first = await registerUser();
    const second = await registerUser();
    expectError(await confirm({ uid: String(second.id), token: first.token }), 400, INVALID_LINK, 'token');
    expectError(await confirm({ uid: '99999999', token: first.token }), 400, INVALID_LINK, 'token');
    expectError(await confirm({ uid: 'abc', token: first.token }), 400, INVALID_LINK, 'token');
    expectError(await confirm({ uid: first.uid, token: 'garbage' }), 400, INVALID_LINK, 'token');
    expect(await emailConfirmed(first.email)).toBe(false);
    expect(await emailConfirmed(second.email)).toBe(false);
    // The real link still works after the failed attempts.
    expect((await confirm({ uid: first.uid, token: first.token })).status).toBe(201);
  });

  it('needs both uid and token', async () => {
    const response = await confirm({});
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        detail: 'This field is required.',
        source: { pointer: '/data/attributes/uid' },
      }),
      expect.objectContaining({
        detail: 'This field is required.',
        source: { pointer: '/data/attributes/token' },
      }),
    ]);
    expectError(await confirm({ uid: '1', token: '' }), 400, 'This field is required.', 'token');
  });

  it('does not accept a password-reset token as a confirmation', async () => {
    const { email } = await registerUser();
    const reset = await resetLink(email);
    expectError(await confirm({ uid: reset.uid, token: reset.token }), 400, INVALID_LINK, 'token');
    expect(await emailConfirmed(email)).toBe(false);
  });
});

describe('confirmation-email-requests', () => {
  it('sends a new working confirmation link to an unconfirmed user', async () => {
    const { email } = await registerUser();
    const response = await requestConfirmation(email.toUpperCase());
    expect(response.status).toBe(201);
    expect(one(response.body)).toMatchObject({ type: 'confirmation-email-requests', attributes: { email } });
    expect(mailTo(server, email)).toHaveLength(2);
    const { uid, token, url } = tokenIn(lastMailTo(server, email));
    expect(url.pathname).toBe('/confirm-email');
    expect((await confirm({ uid, token })).status).toBe(201);
    expect(await emailConfirmed(email)).toBe(true);
  });

  it('sends the welcome link again to a user staff created without a password', async () => {
    const { user } = await createUser(server.handle.db, { confirmed: false, password: null });
    expect((await requestConfirmation(user.email)).status).toBe(201);
    const { uid, token, url } = tokenIn(lastMailTo(server, user.email));
    expect(url.pathname).toBe('/set-password');
    expect(url.searchParams.get('welcome')).toBe('true');
    expect(
      (await setPassword({ uid, token, newPassword1: 'Chosen-pass-1', newPassword2: 'Chosen-pass-1' }))
        .status,
    ).toBe(201);
    expect(await emailConfirmed(user.email)).toBe(true);
    expect(await login(server.app, user.email, 'Chosen-pass-1')).toBeTruthy();
  });

  it('answers an unknown address the same way, sending nothing', async () => {
    const email = uniqueEmail('nobody');
    const before = server.mail.length;
    const response = await requestConfirmation(email);
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toEqual({ email });
    expect(server.mail).toHaveLength(before);
  });

  it('answers an address already confirmed as it answers an unknown one, sending nothing', async () => {
    const { user } = await createUser(server.handle.db, { confirmed: true });
    const known = await requestConfirmation(user.email);
    const unknown = await requestConfirmation('nobody-here@example.com');
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    const shape = (response: typeof known) => ({
      ...one(response.body),
      id: 'x',
      attributes: { ...one(response.body).attributes, email: 'x' },
    });
    expect(shape(known)).toEqual(shape(unknown));
    expect(mailTo(server, user.email)).toHaveLength(0);
  });

  it('applies the email rules', async () => {
    expectError(await requestConfirmation(''), 400, 'Email address required', 'email');
    expectError(await requestConfirmation('nope'), 400, 'Email address must be valid', 'email');
  });

  it('rate-limits requests per email with 429', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerEmail: 2 } });
    onTestFinished(() => limited.close());
    const { email } = await registerUser(limited);
    expect((await requestConfirmation(email, limited)).status).toBe(201);
    expect((await requestConfirmation(email, limited)).status).toBe(201);
    const refused = await requestConfirmation(email.toUpperCase(), limited);
    expect(refused.status).toBe(429);
    expect(firstError(refused.body)).toMatchObject({
      code: 'throttled',
      detail: 'Too many requests. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailTo(limited, email)).toHaveLength(3); // registration + two requests
    // Another address is still served.
    expect((await requestConfirmation(uniqueEmail('other'), limited)).status).toBe(201);
  });
});

describe('password-resets', () => {
  it('emails a set-password link with uid, token and email to a known address', async () => {
    const { user } = await createUser(server.handle.db);
    const response = await requestReset(` ${user.email.toUpperCase()}`);
    expect(response.status).toBe(201);
    expect(one(response.body)).toMatchObject({ type: 'password-resets', attributes: { email: user.email } });
    const message = lastMailTo(server, user.email);
    expect(message.subject).toBe('Reset your password');
    const link = linkIn(message);
    expect(`${link.origin}${link.pathname}`).toBe('https://parking.test/set-password');
    expect(link.searchParams.get('uid')).toBe(String(user.id));
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(link.searchParams.has('welcome')).toBe(false);
  });

  it('answers an unknown address the same way, sending nothing', async () => {
    const email = uniqueEmail('ghost');
    const before = server.mail.length;
    const response = await requestReset(email);
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toEqual({ email });
    expect(server.mail).toHaveLength(before);
  });

  it('applies the email rules', async () => {
    expectError(await requestReset('not-valid'), 400, 'Email address must be valid', 'email');
    expectError(await requestReset(''), 400, 'Email address required', 'email');
    expectError(await requestReset(undefined), 400, 'Email address required', 'email');
  });

  it('rate-limits per email with 429', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerEmail: 2 } });
    onTestFinished(() => limited.close());
    const { user } = await createUser(limited.handle.db);
    expect((await requestReset(user.email, limited)).status).toBe(201);
    expect((await requestReset(user.email, limited)).status).toBe(201);
    const refused = await requestReset(user.email, limited);
    expect(refused.status).toBe(429);
    expect(firstError(refused.body)?.code).toBe('throttled');
    expect(mailTo(limited, user.email)).toHaveLength(2);
    // The window passes.
    limited.clock.advance(limited.config.rateLimits.windowMs + 1000);
    expect((await requestReset(user.email, limited)).status).toBe(201);
  });

  it('rate-limits per IP across many addresses with 429', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerIp: 3 } });
    onTestFinished(() => limited.close());
    for (let i = 0; i < 3; i += 1)
      expect((await requestReset(uniqueEmail('probe'), limited)).status).toBe(201);
    const { user } = await createUser(limited.handle.db);
    expect((await requestReset(user.email, limited)).status).toBe(429);
    expect(mailTo(limited, user.email)).toHaveLength(0);
  });
});

describe('password-reset-confirmations', () => {
  it('sets the new password: the old one stops working and every session ends', async () => {
    const { user } = await createUser(server.handle.db, { confirmed: false });
    const sessionA = await login(server.app, user.email);
    const sessionB = await login(server.app, user.email);
    const { uid, token } = await resetLink(user.email);
    const response = await setPassword({
      uid,
      token,
      newPassword1: 'fresh-pass-22',
      newPassword2: 'fresh-pass-22',
    });
    expect(response.status).toBe(201);
    expect(one(response.body)).toMatchObject({
      type: 'password-reset-confirmations',
      attributes: { uid, detail: 'Thank you, you may now login with your new password.' },
    });
    for (const session of [sessionA, sessionB]) {
      expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: session })).status).toBe(401);
    }
    expect(await loginStatus(user.email, PASSWORD)).toBe(400);
    expect(await login(server.app, user.email, 'fresh-pass-22')).toBeTruthy();
    // Following the emailed link proves the address too.
    expect(await emailConfirmed(user.email)).toBe(true);
  });

  it('needs matching passwords', async () => {
    const { user } = await createUser(server.handle.db);
    const { uid, token } = await resetLink(user.email);
    const response = await setPassword({
      uid,
      token,
      newPassword1: 'fresh-pass-22',
      newPassword2: 'fresh-pass-23',
    });
    expectError(response, 400, 'Passwords do not match', 'newPassword2');
    expect(response.body.errors).toHaveLength(1);
    // The refused attempt did not use the link up.
    expect(
      (await setPassword({ uid, token, newPassword1: 'fresh-pass-22', newPassword2: 'fresh-pass-22' }))
        .status,
    ).toBe(201);
  });

  it.each([
    [undefined, 'Password required'],
    ['', 'Password required'],
    ['short1', 'Password must be at least 8 chars'],
    ['12345678', 'Password must include non-numeric chars'],
  ])('applies the password rules to %j', async (password, detail) => {
    const { user } = await createUser(server.handle.db);
    const { uid, token } = await resetLink(user.email);
    expectError(
      await setPassword({ uid, token, newPassword1: password, newPassword2: password }),
      400,
      detail,
      'newPassword1',
    );
    expect(await loginStatus(user.email, PASSWORD)).toBe(201);
  });

  it('needs uid, token and the confirmation', async () => {
    const response = await setPassword({ newPassword1: 'fresh-pass-22' });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/data/attributes/uid', 'This field is required.'],
      ['/data/attributes/token', 'This field is required.'],
      ['/data/attributes/newPassword2', 'This field is required.'],
    ]);
  });

  it('refuses a link used once already', async () => {
    const { user } = await createUser(server.handle.db);
    const { uid, token } = await resetLink(user.email);
    expect(
      (await setPassword({ uid, token, newPassword1: 'fresh-pass-22', newPassword2: 'fresh-pass-22' }))
        .status,
    ).toBe(201);
    expectError(
      await setPassword({ uid, token, newPassword1: 'other-pass-33', newPassword2: 'other-pass-33' }),
      400,
      INVALID_LINK,
      'token',
    );
    expect(await login(server.app, user.email, 'fresh-pass-22')).toBeTruthy();
  });

  it('refuses an expired link (older than 1 hour)', async () => {
    const { user } = await createUser(server.handle.db);
    const { uid, token } = await resetLink(user.email);
    server.clock.advance(HOUR + 1000);
    expectError(
      await setPassword({ uid, token, newPassword1: 'fresh-pass-22', newPassword2: 'fresh-pass-22' }),
      400,
      INVALID_LINK,
      'token',
    );
    expect(await loginStatus(user.email, PASSWORD)).toBe(201);
  });

  it('refuses an email-confirmation token, a wrong uid and a garbage token', async () => {
    const { email, uid, token } = await registerUser();
    const passwords = { newPassword1: 'fresh-pass-22', newPassword2: 'fresh-pass-22' };
    expectError(await setPassword({ uid, token, ...passwords }), 400, INVALID_LINK, 'token');
    const reset = await resetLink(email);
    const { user: other } = await createUser(server.handle.db);
    expectError(
      await setPassword({ uid: String(other.id), token: reset.token, ...passwords }),
      400,
      INVALID_LINK,
      'token',
    );
    expectError(
      await setPassword({ uid: reset.uid, token: 'garbage', ...passwords }),
      400,
      INVALID_LINK,
      'token',
    );
    expect(await loginStatus(email, PASSWORD)).toBe(201);
    expect(await loginStatus(other.email, PASSWORD)).toBe(201);
  });

  it('an earlier reset link stops working once a password has been set', async () => {
    const { user } = await createUser(server.handle.db);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect(
      (await setPassword({ ...second, newPassword1: 'fresh-pass-22', newPassword2: 'fresh-pass-22' })).status,
    ).toBe(201);
    expectError(
      await setPassword({
        uid: first.uid,
        token: first.token,
        newPassword1: 'evil-pass-44',
        newPassword2: 'evil-pass-44',
      }),
      400,
      INVALID_LINK,
      'token',
    );
    expect(await login(server.app, user.email, 'fresh-pass-22')).toBeTruthy();
  });

  it('a reset link stops working once the user changes their password while logged in', async () => {
    const { user } = await createUser(server.handle.db);
    const link = await resetLink(user.email);
    const session = await login(server.app, user.email);
    const change = await api(server.app, 'PATCH', `${API}/users/${user.id}/`, {
      token: session,
      body: doc('users', { password: 'changed-pass-5', currentPassword: PASSWORD }, { id: String(user.id) }),
    });
    expect(change.status).toBe(200);
    expectError(
      await setPassword({
        uid: link.uid,
        token: link.token,
        newPassword1: 'evil-pass-44',
        newPassword2: 'evil-pass-44',
      }),
      400,
      INVALID_LINK,
      'token',
    );
    expect(await login(server.app, user.email, 'changed-pass-5')).toBeTruthy();
  });
});

describe('anon-emails', () => {
  const check = (email: string) => api(server.app, 'GET', `${API}/anon-emails/${encodeURIComponent(email)}/`);

  it('answers anon false for a registered address, in any case', async () => {
    const { user } = await createUser(server.handle.db, { email: uniqueEmail('known+tag') });
    for (const email of [user.email, user.email.toUpperCase()]) {
      const response = await check(email);
      expect(response.status).toBe(200);
      expect(one(response.body)).toEqual({
        type: 'anon-emails',
        id: user.email,
        attributes: { anon: false, emailAddress: user.email },
      });
    }
  });

  it('answers anon true for an unknown address', async () => {
    const email = uniqueEmail('stranger');
    const response = await check(email);
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toEqual({ anon: true, emailAddress: email });
  });

  it('refuses an invalid address with 400', async () => {
    const response = await check('not an email');
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({
      detail: 'Email address must be valid',
      source: { parameter: 'email' },
    });
  });

  it('rate-limits lookups per IP with 429', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerIp: 2 } });
    onTestFinished(() => limited.close());
    const lookup = () =>
      api(limited.app, 'GET', `${API}/anon-emails/${encodeURIComponent(uniqueEmail('probe'))}/`);
    expect((await lookup()).status).toBe(200);
    expect((await lookup()).status).toBe(200);
    expect((await lookup()).status).toBe(429);
  });
});
