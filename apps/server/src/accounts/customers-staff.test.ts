/**
 * Staff and the customer list: Sales list and search every customer (private notes included) and
 * filter by their login's roles; only Admins delete a customer. Email changes are in
 * customers-email-change.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index';
import { uniqueEmail } from '../test/accounts';
import { CUSTOMERS, customerUrl, useCustomersServer } from '../test/customers-api';
import { createUser } from '../test/factories';
import { api, firstError, many } from '../test/server';

const { server, customerRow, staffToken } = useCustomersServer();

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
