/**
 * The emailed-link flow tests (routes/email-flows-*.test.ts): their server, a user registered through
 * the API with their confirmation link, and the confirmation, reset and login calls.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema/index';
import { uniqueEmail } from './accounts';
import { PASSWORD } from './factories';
import { lastMailTo, mailTo, tokenIn } from './mail';
import { api, doc, one, type TestServer } from './server';
import { useTestServer } from './suite';

export const API = '/backend/api/v1';
export const SESSIONS = `${API}/sessions/`;
export const INVALID_LINK = 'This link is invalid or has expired.';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const CONFIRMATIONS = `${API}/email-confirmations/`;
const CONFIRMATION_REQUESTS = `${API}/confirmation-email-requests/`;
const RESETS = `${API}/password-resets/`;
const RESET_CONFIRMATIONS = `${API}/password-reset-confirmations/`;

export function useEmailFlowsServer() {
  const server = useTestServer();

  /** Registers through the API, as the site does, and answers the confirmation link's uid and token. */
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

  return {
    server,
    registerUser,
    emailConfirmed,
    confirm,
    requestConfirmation,
    requestReset,
    setPassword,
    resetLink,
    loginStatus,
  };
}
