/**
 * A customer and their own customer record: what they read (no staff-only fields), what they may
 * change and its rules, and what they may not (another customer, creating, deleting); anonymous 401.
 */
import { describe, expect, it } from 'vitest';
import { expectError, uniqueEmail } from '../test/accounts';
import { CUSTOMERS, customerUrl, useCustomersServer } from '../test/customers-api';
import { createUser } from '../test/factories';
import { api, doc, firstError, many, one } from '../test/server';

const { server, patchCustomer, customerRow, loggedInCustomer } = useCustomersServer();

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
