/**
 * Card payments and refunds in the audit trail (issue 14, "every staff change ... is recorded"):
 * staff Make Payment, a traveller's card payment and a cancellation's refund each leave one
 * audit-logs row against the booking, with who, when and what (the payment fields before and after,
 * and the amount and provider ids).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, many, one, type JsonResource, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let adminToken: string;
let sales: { id: number; token: string };
let n = 0;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  const admin = await createUser(server.handle.db, { roles: ['Admins'] });
  adminToken = await login(server.app, admin.user.email);
  const salesUser = await createUser(server.handle.db, { roles: ['Sales'] });
  sales = { id: salesUser.user.id, token: await login(server.app, salesUser.user.email) };
});
afterAll(() => server.close());

async function guestBooking() {
  n += 1;
  const email = `audited${n}@example.com`;
  const created = await api(server.app, 'POST', `${V1}/bookings/`, {
    body: bookingDoc(f, { attributes: { email } }),
  });
  expect(created.status).toBe(201);
  const booking = one(created.body);
  return {
    id: booking.id,
    email,
    code: String(booking.attributes.bookingCode),
    total: String(booking.attributes.totalCost),
    clientSecret: String(booking.attributes.clientSecret),
  };
}

const payByCard = async (clientSecret: string) => {
  const paid = await api(server.app, 'POST', `${V1}/local-payments/`, {
    body: doc('local-payments', { clientSecret, number: '4242424242424242', expiry: '12 / 30', cvc: '123' }),
  });
  expect(paid.status).toBe(201);
};

async function trail(bookingId: string): Promise<JsonResource[]> {
  const response = await api(
    server.app,
    'GET',
    `${V1}/audit-logs/?filter[resourceType]=bookings&filter[resourceId]=${bookingId}&sort=id`,
    { token: adminToken },
  );
  expect(response.status).toBe(200);
  return many(response.body);
}

const userOf = (entry: JsonResource) => (entry.relationships?.user?.data as { id: string } | null) ?? null;

describe('the audit trail of payments and refunds', () => {
  it("records staff's Make Payment: who took it, when, the amount, and the booking's payment fields before and after", async () => {
    const booking = await guestBooking();
    const opened = await api(server.app, 'POST', `${V1}/payments/`, {
      token: sales.token,
      body: doc(
        'payments',
        { amount: booking.total },
        { relationships: { booking: { data: { type: 'bookings', id: booking.id } } } },
      ),
    });
    expect(opened.status).toBe(201);
    expect(await trail(booking.id)).toHaveLength(0);
    await payByCard(String(one(opened.body).attributes.clientSecret));

    const [entry, ...more] = await trail(booking.id);
    expect(more).toHaveLength(0);
    expect(entry?.attributes).toMatchObject({
      timestamp: server.clock.now().toISOString(),
      resourceType: 'bookings',
      resourceId: booking.id,
      action: 'payment',
      actor: 'user',
      changes: {
        status: { from: 'pending', to: 'complete' },
        paymentStatus: { from: 'unpaid', to: 'paid' },
        paymentMethod: { from: null, to: 'stripe' },
        amountPaid: { from: '0.00', to: booking.total },
        stripeComplete: { from: false, to: true },
        payment: {
          from: null,
          to: { amount: booking.total, paymentIntent: expect.stringMatching(/^pi_/), source: 'webhook' },
        },
      },
    });
    expect(entry && userOf(entry)).toEqual({ type: 'users', id: String(sales.id) });
    // Filterable by the new actions.
    const payments = await api(
      server.app,
      'GET',
      `${V1}/audit-logs/?filter[action]=payment&filter[resourceId]=${booking.id}`,
      { token: adminToken },
    );
    expect(many(payments.body)).toHaveLength(1);
  });

  it("records a guest's own card payment once, with no user, however often it is confirmed", async () => {
    const booking = await guestBooking();
    await payByCard(booking.clientSecret);
    const confirmed = await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
      body: doc('payment-confirmations', { clientSecret: booking.clientSecret }),
    });
    expect(confirmed.status).toBe(201);
    const entries = await trail(booking.id);
    expect(entries.map((entry) => entry.attributes.action)).toEqual(['payment']);
    expect(entries[0] && userOf(entries[0])).toBeNull();
  });

  it('records a refund: who cancelled (staff here), what went back to which payment, and the booking after', async () => {
    const booking = await guestBooking();
    await payByCard(booking.clientSecret);
    const cancelled = await api(server.app, 'POST', `${V1}/manage-bookings/${booking.id}/cancellation/`, {
      token: sales.token,
      body: doc('cancellations', {}),
    });
    expect(cancelled.status).toBe(200);
    const refund = (await trail(booking.id)).find((entry) => entry.attributes.action === 'refund');
    expect(refund?.attributes).toMatchObject({
      actor: 'user',
      changes: {
        paymentStatus: { from: 'paid', to: 'refunded' },
        amountPaid: { from: booking.total, to: '0.00' },
        refund: {
          from: null,
          to: {
            amount: booking.total,
            credit: '0.00',
            refunds: [
              {
                paymentIntent: expect.stringMatching(/^pi_/),
                refund: expect.any(String),
                amount: booking.total,
              },
            ],
          },
        },
      },
    });
    expect(refund && userOf(refund)).toEqual({ type: 'users', id: String(sales.id) });
  });

  it('is read by Admins only', async () => {
    const booking = await guestBooking();
    expect(
      (
        await api(server.app, 'GET', `${V1}/audit-logs/?filter[resourceId]=${booking.id}`, {
          token: sales.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await api(server.app, 'GET', `${V1}/audit-logs/?filter[action]=nonsense`, { token: adminToken }))
        .status,
    ).toBe(400);
  });
});
