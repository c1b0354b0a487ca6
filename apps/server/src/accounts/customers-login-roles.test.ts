/**
 * Roles and passwords saved with a customer: only Admins set roles or a password (not their own), a
 * customer sends neither, roles create a login for a walk-in customer, and a failed login write
 * rolls the customer back too.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts';
import { customerUrl, newCustomer, useCustomersServer } from '../test/customers-api';
import { createUser, login } from '../test/factories';
import { lastMailTo, linkIn, mailTo } from '../test/mail';
import { api, one } from '../test/server';

const {
  server,
  patchCustomer,
  postCustomer,
  customerRow,
  customersNamed,
  userOf,
  loggedInCustomer,
  walkInCustomer,
  staffToken,
} = useCustomersServer();

describe('customers: staff save a customer and their login in one request', () => {
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
