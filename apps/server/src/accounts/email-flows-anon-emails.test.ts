/**
 * Whether an address has an account (anon-emails), as the booking wizard asks: in any case, refusing
 * an invalid address, limited per IP.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { uniqueEmail } from '../test/accounts';
import { API, useEmailFlowsServer } from '../test/email-flows-api';
import { createUser } from '../test/factories';
import { api, createTestServer, firstError, one } from '../test/server';

const { server } = useEmailFlowsServer();

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
