/**
 * Setting a new password with an emailed reset link (password-reset-confirmations): sessions end and
 * the address counts as confirmed; the password rules; a link used, expired (1 hour), of another kind
 * or for another user refused; and earlier links dead once a password is set.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts';
import { API, HOUR, INVALID_LINK, SESSIONS, useEmailFlowsServer } from '../test/email-flows-api';
import { createUser, login, PASSWORD } from '../test/factories';
import { api, doc, one } from '../test/server';

const { server, registerUser, emailConfirmed, setPassword, resetLink, loginStatus } = useEmailFlowsServer();

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
