/** What the account tests (users, customers, email flows) share: unique addresses and a field's error. */
import { expect } from 'vitest';
import { api, doc, firstError, type ApiResponse, type TestServer } from './server';

let sequence = 0;

/** `name` and a number no other call in this test file answers, at example.com. */
export const uniqueEmail = (name: string) => `${name}${++sequence}@example.com`;

/** The response is refused with `status` and, first, `detail` (beside the attribute `field`, if given). */
export function expectError(response: ApiResponse, status: number, detail: string, field?: string) {
  expect(response.status).toBe(status);
  expect(firstError(response.body)).toMatchObject({
    status: String(status),
    detail,
    ...(field ? { source: { pointer: `/data/attributes/${field}` } } : {}),
  });
}

/** Sets a new password with a reset link's uid and token, as the page the link opens does. */
export const setPasswordWith = (server: TestServer, link: { uid: string; token: string }, password: string) =>
  api(server.app, 'POST', '/backend/api/v1/password-reset-confirmations/', {
    body: doc('password-reset-confirmations', {
      uid: link.uid,
      token: link.token,
      newPassword1: password,
      newPassword2: password,
    }),
  });
