/**
 * What only an admin changes: a user's roles (not their own), a login's email address (sessions and
 * links end, the old address is told) and deleting a user (their customer record stays).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index';
import { expectError, setPasswordWith, uniqueEmail } from '../test/accounts';
import { createUser, login } from '../test/factories';
import { lastMailTo, linkIn, tokenIn } from '../test/mail';
import { api, doc, one } from '../test/server';
import { SESSIONS, userUrl, useUsersServer } from '../test/users-api';

const { server, patchUser, findUser } = useUsersServer();

describe('users: roles', () => {
  it('an admin changes another user’s roles', async () => {
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, admin.email);
    const response = await patchUser(user.id, { roles: ['Sales', 'Customers'] }, token);
    expect(response.status).toBe(200);
    expect(one(response.body).attributes.roles).toEqual(['Sales', 'Customers']);
    expect((await findUser(user.email))?.roles).toEqual(['Sales', 'Customers']);
  });

  it('an admin cannot change their own roles', async () => {
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const token = await login(server.app, admin.email);
    expectError(
      await patchUser(admin.id, { roles: ['Customers'] }, token),
      403,
      'You cannot change your own roles.',
      'roles',
    );
    // Sending the roles unchanged is not a change.
    expect((await patchUser(admin.id, { roles: ['Admins'], firstName: 'Ada' }, token)).status).toBe(200);
    expect((await findUser(admin.email))?.roles).toEqual(['Admins']);
  });

  it('a customer cannot change roles', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    expectError(
      await patchUser(user.id, { roles: ['Admins'] }, token),
      403,
      'Only admins can set roles.',
      'roles',
    );
    expect((await findUser(user.email))?.roles).toEqual(['Customers']);
  });

  it('sales cannot change roles either', async () => {
    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const token = await login(server.app, sales.email);
    expectError(
      await patchUser(sales.id, { roles: ['Admins'] }, token),
      403,
      'Only admins can set roles.',
      'roles',
    );
  });
});

describe('users: admin changes and deletes', () => {
  it('an admin changes a user’s login email: the customer record follows, old sessions and links end, the old address is told', async () => {
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const { user, customer } = await createUser(server.handle.db, { firstName: 'Olive' });
    const { user: other } = await createUser(server.handle.db);
    const theirs = await login(server.app, user.email);
    expect(
      (
        await api(server.app, 'POST', '/backend/api/v1/password-resets/', {
          body: doc('password-resets', { email: user.email }),
        })
      ).status,
    ).toBe(201);
    const oldLink = tokenIn(lastMailTo(server, user.email));
    const token = await login(server.app, admin.email);
    expectError(
      await patchUser(user.id, { email: other.email }, token),
      400,
      'A user with that email address already exists.',
      'email',
    );
    const email = uniqueEmail('renamed');
    const response = await patchUser(user.id, { email: email.toUpperCase() }, token);
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({ email, emailConfirmed: false });
    const [row] = await server.handle.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.email).toBe(email);
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: theirs })).status).toBe(401);
    const reset = await setPasswordWith(server, oldLink, 'Taken-over-1');
    expectError(reset, 400, 'This link is invalid or has expired.', 'token');
    const notice = lastMailTo(server, user.email);
    expect(notice.subject).toBe('Your login email address was changed');
    expect(notice.text).toContain('Hello, Olive');
    expect(notice.text).toContain(`changed from ${user.email} to ${email}`);
    expect(linkIn(lastMailTo(server, email)).pathname).toBe('/confirm-email');
    expect(await login(server.app, email)).toBeTruthy();
    // The admin's own session was not theirs to lose.
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token })).status).toBe(200);
  });

  it('an admin changing their own login email keeps this session and ends the others', async () => {
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const current = await login(server.app, admin.email);
    const other = await login(server.app, admin.email);
    const email = uniqueEmail('admin-moved');
    expect((await patchUser(admin.id, { email }, current)).status).toBe(200);
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: current })).status).toBe(200);
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: other })).status).toBe(401);
    expect(lastMailTo(server, admin.email).subject).toBe('Your login email address was changed');
  });

  it('only an admin deletes a user; their customer record and history stay', async () => {
    const { user, customer } = await createUser(server.handle.db);
    const own = await login(server.app, user.email);
    expect((await api(server.app, 'DELETE', userUrl(user.id), { token: own })).status).toBe(403);
    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    expect(
      (await api(server.app, 'DELETE', userUrl(user.id), { token: await login(server.app, sales.email) }))
        .status,
    ).toBe(403);
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    expect(
      (await api(server.app, 'DELETE', userUrl(user.id), { token: await login(server.app, admin.email) }))
        .status,
    ).toBe(204);
    expect(await findUser(user.email)).toBeUndefined();
    const [row] = await server.handle.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.userId).toBeNull();
    expect((await api(server.app, 'GET', `${SESSIONS}current/`, { token: own })).status).toBe(401);
  });
});
