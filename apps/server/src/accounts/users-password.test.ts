/**
 * Changing a password (PATCH users/:id): the current password, the password rules, which sessions
 * end, and an admin setting another user's password.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts';
import { createUser, login, PASSWORD } from '../test/factories';
import { api, doc, one } from '../test/server';
import { SESSIONS, useUsersServer } from '../test/users-api';

const { server, patchUser } = useUsersServer();

describe('users: password change', () => {
  it('needs the current password', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    expectError(
      await patchUser(user.id, { password: 'brand-new-pass-1' }, token),
      400,
      'Enter your current password to set a new one.',
      'currentPassword',
    );
    expectError(
      await patchUser(user.id, { password: 'brand-new-pass-1', currentPassword: '' }, token),
      400,
      'Enter your current password to set a new one.',
      'currentPassword',
    );
    expectError(
      await patchUser(user.id, { password: 'brand-new-pass-1', currentPassword: 'wrong-pass-1' }, token),
      400,
      'Your current password was entered incorrectly.',
      'currentPassword',
    );
    // Nothing changed.
    expect(await login(server.app, user.email)).toBeTruthy();
  });

  it.each([
    ['', 'Password required'],
    ['short1', 'Password must be at least 8 chars'],
    ['12345678', 'Password must include non-numeric chars'],
  ])('applies the password rules to the new password %j', async (password, detail) => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    expectError(
      await patchUser(user.id, { password, currentPassword: PASSWORD }, token),
      400,
      detail,
      'password',
    );
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { user } = await createUser(server.handle.db);
    const current = await login(server.app, user.email);
    const other = await login(server.app, user.email);
    const response = await patchUser(
      user.id,
      { password: 'brand-new-pass-1', currentPassword: PASSWORD },
      current,
    );
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).not.toHaveProperty('password');

    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: current })).status).toBe(200);
    const ended = await api(server.app, 'GET', `${SESSIONS}current/`, { token: other });
    expect(ended.status).toBe(401);

    const old = await api(server.app, 'POST', SESSIONS, {
      body: doc('sessions', { email: user.email, password: PASSWORD }),
    });
    expect(old.status).toBe(400);
    expect(await login(server.app, user.email, 'brand-new-pass-1')).toBeTruthy();
  });

  it('an admin sets another user’s password without theirs, ending all of that user’s sessions', async () => {
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const { user } = await createUser(server.handle.db);
    const theirs = await login(server.app, user.email);
    const token = await login(server.app, admin.email);
    expect((await patchUser(user.id, { password: 'set-by-admin-1' }, token)).status).toBe(200);
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: theirs })).status).toBe(401);
    expect(await login(server.app, user.email, 'set-by-admin-1')).toBeTruthy();
  });
});
