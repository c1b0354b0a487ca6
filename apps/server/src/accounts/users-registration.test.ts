/**
 * Registering (POST users/): what a registration creates and emails, an optional business, a guest's
 * records claimed only on confirmation, logins staff create without a password, and the limit per IP.
 * The field rules and concurrent registrations are in users-registration-rules.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { customers, vehicles } from '../db/schema/index';
import { uniqueEmail } from '../test/accounts';
import { createUser, createVehicle, createVehicleType, login } from '../test/factories';
import { lastMailTo, linkIn, tokenIn } from '../test/mail';
import { api, createTestServer, doc, one } from '../test/server';
import { registration, USERS, userUrl, useUsersServer } from '../test/users-api';

const { server, register, findUser } = useUsersServer();

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
