/**
 * Staff create a customer and their login in one request: with roles and a password, with roles and a
 * welcome link, or with no login at all; every field's message; anonymous callers and customers refused.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts';
import { newCustomer, useCustomersServer } from '../test/customers-api';
import { login } from '../test/factories';
import { lastMailTo, linkIn, mailTo } from '../test/mail';
import { one } from '../test/server';

const { server, postCustomer, customersNamed, userOf, loggedInCustomer, staffToken } = useCustomersServer();

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
});
