/**
 * Asking for a password reset link (password-resets): the set-password link emailed to a known
 * address, the same answer for an unknown one, the email rules, and the limits per address and per IP.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { expectError, uniqueEmail } from '../test/accounts';
import { useEmailFlowsServer } from '../test/email-flows-api';
import { createUser } from '../test/factories';
import { lastMailTo, linkIn, mailTo } from '../test/mail';
import { createTestServer, firstError, one } from '../test/server';

const { server, requestReset } = useEmailFlowsServer();

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
