/**
 * Staff changing a customer's email address: Sales only a customer without a login (their contact
 * address); an Admin moves a login to a new address (old sessions and links end, the old address is
 * told); an address another user has is refused.
 */
import { describe, expect, it } from 'vitest';
import { expectError, setPasswordWith, uniqueEmail } from '../test/accounts';
import { customerUrl, useCustomersServer } from '../test/customers-api';
import { createUser, login, PASSWORD } from '../test/factories';
import { lastMailTo, linkIn, mailTo, tokenIn } from '../test/mail';
import { api, doc, one } from '../test/server';

const { server, patchCustomer, requestReset, customerRow, userOf, walkInCustomer, staffToken } =
  useCustomersServer();

describe('customers: staff', () => {
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
    const reset = await setPasswordWith(server, oldLink, 'Taken-over-1');
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
});
