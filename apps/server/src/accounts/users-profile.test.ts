/**
 * A user's own record: who may read a user or the list (users: reading), and changing names and
 * contact details, which the customer record follows (users: changing details).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, users } from '../db/schema/index';
import { expectError, uniqueEmail } from '../test/accounts';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import { api, firstError, many, one } from '../test/server';
import { USERS, userUrl, useUsersServer } from '../test/users-api';

const { server, patchUser, findUser } = useUsersServer();

describe('users: reading', () => {
  it('anonymous callers get 401 for the list, a member and a change', async () => {
    const { user } = await createUser(server.handle.db);
    expect((await api(server.app, 'GET', USERS)).status).toBe(401);
    expect((await api(server.app, 'GET', userUrl(user.id))).status).toBe(401);
    const patch = await patchUser(user.id, { firstName: 'X' });
    expect(patch.status).toBe(401);
    expect(firstError(patch.body)?.detail).toBe('Authentication credentials were not provided.');
  });

  it('a customer lists only themselves; staff list everyone', async () => {
    const { user: me } = await createUser(server.handle.db);
    await createUser(server.handle.db);
    const token = await login(server.app, me.email);
    const mine = await api(server.app, 'GET', USERS, { token });
    expect(mine.status).toBe(200);
    expect(many(mine.body).map((u) => u.id)).toEqual([String(me.id)]);
    expect(mine.body.meta?.pagination?.count).toBe(1);
    // Staff-only attributes stay hidden from the customer.
    expect(many(mine.body)[0]?.attributes).not.toHaveProperty('isActive');

    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const salesToken = await login(server.app, sales.email);
    const all = await api(server.app, 'GET', `${USERS}?page[size]=1000`, { token: salesToken });
    expect(all.status).toBe(200);
    const total = await server.handle.db.$count(users);
    expect(many(all.body)).toHaveLength(total);
    expect(many(all.body).find((u) => u.id === String(me.id))?.attributes).toMatchObject({
      email: me.email,
      isActive: true,
    });

    const admins = await api(server.app, 'GET', `${USERS}?filter[roles]=Sales`, { token: salesToken });
    expect(many(admins.body).every((u) => (u.attributes.roles as string[]).includes('Sales'))).toBe(true);
    expect(many(admins.body).some((u) => u.id === String(sales.id))).toBe(true);
  });

  it('a customer cannot read another user (404)', async () => {
    const { user: me } = await createUser(server.handle.db);
    const { user: other } = await createUser(server.handle.db);
    const token = await login(server.app, me.email);
    const response = await api(server.app, 'GET', userUrl(other.id), { token });
    expect(response.status).toBe(404);
    expect(firstError(response.body)?.detail).toBe('User not found');
  });
});

describe('users: changing details', () => {
  it('a customer changes their own names; the customer record changes with them', async () => {
    const { user, customer } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    const response = await patchUser(
      user.id,
      { title: 'Dr', firstName: ' Zoe ', lastName: 'Zed', phoneNumber: '0411 222 333', business: 'Zed Pty' },
      token,
    );
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({
      title: 'Dr',
      firstName: 'Zoe',
      lastName: 'Zed',
      phoneNumber: '0411 222 333',
      business: 'Zed Pty',
    });
    const [row] = await server.handle.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({
      title: 'Dr',
      firstName: 'Zoe',
      lastName: 'Zed',
      phoneNumber: '0411 222 333',
      business: 'Zed Pty',
    });
  });

  it('applies the profile rules to a change', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    expectError(
      await patchUser(user.id, { firstName: '' }, token),
      400,
      'This field is required.',
      'firstName',
    );
    expectError(await patchUser(user.id, { title: 'Lord' }, token), 400, 'Select a valid choice.', 'title');
  });

  it('a customer cannot change their own login email (staff matter)', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    expectError(
      await patchUser(user.id, { email: uniqueEmail('mine') }, token),
      403,
      "Only admins can change a login's email address.",
      'email',
    );
    // Sending the unchanged address (in another case) is not a change.
    expect((await patchUser(user.id, { email: user.email.toUpperCase() }, token)).status).toBe(200);
  });

  it('a customer cannot change another user (404)', async () => {
    const { user: me } = await createUser(server.handle.db);
    const { user: other, customer } = await createUser(server.handle.db);
    const token = await login(server.app, me.email);
    const response = await patchUser(other.id, { firstName: 'Hacked' }, token);
    expect(response.status).toBe(404);
    const [row] = await server.handle.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.firstName).not.toBe('Hacked');
  });

  it('sales see another user but only an admin changes them (403)', async () => {
    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const { user: other } = await createUser(server.handle.db);
    const token = await login(server.app, sales.email);
    expect((await patchUser(other.id, { firstName: 'Nope' }, token)).status).toBe(403);
  });

  it('sales change no login email, an Admin’s or their own (403): nothing changes', async () => {
    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const token = await login(server.app, sales.email);
    const attacker = uniqueEmail('attacker');
    expect((await patchUser(admin.id, { email: attacker }, token)).status).toBe(403);
    expectError(
      await patchUser(sales.id, { email: attacker }, token),
      403,
      "Only admins can change a login's email address.",
      'email',
    );
    expect(await findUser(admin.email)).toMatchObject({ id: admin.id });
    expect(await findUser(sales.email)).toMatchObject({ id: sales.id });
    expect(await findUser(attacker)).toBeUndefined();
    expect(mailTo(server, attacker)).toHaveLength(0);
    expect(await login(server.app, admin.email)).toBeTruthy();
  });
});
