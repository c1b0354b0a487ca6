/** The customers resource's tests (resources/customers-*.test.ts): their server, the calls and the rows. */
import { eq } from 'drizzle-orm';
import { customers, users } from '../db/schema/index';
import { uniqueEmail } from './accounts';
import { createUser, login } from './factories';
import { api, doc } from './server';
import { useTestServer } from './suite';

export const CUSTOMERS = '/backend/api/v1/customers/';
export const customerUrl = (id: number | string) => `${CUSTOMERS}${id}/`;

/** A new customer's attributes as staff fill them in (a new address each time), with these over them. */
export const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  title: 'Mrs',
  firstName: 'Nora',
  lastName: 'Newcombe',
  email: uniqueEmail('nora'),
  phoneNumber: '0411 222 333',
  business: 'Newcombe Pty Ltd',
  privateNotes: 'Called in',
  ...overrides,
});

/** The file's server, the customers calls against it, and the people and rows the tests need. */
export function useCustomersServer() {
  const server = useTestServer();

  async function customerRow(id: number) {
    const [row] = await server.handle.db.select().from(customers).where(eq(customers.id, id));
    return row;
  }

  return {
    server,
    customerRow,
    patchCustomer: (id: number, attributes: Record<string, unknown>, token?: string) =>
      api(server.app, 'PATCH', customerUrl(id), {
        token,
        body: doc('customers', attributes, { id: String(id) }),
      }),
    postCustomer: (attributes: Record<string, unknown>, token?: string) =>
      api(server.app, 'POST', CUSTOMERS, { token, body: doc('customers', attributes) }),
    requestReset: (email: string) =>
      api(server.app, 'POST', '/backend/api/v1/password-resets/', {
        body: doc('password-resets', { email }),
      }),

    async customersNamed(lastName: string) {
      return server.handle.db.select().from(customers).where(eq(customers.lastName, lastName));
    },

    async userOf(customerId: number) {
      const row = await customerRow(customerId);
      if (!row?.userId) return undefined;
      const [user] = await server.handle.db.select().from(users).where(eq(users.id, row.userId));
      return user;
    },

    /** A customer with a login, logged in, with private notes staff wrote about them. */
    async loggedInCustomer() {
      const { user, customer } = await createUser(server.handle.db);
      await server.handle.db
        .update(customers)
        .set({ privateNotes: 'Pays late' })
        .where(eq(customers.id, customer.id));
      return { user, customer, token: await login(server.app, user.email) };
    },

    /** A customer with no login: a walk-in or phone customer, as bookings create them. */
    async walkInCustomer(email = uniqueEmail('walkin')) {
      const [row] = await server.handle.db
        .insert(customers)
        .values({ email, title: 'Mr', firstName: 'Walk', lastName: 'In', phoneNumber: '0400 111 222' })
        .returning();
      if (!row) throw new Error('no customer');
      return row;
    },

    async staffToken(role: 'Sales' | 'Admins') {
      const { user } = await createUser(server.handle.db, { roles: [role] });
      return login(server.app, user.email);
    },
  };
}
