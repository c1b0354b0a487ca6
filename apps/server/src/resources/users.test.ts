import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { customers, users, vehicles } from '../db/schema/index';
import { createUser, createVehicle, createVehicleType, login, PASSWORD } from '../test/factories';
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

const USERS = '/backend/api/v1/users/';
const SESSIONS = '/backend/api/v1/sessions/';
let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const uniqueEmail = (name: string) => `${name}${++sequence}@example.com`;

const registration = (attributes: Record<string, unknown> = {}) =>
  doc('users', {
    email: uniqueEmail('reg'),
    password: 'secret-pass-1',
    title: 'Mr',
    firstName: 'Alan',
    lastName: 'Smith',
    phoneNumber: '0400 111 222',
    business: 'Smith & Co',
    ...attributes,
  });

const register = (attributes: Record<string, unknown> = {}, token?: string) =>
  api(server.app, 'POST', USERS, { body: registration(attributes), token });

function expectError(response: ApiResponse, status: number, detail: string, field?: string) {
  expect(response.status).toBe(status);
  expect(firstError(response.body)).toMatchObject({
    status: String(status),
    detail,
    ...(field ? { source: { pointer: `/data/attributes/${field}` } } : {}),
  });
}

const userUrl = (id: number | string) => `${USERS}${id}/`;
const patchUser = (id: number, attributes: Record<string, unknown>, token?: string) =>
  api(server.app, 'PATCH', userUrl(id), { token, body: doc('users', attributes, { id: String(id) }) });

async function findUser(email: string) {
  const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('users: registration (POST users/)', () => {
  it('registers a customer, creates their customer record and emails a confirmation link', async () => {
    const email = uniqueEmail('new');
    const response = await register({ email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(201);
    const created = one(response.body);
    expect(created.type).toBe('users');
    // The registrant gets their new user back, without secrets.
    expect(created.attributes).toMatchObject({
      email,
      roles: ['Customers'],
      emailConfirmed: false,
      firstName: 'Alan',
    });
    expect(JSON.stringify(created)).not.toMatch(/argon2|passwordHash|password_hash/);

    const user = await findUser(email);
    expect(user).toMatchObject({
      id: Number(created.id),
      roles: ['Customers'],
      emailConfirmed: false,
      isActive: true,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const [customer] = await server.handle.db
      .select()
      .from(customers)
      .where(eq(customers.userId, Number(created.id)));
    expect(customer).toMatchObject({
      email,
      title: 'Mr',
      firstName: 'Alan',
      lastName: 'Smith',
      phoneNumber: '0400 111 222',
      business: 'Smith & Co',
    });

    const message = lastMailTo(server, email);
    expect(message.subject).toBe('Confirm your email address');
    const link = linkIn(message);
    expect(`${link.origin}${link.pathname}`).toBe('https://parking.test/confirm-email');
    expect(link.searchParams.get('uid')).toBe(created.id);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(message.html).toContain('https://parking.test/confirm-email?uid=');

    // The new user can log in at once and reads themselves as an unconfirmed customer.
    const token = await login(server.app, email, 'secret-pass-1');
    const self = await api(server.app, 'GET', `${userUrl(created.id)}?include=customer`, { token });
    expect(self.status).toBe(200);
    expect(one(self.body).attributes).toMatchObject({
      email,
      roles: ['Customers'],
      emailConfirmed: false,
      title: 'Mr',
      firstName: 'Alan',
      lastName: 'Smith',
      phoneNumber: '0400 111 222',
      business: 'Smith & Co',
      hasPassword: true,
    });
    expect(one(self.body).attributes).not.toHaveProperty('password');
    expect(one(self.body).attributes).not.toHaveProperty('passwordHash');
    expect(self.body.included?.[0]).toMatchObject({ type: 'customers', id: String(customer?.id) });
  });

  it('needs no business (optional)', async () => {
    const email = uniqueEmail('nobiz');
    const { business: _business, ...attributes } = registration({ email }).data.attributes;
    const response = await api(server.app, 'POST', USERS, { body: doc('users', attributes) });
    expect(response.status).toBe(201);
    const [customer] = await server.handle.db.select().from(customers).where(eq(customers.email, email));
    expect(customer?.business).toBe('');
  });

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

  it("does not hand a guest's records to whoever registers their email: they are claimed on confirmation", async () => {
    const email = uniqueEmail('guest');
    const [guest] = await server.handle.db
      .insert(customers)
      .values({
        email: email.toUpperCase(),
        title: 'Ms',
        firstName: 'Old',
        lastName: 'Name',
        phoneNumber: '0300 000 000',
      })
      .returning();
    const type = await createVehicleType(server.handle.db);
    const vehicle = await createVehicle(server.handle.db, guest?.id ?? 0, type.id);
    const response = await register({ email, title: 'Dr', firstName: 'Gina', lastName: 'Guest' });
    expect(response.status).toBe(201);
    const userId = Number(one(response.body).id);
    const before = await server.handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, guest?.id ?? 0));
    expect(before[0]?.userId).toBeNull();

    const { uid, token } = tokenIn(lastMailTo(server, email));
    const confirmed = await api(server.app, 'POST', '/backend/api/v1/email-confirmations/', {
      body: doc('email-confirmations', { uid, token }),
    });
    expect(confirmed.status).toBe(201);
    const [own] = await server.handle.db.select().from(customers).where(eq(customers.userId, userId));
    expect(own).toMatchObject({ email, title: 'Dr', firstName: 'Gina' });
    expect(
      await server.handle.db
        .select()
        .from(customers)
        .where(eq(customers.id, guest?.id ?? 0)),
    ).toHaveLength(0);
    const [moved] = await server.handle.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(moved?.ownerId).toBe(own?.id);
  });

  it('staff create a login without a password: the customer gets a welcome link to choose one', async () => {
    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const token = await login(server.app, sales.email);
    const email = uniqueEmail('walkin');
    const { password: _password, ...attributes } = registration({ email }).data.attributes;
    const response = await api(server.app, 'POST', USERS, { token, body: doc('users', attributes) });
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toMatchObject({ email, roles: ['Customers'], hasPassword: false });
    const link = linkIn(lastMailTo(server, email));
    expect(link.pathname).toBe('/set-password');
    expect(link.searchParams.get('welcome')).toBe('true');
    expect(link.searchParams.get('email')).toBe(email);
    const set = await api(server.app, 'POST', '/backend/api/v1/password-reset-confirmations/', {
      body: doc('password-reset-confirmations', {
        uid: link.searchParams.get('uid'),
        token: link.searchParams.get('token'),
        newPassword1: 'chosen-pass-1',
        newPassword2: 'chosen-pass-1',
      }),
    });
    expect(set.status).toBe(201);
    expect(await login(server.app, email, 'chosen-pass-1')).toBeTruthy();
  });

  it('rate-limits registrations per IP with 429; staff are not limited', async () => {
    const limited = await createTestServer({ rateLimits: { registrationsPerIp: 2 } });
    onTestFinished(() => limited.close());
    const post = (attributes: Record<string, unknown>, options: { ip?: string; token?: string } = {}) =>
      limited.app.inject({
        method: 'POST',
        url: USERS,
        remoteAddress: options.ip ?? '203.0.113.7',
        headers: {
          'content-type': 'application/vnd.api+json',
          ...(options.token ? { authorization: `Token ${options.token}` } : {}),
        },
        payload: JSON.stringify(registration(attributes)),
      });
    expect((await post({})).statusCode).toBe(201);
    // A refused attempt counts too: the limit is on what an attacker does.
    expect((await post({ password: 'short1' })).statusCode).toBe(400);
    const refused = await post({});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: [
        expect.objectContaining({
          status: '429',
          code: 'throttled',
          detail: 'Too many registrations from your network. Please try again later.',
        }),
      ],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post({}, { ip: '198.51.100.9' })).statusCode).toBe(201);
    // Staff creating logins for customers at the counter are not throttled.
    const { user: sales } = await createUser(limited.handle.db, { roles: ['Sales'] });
    const token = await login(limited.app, sales.email);
    expect((await post({}, { token })).statusCode).toBe(201);
    // The window passes.
    limited.clock.advance(limited.config.rateLimits.windowMs + 1000);
    expect((await post({})).statusCode).toBe(201);
  });
});

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
    const reset = await api(server.app, 'POST', '/backend/api/v1/password-reset-confirmations/', {
      body: doc('password-reset-confirmations', {
        uid: oldLink.uid,
        token: oldLink.token,
        newPassword1: 'Taken-over-1',
        newPassword2: 'Taken-over-1',
      }),
    });
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
