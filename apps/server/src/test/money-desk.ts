/**
 * The money-trust tests (services/money-trust-*.test.ts): a booking server with a Sales desk signed in,
 * and the payments, bookings and booking changes they make through the API.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { bookingMovements } from '../db/schema/index';
import { bookingDoc } from './booking-fixtures';
import { useBookingServer, V1 } from './booking-server';
import { createUser, login } from './factories';
import { api, doc, one } from './server';

export { V1 };

/** The payment intent a client secret belongs to. */
export const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

export function useMoneyDesk() {
  const { server, f, row, providerRefunds } = useBookingServer();
  /** The Sales desk's token, once signed in. */
  const desk = { staff: '' };
  let n = 0;
  beforeAll(async () => {
    await createUser(server.handle.db, { email: 'money-desk@example.com', roles: ['Sales'] });
    desk.staff = await login(server.app, 'money-desk@example.com');
  });

  const card = (clientSecret: string, number = '4242424242424242') =>
    api(server.app, 'POST', `${V1}/local-payments/`, {
      body: doc('local-payments', { clientSecret, number, expiry: '12 / 30', cvc: '123' }),
    });
  /** A booking's ledger, as `kind method amount` lines in the order written. */
  const movements = async (id: number) =>
    (
      await server.handle.db
        .select()
        .from(bookingMovements)
        .where(eq(bookingMovements.bookingId, id))
        .orderBy(bookingMovements.id)
    ).map((m) => `${m.kind} ${m.method} ${m.amount}`);

  async function guestBooking(overrides: Parameters<typeof bookingDoc>[1] = {}) {
    n += 1;
    const email = `money${n}@example.com`;
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, { ...overrides, attributes: { email, ...overrides.attributes } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = one(created.body);
    return {
      id: Number(booking.id),
      code: String(booking.attributes.bookingCode),
      email,
      clientSecret: String(booking.attributes.clientSecret),
      total: String(booking.attributes.totalCost),
    };
  }

  async function paidGuestBooking(overrides: Parameters<typeof bookingDoc>[1] = {}) {
    const booking = await guestBooking(overrides);
    expect((await card(booking.clientSecret)).status).toBe(201);
    return booking;
  }

  async function staffBooking(attributes: Record<string, unknown>) {
    n += 1;
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: desk.staff,
      body: bookingDoc(f, { attributes: { email: `desk${n}@example.com`, ...attributes } }),
    });
    return created;
  }

  /** A manage-booking action (changes, change-quotes, ...) by the desk. */
  const manage = (
    id: number,
    action: string,
    attributes: Record<string, unknown> = {},
    relationships?: Record<string, unknown>,
  ) =>
    api(server.app, 'POST', `${V1}/manage-bookings/${id}/${action}/`, {
      token: desk.staff,
      body: doc(
        action === 'change-quotes' ? 'change-quotes' : 'booking-changes',
        attributes,
        relationships ? { relationships } : {},
      ),
    });

  return {
    server,
    f,
    desk,
    row,
    refundsOf: providerRefunds,
    card,
    movements,
    guestBooking,
    paidGuestBooking,
    staffBooking,
    manage,
  };
}
