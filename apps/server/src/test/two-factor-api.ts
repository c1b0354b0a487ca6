/** What the two-factor tests share: the calls of each step, codes computed as an authenticator app would. */
import { generate } from 'otplib';
import { expect } from 'vitest';
import { PASSWORD } from './factories';
import { api, doc, one, type TestServer } from './server';

export const V1 = '/backend/api/v1';
/** Passkeys need a host name (WebAuthn refuses an IP address); development's relying party follows it. */
export const HOST = 'localhost:8000';
export const ORIGIN = `http://${HOST}`;

export const codeAt = (server: TestServer, secret: string, offsetMs = 0) =>
  generate({ secret, epoch: Math.floor((server.clock.now().getTime() + offsetMs) / 1000) });

/** POST sessions/ with the password. */
export const passwordStep = (server: TestServer, email: string, password = PASSWORD) =>
  api(server.app, 'POST', `${V1}/sessions/`, {
    body: doc('sessions', { email, password }),
    headers: { host: HOST },
  });

export const secondStep = (server: TestServer, attributes: Record<string, unknown>) =>
  api(server.app, 'POST', `${V1}/sessions/second-step/`, {
    body: doc('sessions', attributes),
    headers: { host: HOST },
  });

/** The login token of a password step that asks for a second step. */
export async function loginToken(server: TestServer, email: string): Promise<string> {
  const response = await passwordStep(server, email);
  expect(response.status).toBe(202);
  const token = one(response.body).attributes.loginToken;
  if (typeof token !== 'string') throw new Error('no login token');
  return token;
}

/** Authenticator sign-in set up and confirmed for the session's user; answers the secret and recovery codes. */
export async function setUpTotp(server: TestServer, token: string) {
  const setup = await api(server.app, 'POST', `${V1}/two-factor/totp-setup/`, { token });
  expect(setup.status).toBe(201);
  const secret = String(one(setup.body).attributes.secret);
  const confirmed = await api(server.app, 'POST', `${V1}/two-factor/totp/`, {
    token,
    body: doc('totp-confirmations', { code: await codeAt(server, secret) }),
  });
  expect(confirmed.status).toBe(201);
  const recoveryCodes = one(confirmed.body).attributes.recoveryCodes as string[];
  // The code just used is spent: the tests sign in with the next one.
  server.clock.advance(30_000);
  return { secret, recoveryCodes };
}

export const sessionToken = (response: { body: Parameters<typeof one>[0] }) => {
  const token = one(response.body).attributes.token;
  if (typeof token !== 'string') throw new Error(`no session token: ${JSON.stringify(response.body)}`);
  return token;
};
