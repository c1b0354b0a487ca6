import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../db/schema/index';
import { createUser, login, PASSWORD } from '../test/factories';
import { lastMailTo, linkIn, mailTo, tokenIn } from '../test/mail';
import {
  api,
  createTestServer,
  doc,
  firstError,
  many,
  one,
  type ApiResponse,
  type TestServer,
} from '../test/server';

const CUSTOMERS = '/backend/api/v1/customers/';
let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const uniqueEmail = (name: string) => `${name}${++sequence}@example.com`;
const customerUrl = (id: number | string) => `${CUSTOMERS}${id}/`;
const patchCustomer = (id: number, attributes: Record<string, unknown>, token?: string) =>
  api(server.app, 'PATCH', customerUrl(id), {
    token,
    body: doc('customers', attributes, { id: String(id) }),
  });
const requestReset = (email: string) =>
  api(server.app, 'POST', '/backend/api/v1/password-resets/', { body: doc('password-resets', { email }) });

function expectError(response: ApiResponse, status: number, detail: string, field?: string) {
  expect(response.status).toBe(status);
  expect(firstError(response.body)).toMatchObject({
    status: String(status),
    detail,
    ...(field ? { source: { pointer: `/data/attributes/${field}` } } : {}),
  });
}

async function customerRow(id: number) {
  const [row] = await server.handle.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** A customer with a login, logged in, with private notes staff wrote about them. */
async function loggedInCustomer() {
  const { user, customer } = await createUser(server.handle.db);
  await server.handle.db
    .update(customers)
    .set({ privateNotes: 'Pays late' })
    .where(eq(customers.id, customer.id));
  return { user, customer, token: await login(server.app, user.email) };
}

async function staffToken(role: 'Sales' | 'Admins') {
  const { user } = await createUser(server.handle.db, { roles: [role] });
  return login(server.app, user.email);
}

describe('customers: a customer and their own profile', () => {
  it('reads their own customer without staff-only fields', async () => {
    const { user, customer, token } = await loggedInCustomer();
    const response = await api(server.app, 'GET', customerUrl(customer.id), { token });
    expect(response.status).toBe(200);
    const data = one(response.body);
    expect(data.attributes).toMatchObject({
      email: user.email,
      emailConfirmed: true,
      title: 'Ms',
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: '0400 000 000',
      business: '',
      fullName: `${customer.firstName} ${customer.lastName}`,
      hasSubscription: false,
    });
    for (const hidden of ['privateNotes', 'staff', 'roles', 'customerDetails'])
      expect(data.attributes).not.toHaveProperty(hidden);
    expect(data.relationships?.user?.data).toEqual({ type: 'users', id: String(user.id) });
  });

  it('lists only their own customer', async () => {
    const { customer, token } = await loggedInCustomer();
    await createUser(server.handle.db);
    const response = await api(server.app, 'GET', CUSTOMERS, { token });
    expect(response.status).toBe(200);
    expect(many(response.body).map((c) => c.id)).toEqual([String(customer.id)]);
    expect(JSON.stringify(response.body)).not.toContain('Pays late');
  });

  it('changes title, names, phone and business', async () => {
    const { customer, token } = await loggedInCustomer();
    const changes = {
      title: 'Mr & Mrs',
      firstName: ' Pat ',
      lastName: 'Profile',
      phoneNumber: '03 6200 0000',
      business: 'Profile Pty Ltd',
    };
    const response = await patchCustomer(customer.id, changes, token);
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({
      ...changes,
      firstName: 'Pat',
      fullName: 'Pat Profile',
    });
    expect(one(response.body).attributes).not.toHaveProperty('privateNotes');
    expect(await customerRow(customer.id)).toMatchObject({
      ...changes,
      firstName: 'Pat',
      privateNotes: 'Pays late',
    });
    // Business is optional: it may be cleared.
    expect((await patchCustomer(customer.id, { business: '' }, token)).status).toBe(200);
    expect((await customerRow(customer.id))?.business).toBe('');
  });

  it.each([
    ['title', '', 'This field is required.'],
    ['title', 'Lord', 'Select a valid choice.'],
    ['firstName', '', 'This field is required.'],
    ['firstName', '   ', 'This field is required.'],
    ['lastName', '', 'This field is required.'],
    ['phoneNumber', '', 'This field is required.'],
    ['firstName', null, 'This field is required.'],
  ])('refuses %s %j with "%s"', async (field, value, detail) => {
    const { customer, token } = await loggedInCustomer();
    expectError(await patchCustomer(customer.id, { [field]: value }, token), 400, detail, field);
    expect(await customerRow(customer.id)).toMatchObject({
      title: 'Ms',
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: '0400 000 000',
    });
  });

  it.each([
    ['privateNotes', 'I am lovely'],
    ['email', 'new-address@example.com'],
    ['staff', true],
  ])('cannot change %s', async (field, value) => {
    const { user, customer, token } = await loggedInCustomer();
    expectError(
      await patchCustomer(customer.id, { firstName: 'Sneaky', [field]: value }, token),
      400,
      'You may not change this field.',
      field,
    );
    expect(await customerRow(customer.id)).toMatchObject({
      firstName: customer.firstName,
      email: user.email,
      privateNotes: 'Pays late',
      staff: false,
    });
  });

  it('cannot read or change another customer (404)', async () => {
    const { token } = await loggedInCustomer();
    const { customer: other } = await createUser(server.handle.db);
    const read = await api(server.app, 'GET', customerUrl(other.id), { token });
    expect(read.status).toBe(404);
    expect(firstError(read.body)?.detail).toBe('Customer not found');
    expect((await patchCustomer(other.id, { firstName: 'Hacked' }, token)).status).toBe(404);
    expect((await customerRow(other.id))?.firstName).toBe(other.firstName);
  });

  it('cannot create or delete customers (403)', async () => {
    const { customer, token } = await loggedInCustomer();
    const created = await api(server.app, 'POST', CUSTOMERS, {
      token,
      body: doc('customers', {
        email: uniqueEmail('made'),
        title: 'Mr',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '1',
      }),
    });
    expect(created.status).toBe(403);
    expect((await api(server.app, 'DELETE', customerUrl(customer.id), { token })).status).toBe(403);
  });

  it('anonymous callers get 401', async () => {
    const { customer } = await createUser(server.handle.db);
    expect((await api(server.app, 'GET', CUSTOMERS)).status).toBe(401);
    expect((await api(server.app, 'GET', customerUrl(customer.id))).status).toBe(401);
    expect((await patchCustomer(customer.id, { firstName: 'Anon' })).status).toBe(401);
    expect((await api(server.app, 'DELETE', customerUrl(customer.id))).status).toBe(401);
  });
});

describe('customers: staff', () => {
  it('sales list every customer, with private notes, and search them', async () => {
    const token = await staffToken('Sales');
    const zedEmail = uniqueEmail('zanzibar');
    const { customer: zed } = await createUser(server.handle.db, { email: zedEmail, firstName: 'Quentin' });
    await server.handle.db
      .update(customers)
      .set({ lastName: 'Zanzibar', privateNotes: 'VIP', phoneNumber: '0499 123 987' })
      .where(eq(customers.id, zed.id));
    const { customer: other } = await createUser(server.handle.db);

    const all = await api(server.app, 'GET', `${CUSTOMERS}?page[size]=1000`, { token });
    expect(all.status).toBe(200);
    expect(many(all.body)).toHaveLength(await server.handle.db.$count(customers));
    const found = many(all.body).find((c) => c.id === String(zed.id));
    expect(found?.attributes).toMatchObject({ privateNotes: 'VIP', staff: false, roles: ['Customers'] });

    for (const term of ['zanzi', 'ZANZIBAR', 'Quentin Zanz', '0499 123', zedEmail.toUpperCase()]) {
      const search = await api(server.app, 'GET', `${CUSTOMERS}?filter[search]=${encodeURIComponent(term)}`, {
        token,
      });
      expect(search.status).toBe(200);
      const ids = many(search.body).map((c) => c.id);
      expect(ids, term).toContain(String(zed.id));
      expect(ids, term).not.toContain(String(other.id));
    }
    // LIKE wildcards in the search are plain characters.
    const wildcard = await api(server.app, 'GET', `${CUSTOMERS}?filter[search]=${encodeURIComponent('%')}`, {
      token,
    });
    expect(many(wildcard.body)).toHaveLength(0);
  });

  it('sales filter customers by their user’s roles', async () => {
    const token = await staffToken('Sales');
    const { customer: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const { customer: plain } = await createUser(server.handle.db);
    const response = await api(server.app, 'GET', `${CUSTOMERS}?filter[userRoles]=Admins&page[size]=1000`, {
      token,
    });
    expect(response.status).toBe(200);
    const list = many(response.body);
    expect(list.map((c) => c.id)).toContain(String(admin.id));
    expect(list.map((c) => c.id)).not.toContain(String(plain.id));
    expect(list.every((c) => (c.attributes.roles as string[]).includes('Admins'))).toBe(true);
    const bad = await api(server.app, 'GET', `${CUSTOMERS}?filter[userRoles]=Owners`, { token });
    expect(bad.status).toBe(400);
    expect(firstError(bad.body)?.source).toEqual({ parameter: 'filter[userRoles]' });
  });

  it('sales may not change the email of a customer with a login, an Admin’s least of all (403): nothing changes', async () => {
    const token = await staffToken('Sales');
    const { user: admin, customer } = await createUser(server.handle.db, { roles: ['Admins'] });
    const attacker = uniqueEmail('attacker');
    const refused = await patchCustomer(
      customer.id,
      { email: attacker, privateNotes: 'Changed address by phone' },
      token,
    );
    expectError(refused, 403, "Only admins can change a login's email address.", 'email');
    expect(await customerRow(customer.id)).toMatchObject({ email: admin.email, privateNotes: '' });
    expect(await userOf(customer.id)).toMatchObject({ email: admin.email, emailConfirmed: true });
    // A reset asked for the attacker's address goes nowhere; the Admin still logs in as before.
    expect((await requestReset(attacker)).status).toBe(201);
    expect(mailTo(server, attacker)).toHaveLength(0);
    expect(mailTo(server, admin.email)).toHaveLength(0);
    expect(await login(server.app, admin.email)).toBeTruthy();
    // Their other details, and the address sent unchanged (in another case), are fine.
    const other = await patchCustomer(
      customer.id,
      { email: admin.email.toUpperCase(), phoneNumber: '03 6000 1111', privateNotes: 'Prefers email' },
      token,
    );
    expect(other.status).toBe(200);
    expect(await customerRow(customer.id)).toMatchObject({
      email: admin.email,
      phoneNumber: '03 6000 1111',
      privateNotes: 'Prefers email',
    });
  });

  it('sales change the email of a customer without a login: it is only their contact address', async () => {
    const token = await staffToken('Sales');
    const walkIn = await walkInCustomer();
    const email = uniqueEmail('moved');
    const response = await patchCustomer(
      walkIn.id,
      { email: ` ${email.toUpperCase()} `, privateNotes: 'Changed address by phone' },
      token,
    );
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({ email, privateNotes: 'Changed address by phone' });
    expect(await customerRow(walkIn.id)).toMatchObject({ email, userId: null });
    expect(mailTo(server, email)).toHaveLength(0);
    expect(mailTo(server, walkIn.email)).toHaveLength(0);
  });

  it('an admin moves a customer’s login to a new address: old sessions and links end, the old address is told', async () => {
    const token = await staffToken('Admins');
    const { user, customer } = await createUser(server.handle.db);
    const oldSession = await login(server.app, user.email);
    expect((await requestReset(user.email)).status).toBe(201);
    const oldLink = tokenIn(lastMailTo(server, user.email));
    const email = uniqueEmail('moved');

    const response = await patchCustomer(
      customer.id,
      { email: ` ${email.toUpperCase()} `, privateNotes: 'Changed address by phone' },
      token,
    );
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({
      email,
      emailConfirmed: false,
      privateNotes: 'Changed address by phone',
    });
    expect(await userOf(customer.id)).toMatchObject({ email, emailConfirmed: false });
    // The old session is over, the old reset link dead, and the old address logs in no more.
    expect((await api(server.app, 'GET', customerUrl(customer.id), { token: oldSession })).status).toBe(401);
    const reset = await api(server.app, 'POST', '/backend/api/v1/password-reset-confirmations/', {
      body: doc('password-reset-confirmations', {
        uid: oldLink.uid,
        token: oldLink.token,
        newPassword1: 'Taken-over-1',
        newPassword2: 'Taken-over-1',
      }),
    });
    expectError(reset, 400, 'This link is invalid or has expired.', 'token');
    const old = await api(server.app, 'POST', '/backend/api/v1/sessions/', {
      body: doc('sessions', { email: user.email, password: PASSWORD }),
    });
    expect(old.status).toBe(400);
    // The old address is told where the login went; the new one is asked to confirm itself.
    const notice = lastMailTo(server, user.email);
    expect(notice.subject).toBe('Your login email address was changed');
    expect(notice.text).toContain(`changed from ${user.email} to ${email}`);
    expect(linkIn(lastMailTo(server, email)).pathname).toBe('/confirm-email');
    expect(await login(server.app, email)).toBeTruthy();
  });

  it('refuses an email that belongs to another user, changing nothing', async () => {
    const token = await staffToken('Admins');
    const { user, customer } = await createUser(server.handle.db);
    const { user: other } = await createUser(server.handle.db);
    expectError(
      await patchCustomer(customer.id, { email: other.email }, token),
      400,
      'A user with that email address already exists.',
      'email',
    );
    expect((await customerRow(customer.id))?.email).toBe(user.email);
    expectError(
      await patchCustomer(customer.id, { email: 'nope' }, token),
      400,
      'Email address must be valid',
      'email',
    );
    expect(mailTo(server, user.email)).toHaveLength(0);
  });

  it('only admins delete a customer', async () => {
    const { customer } = await createUser(server.handle.db);
    const sales = await staffToken('Sales');
    const refused = await api(server.app, 'DELETE', customerUrl(customer.id), { token: sales });
    expect(refused.status).toBe(403);
    expect(await customerRow(customer.id)).toBeDefined();
    const admin = await staffToken('Admins');
    expect((await api(server.app, 'DELETE', customerUrl(customer.id), { token: admin })).status).toBe(204);
    expect(await customerRow(customer.id)).toBeUndefined();
    expect((await api(server.app, 'GET', customerUrl(customer.id), { token: admin })).status).toBe(404);
  });
});

/** A customer with no login: a walk-in or phone customer, as bookings create them. */
async function walkInCustomer(email = uniqueEmail('walkin')) {
  const [row] = await server.handle.db
    .insert(customers)
    .values({ email, title: 'Mr', firstName: 'Walk', lastName: 'In', phoneNumber: '0400 111 222' })
    .returning();
  if (!row) throw new Error('no customer');
  return row;
}

async function userOf(customerId: number) {
  const row = await customerRow(customerId);
  if (!row?.userId) return undefined;
  const [user] = await server.handle.db.select().from(users).where(eq(users.id, row.userId));
  return user;
}

const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  title: 'Mrs',
  firstName: 'Nora',
  lastName: 'Newcombe',
  email: uniqueEmail('nora'),
  phoneNumber: '0411 222 333',
  business: 'Newcombe Pty Ltd',
  privateNotes: 'Called in',
  ...overrides,
});

const postCustomer = (attributes: Record<string, unknown>, token?: string) =>
  api(server.app, 'POST', CUSTOMERS, { token, body: doc('customers', attributes) });

async function customersNamed(lastName: string) {
  return server.handle.db.select().from(customers).where(eq(customers.lastName, lastName));
}

describe('customers: staff save a customer and their login in one request', () => {
  it('an admin creates a customer with roles and a password: they can log in, and are asked to confirm their address', async () => {
    const token = await staffToken('Admins');
    const attributes = newCustomer({ roles: ['Sales', 'Customers'], password: 'Chosen-pass-9' });
    const response = await postCustomer(attributes, token);
    expect(response.status).toBe(201);
    const created = one(response.body);
    expect(created.attributes).toMatchObject({
      email: attributes.email,
      firstName: 'Nora',
      privateNotes: 'Called in',
      roles: ['Sales', 'Customers'],
      emailConfirmed: false,
    });
    const user = await userOf(Number(created.id));
    expect(user).toMatchObject({ email: attributes.email, roles: ['Sales', 'Customers'] });
    expect(created.relationships?.user?.data).toEqual({ type: 'users', id: String(user?.id) });
    expect(await login(server.app, String(attributes.email), 'Chosen-pass-9')).toBeTruthy();
    expect(mailTo(server, String(attributes.email))).toHaveLength(1);
    expect(linkIn(lastMailTo(server, String(attributes.email))).pathname).toBe('/confirm-email');
  });

  it('sales create a customer with the default roles and no password: the customer is sent a link to set one', async () => {
    const token = await staffToken('Sales');
    const attributes = newCustomer({ roles: ['Customers'] });
    const response = await postCustomer(attributes, token);
    expect(response.status).toBe(201);
    const user = await userOf(Number(one(response.body).id));
    expect(user).toMatchObject({ roles: ['Customers'], passwordHash: null });
    expect(mailTo(server, String(attributes.email))).toHaveLength(1);
    const link = linkIn(lastMailTo(server, String(attributes.email)));
    expect(link.pathname).toBe('/set-password');
    expect(link.searchParams.get('welcome')).toBe('true');
  });

  it('without roles or a password the customer has no login, as before', async () => {
    const token = await staffToken('Sales');
    const attributes = newCustomer();
    const response = await postCustomer(attributes, token);
    expect(response.status).toBe(201);
    expect(one(response.body).relationships?.user?.data).toBeNull();
    expect(one(response.body).attributes.roles).toEqual([]);
    expect(mailTo(server, String(attributes.email))).toHaveLength(0);
  });

  it('answers every field’s message (400) and saves nothing', async () => {
    const token = await staffToken('Admins');
    const response = await postCustomer(
      {
        title: '',
        firstName: ' ',
        lastName: 'Invalid',
        phoneNumber: '',
        email: '',
        password: 'short',
        roles: [],
      },
      token,
    );
    expect(response.status).toBe(400);
    const byField = Object.fromEntries(
      (response.body.errors ?? []).map((error) => [error.source?.pointer, error.detail]),
    );
    expect(byField).toMatchObject({
      '/data/attributes/title': 'This field is required.',
      '/data/attributes/firstName': 'This field is required.',
      '/data/attributes/phoneNumber': 'This field is required.',
      '/data/attributes/email': 'Email address required',
      '/data/attributes/password': 'Password must be at least 8 chars',
      '/data/attributes/roles': 'At least one role is required.',
    });
    expectError(
      await postCustomer(newCustomer({ lastName: 'Invalid', email: 'nope' }), token),
      400,
      'Email address must be valid',
      'email',
    );
    expectError(
      await postCustomer(
        newCustomer({ lastName: 'Invalid', password: '12345678', roles: ['Customers'] }),
        token,
      ),
      400,
      'Password must include non-numeric chars',
      'password',
    );
    expectError(
      await postCustomer(newCustomer({ lastName: 'Invalid', roles: ['Owners'] }), token),
      400,
      'Select a valid choice.',
    );
    expect(await customersNamed('Invalid')).toHaveLength(0);
  });

  it('anonymous callers get 401 and customers 403', async () => {
    expect((await postCustomer(newCustomer({ roles: ['Customers'] }))).status).toBe(401);
    const { token } = await loggedInCustomer();
    expect((await postCustomer(newCustomer({ roles: ['Customers'] }), token)).status).toBe(403);
  });

  it('sales may not set other roles (403), on a new customer or an existing one', async () => {
    const token = await staffToken('Sales');
    expectError(
      await postCustomer(newCustomer({ lastName: 'Promoted', roles: ['Admins'] }), token),
      403,
      'Only admins can set roles.',
      'roles',
    );
    expect(await customersNamed('Promoted')).toHaveLength(0);

    const { user, customer } = await createUser(server.handle.db);
    expectError(
      await patchCustomer(customer.id, { firstName: 'Changed', roles: ['Sales'] }, token),
      403,
      'Only admins can set roles.',
      'roles',
    );
    // The customer's part of the request is rolled back with the refused login part.
    expect((await customerRow(customer.id))?.firstName).toBe(customer.firstName);
    expect((await userOf(customer.id))?.roles).toEqual(['Customers']);
    // Roles sent unchanged are no change: a Sales person's form may send them.
    expect(
      (await patchCustomer(customer.id, { firstName: 'Changed', roles: ['Customers'] }, token)).status,
    ).toBe(200);
    // Resetting a login's password is for Admins (a Sales person could otherwise take over an Admin).
    expectError(
      await patchCustomer(customer.id, { password: 'Another-pass-1' }, token),
      403,
      'Only admins can change a password.',
      'password',
    );
    expect(await login(server.app, user.email)).toBeTruthy();
  });

  it('an admin changes a customer’s roles and password with their details', async () => {
    const token = await staffToken('Admins');
    const { user, customer } = await createUser(server.handle.db);
    const oldSession = await login(server.app, user.email);
    const response = await patchCustomer(
      customer.id,
      { phoneNumber: '03 6111 2222', roles: ['Employees', 'Customers'], password: 'Reset-by-admin-2' },
      token,
    );
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({
      phoneNumber: '03 6111 2222',
      roles: ['Employees', 'Customers'],
    });
    expect((await userOf(customer.id))?.roles).toEqual(['Employees', 'Customers']);
    expect(await login(server.app, user.email, 'Reset-by-admin-2')).toBeTruthy();
    // Whoever was signed in with the old password is signed out.
    expect((await api(server.app, 'GET', customerUrl(customer.id), { token: oldSession })).status).toBe(401);
  });

  it('an admin cannot change their own roles or, here, their own password (403)', async () => {
    const { user: admin, customer } = await createUser(server.handle.db, { roles: ['Admins'] });
    const token = await login(server.app, admin.email);
    expectError(
      await patchCustomer(customer.id, { firstName: 'Ada', roles: ['Customers'] }, token),
      403,
      'You cannot change your own roles.',
      'roles',
    );
    expect((await customerRow(customer.id))?.firstName).toBe(customer.firstName);
    expectError(
      await patchCustomer(customer.id, { password: 'Mine-and-new-1' }, token),
      403,
      'Change your own password on your profile.',
      'password',
    );
    // Sending their roles unchanged with other changes is fine.
    expect((await patchCustomer(customer.id, { firstName: 'Ada', roles: ['Admins'] }, token)).status).toBe(
      200,
    );
    expect((await userOf(customer.id))?.roles).toEqual(['Admins']);
  });

  it('a customer cannot send roles or a password for themselves here', async () => {
    const { customer, token } = await loggedInCustomer();
    expectError(
      await patchCustomer(customer.id, { roles: ['Admins'] }, token),
      400,
      'You may not change this field.',
      'roles',
    );
    expectError(
      await patchCustomer(customer.id, { password: 'Sneaky-pass-1' }, token),
      400,
      'You may not change this field.',
      'password',
    );
  });

  it('saving roles for a customer without a login creates it, with a welcome email', async () => {
    const token = await staffToken('Sales');
    const walkIn = await walkInCustomer();
    const response = await patchCustomer(walkIn.id, { business: 'Walk-in Ltd', roles: ['Customers'] }, token);
    expect(response.status).toBe(200);
    const user = await userOf(walkIn.id);
    expect(user).toMatchObject({ email: walkIn.email, roles: ['Customers'], passwordHash: null });
    expect(one(response.body).relationships?.user?.data).toEqual({ type: 'users', id: String(user?.id) });
    expect(one(response.body).attributes.business).toBe('Walk-in Ltd');
    expect(linkIn(lastMailTo(server, walkIn.email)).pathname).toBe('/set-password');
  });

  it('a failed login write leaves no half-saved customer', async () => {
    const token = await staffToken('Admins');
    const { user: existing } = await createUser(server.handle.db);
    // A new customer whose address already has a login: the customer row inserted first is rolled back.
    expectError(
      await postCustomer(
        newCustomer({ lastName: 'Halfsaved', email: existing.email, roles: ['Customers'] }),
        token,
      ),
      400,
      'A user with that email address already exists.',
      'email',
    );
    expect(await customersNamed('Halfsaved')).toHaveLength(0);

    // A walk-in customer under that address: the change to their details is rolled back too.
    const walkIn = await walkInCustomer(existing.email);
    expectError(
      await patchCustomer(walkIn.id, { firstName: 'Changed', roles: ['Customers'] }, token),
      400,
      'A user with that email address already exists.',
      'email',
    );
    expect(await customerRow(walkIn.id)).toMatchObject({ firstName: 'Walk', userId: null });
    expect(mailTo(server, existing.email)).toHaveLength(0);
  });
});
