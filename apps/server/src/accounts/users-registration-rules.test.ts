/**
 * Registering (POST users/): each field's rule and message, an address already taken, roles only from
 * an admin, and two registrations of one address at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, users } from '../db/schema/index';
import { expectError, uniqueEmail } from '../test/accounts';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import { api, doc, firstError, one } from '../test/server';
import { USERS, useUsersServer } from '../test/users-api';

const { server, register, findUser } = useUsersServer();

describe('users: registration (POST users/)', () => {
  it.each([
    ['email missing', { email: undefined }, 'email', 'Email address required'],
    ['email empty', { email: '' }, 'email', 'Email address required'],
    ['email not an address', { email: 'not-an-email' }, 'email', 'Email address must be valid'],
    ['email with a space', { email: 'a b@example.com' }, 'email', 'Email address must be valid'],
    ['password missing', { password: undefined }, 'password', 'Password required'],
    ['password empty', { password: '' }, 'password', 'Password required'],
    ['password too short', { password: 'short1' }, 'password', 'Password must be at least 8 chars'],
    ['password all digits', { password: '12345678' }, 'password', 'Password must include non-numeric chars'],
    ['title missing', { title: undefined }, 'title', 'This field is required.'],
    ['title empty', { title: '' }, 'title', 'This field is required.'],
    ['title not in the list', { title: 'Lord' }, 'title', 'Select a valid choice.'],
    ['firstName missing', { firstName: undefined }, 'firstName', 'This field is required.'],
    ['firstName blank', { firstName: '   ' }, 'firstName', 'This field is required.'],
    ['lastName missing', { lastName: undefined }, 'lastName', 'This field is required.'],
    ['phoneNumber missing', { phoneNumber: undefined }, 'phoneNumber', 'This field is required.'],
  ])('refuses %s with the spec message', async (_name, override, field, detail) => {
    const email = uniqueEmail('invalid');
    const response = await register({ email, ...override });
    expectError(response, 400, detail, field);
    expect(response.body.errors).toHaveLength(1);
    expect(await findUser(email)).toBeUndefined();
    expect(mailTo(server, email)).toHaveLength(0);
  });

  it('answers every invalid field at once, one message per field', async () => {
    const response = await api(server.app, 'POST', USERS, { body: doc('users', {}) });
    expect(response.status).toBe(400);
    const byPointer = Object.fromEntries(
      (response.body.errors ?? []).map((e) => [e.source?.pointer, e.detail]),
    );
    expect(byPointer).toEqual({
      '/data/attributes/email': 'Email address required',
      '/data/attributes/password': 'Password required',
      '/data/attributes/title': 'This field is required.',
      '/data/attributes/firstName': 'This field is required.',
      '/data/attributes/lastName': 'This field is required.',
      '/data/attributes/phoneNumber': 'This field is required.',
    });
  });

  it('refuses an email already registered, whatever its case', async () => {
    const email = uniqueEmail('taken');
    expect((await register({ email })).status).toBe(201);
    const again = await register({ email: email.toUpperCase() });
    expectError(again, 400, 'A user with that email address already exists.', 'email');
    expect(mailTo(server, email)).toHaveLength(1);
  });

  it('refuses roles from anyone but an admin', async () => {
    const anonymous = await register({ roles: ['Admins'] });
    expectError(anonymous, 403, 'Only admins can set roles.', 'roles');

    const { user: customer } = await createUser(server.handle.db);
    const customerToken = await login(server.app, customer.email);
    expectError(
      await register({ roles: ['Customers'] }, customerToken),
      403,
      'Only admins can set roles.',
      'roles',
    );

    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const salesToken = await login(server.app, sales.email);
    expectError(await register({ roles: ['Sales'] }, salesToken), 403, 'Only admins can set roles.', 'roles');

    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const adminToken = await login(server.app, admin.email);
    const email = uniqueEmail('staffer');
    const created = await register({ email, roles: ['Sales', 'Sales'] }, adminToken);
    expect(created.status).toBe(201);
    expect(one(created.body).attributes.roles).toEqual(['Sales']);
    expectError(await register({ roles: ['Owners'] }, adminToken), 400, 'Select a valid choice.');
    expectError(await register({ roles: [] }, adminToken), 400, 'At least one role is required.', 'roles');
  });
});

describe('users: concurrent registrations', () => {
  // PGlite runs one transaction at a time; on PostgreSQL both requests pass the "email free" check
  // together and the unique index decides, which must still read as the field's message.
  it('two registrations with one email at once: one account, and the other answer names the email', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([
      register({ email }),
      register({ email: email.toUpperCase() }),
      register({ email }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const refused of responses.filter((r) => r.status === 400)) {
      expect(firstError(refused.body)).toMatchObject({
        detail: 'A user with that email address already exists.',
        source: { pointer: '/data/attributes/email' },
      });
    }
    expect(await server.handle.db.$count(users, eq(users.email, email))).toBe(1);
    expect(await server.handle.db.$count(customers, eq(customers.email, email))).toBe(1);
  });
});
