/**
 * Confirming an email address by its emailed link (email-confirmations): once, within 3 days, the one
 * answer for every bad link; and asking for the link again (confirmation-email-requests), which tells
 * nobody whether an address is known, and is limited per address.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { expectError, uniqueEmail } from '../test/accounts';
import { API, DAY, INVALID_LINK, useEmailFlowsServer } from '../test/email-flows-api';
import { createUser, login } from '../test/factories';
import { lastMailTo, mailTo, tokenIn } from '../test/mail';
import { api, createTestServer, firstError, one } from '../test/server';

const { server, registerUser, emailConfirmed, confirm, requestConfirmation, setPassword, resetLink } =
  useEmailFlowsServer();

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
