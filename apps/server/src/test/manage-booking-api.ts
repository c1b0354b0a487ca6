/**
 * The manage-my-booking route tests (routes/manage-booking-*.test.ts): a booking server, guests'
 * paid bookings and their manage tokens, and the change, cancel and payment calls.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookingLogs } from '../db/schema/index';
import { bookingDoc } from './booking-fixtures';
import { useBookingServer, V1 } from './booking-server';
import { api, doc, one } from './server';

export { V1 };

type Auth = { headers?: Record<string, string>; token?: string };

/** The request options of a guest holding a manage token. */
export const asGuest = (token: string) => ({ headers: { 'x-manage-token': token } });

export function useManageBookingServer() {
  const { server, f, row, providerRefunds } = useBookingServer();
  let n = 0;

  /** Pays a client secret with 4242… and confirms the payment (both expected to succeed). */
  const pay = async (clientSecret: string) => {
    const paid = await api(server.app, 'POST', `${V1}/local-payments/`, {
      body: doc('local-payments', {
        clientSecret,
        number: '4242424242424242',
        expiry: '12 / 30',
        cvc: '123',
      }),
    });
    expect(paid.status).toBe(201);
    expect(
      (
        await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
          body: doc('payment-confirmations', { clientSecret }),
        })
      ).status,
    ).toBe(201);
  };

  /** A guest's booking from the wizard (outdoor, 1-3 Dec: 3 days, $52), paid with 4242…. */
  async function paidGuestBooking(overrides: Parameters<typeof bookingDoc>[1] = {}) {
    n += 1;
    const email = `manager${n}@example.com`;
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, { ...overrides, attributes: { email, ...overrides.attributes } }),
    });
    expect(created.status).toBe(201);
    const booking = one(created.body);
    await pay(String(booking.attributes.clientSecret));
    return { id: Number(booking.id), code: String(booking.attributes.bookingCode), email };
  }

  async function guestToken(code: string, email: string): Promise<string> {
    const response = await api(server.app, 'POST', `${V1}/manage-booking-sessions/`, {
      body: doc('manage-booking-sessions', { bookingCode: code, email }),
    });
    expect(response.status).toBe(201);
    return String(one(response.body).attributes.token);
  }

  const change = (
    id: number,
    attributes: Record<string, unknown>,
    auth: Auth,
    relationships?: Record<string, unknown>,
  ) =>
    api(server.app, 'POST', `${V1}/manage-bookings/${id}/changes/`, {
      ...auth,
      body: doc('booking-changes', attributes, relationships ? { relationships } : {}),
    });
  const cancel = (id: number, auth: Auth) =>
    api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
      ...auth,
      body: doc('cancellations', {}),
    });
  /** A booking's log entries of one action. */
  const logs = async (id: number, action: string) =>
    server.handle.db
      .select()
      .from(bookingLogs)
      .where(and(eq(bookingLogs.bookingId, id), eq(bookingLogs.action, action)));

  return { server, f, row, providerRefunds, pay, paidGuestBooking, guestToken, change, cancel, logs };
}
