/** Card payments on the local provider, end to end through the API, and webhook idempotency. */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLogs, bookings, payments } from '../db/schema/index';
import { chargeAtProvider } from '../test/provider-charge';
import { abandonStaleBookings } from './payment-reconcile';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let n = 0;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
});
afterAll(() => server.close());

async function guestBooking() {
  n += 1;
  const response = await api(server.app, 'POST', `${V1}/bookings/`, {
    body: bookingDoc(f, { attributes: { email: `payer${n}@example.com` } }),
  });
  expect(response.status).toBe(201);
  const booking = one(response.body);
  const clientSecret = booking.attributes.clientSecret;
  if (typeof clientSecret !== 'string') throw new Error('no client secret');
  return { id: Number(booking.id), clientSecret, total: booking.attributes.totalCost };
}

const pay = (clientSecret: string, number: string) =>
  api(server.app, 'POST', `${V1}/local-payments/`, {
    body: doc('local-payments', { clientSecret, number, expiry: '12 / 30', cvc: '123' }),
  });

const confirm = (clientSecret: string) =>
  api(server.app, 'POST', `${V1}/payment-confirmations/`, {
    body: doc('payment-confirmations', { clientSecret }),
  });

const bookingRow = async (id: number) =>
  (await server.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const logActions = async (id: number) =>
  (await server.handle.db.select().from(bookingLogs).where(eq(bookingLogs.bookingId, id))).map(
    (log) => log.action,
  );

describe('online booking payment (local provider)', () => {
  it('answers the provider kind to the browser', async () => {
    const config = await api(server.app, 'GET', `${V1}/payment-config/`);
    expect(one(config.body).attributes).toEqual({ provider: 'local', publishableKey: null });
  });

  it('saving a booking opens a payment intent for its total; 4242… pays it: complete, paid by stripe', async () => {
    const booking = await guestBooking();
    expect(booking.clientSecret).toMatch(/^pi_[a-f0-9]+_secret_[a-f0-9]+$/);
    expect((await bookingRow(booking.id))?.status).toBe('pending');
    const [payment] = await server.handle.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ amount: booking.total, provider: 'local' });

    expect((await pay(booking.clientSecret, '4242 4242 4242 4242')).status).toBe(201);
    expect((await confirm(booking.clientSecret)).status).toBe(201);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      amountPaid: booking.total,
      stripeComplete: true,
      paymentDatetime: server.clock.now(),
    });
    expect(await logActions(booking.id)).toEqual(['created', 'payment_succeeded']);
  });

  it("a declined card answers the provider's message, marks the booking payment_failed, and another card can still pay", async () => {
    const booking = await guestBooking();
    const declined = await pay(booking.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(400);
    expect(firstError(declined.body)?.detail).toBe('Your card was declined.');
    expect((await bookingRow(booking.id))?.status).toBe('payment_failed');
    const poor = await pay(booking.clientSecret, '4000 0000 0000 9995');
    expect(firstError(poor.body)?.detail).toBe('Your card has insufficient funds.');
    expect(firstError((await confirm(booking.clientSecret)).body)?.detail).toBe(
      'Your card has insufficient funds.',
    );
    expect((await pay(booking.clientSecret, '4242424242424242')).status).toBe(201);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it('refuses invalid card details with live-field wording and a made-up secret', async () => {
    const booking = await guestBooking();
    expect(firstError((await pay(booking.clientSecret, '4242 4242 4242 4241')).body)?.detail).toBe(
      'Your card number is invalid.',
    );
    const wrongSecret = await pay(
      `${booking.clientSecret.split('_secret_')[0]}_secret_forged`,
      '4242424242424242',
    );
    expect(wrongSecret.status).toBe(400);
    expect((await confirm('pi_nothing_secret_nothing')).status).toBe(400);
  });
});

describe('webhook idempotency', () => {
  const webhook = (payload: string, signature: string) =>
    server.app.inject({
      method: 'POST',
      url: `${V1}/stripe/webhook/`,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  function succeededEvent(clientSecret: string, id = `evt_test_${Date.now()}_${n}`) {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    // The event the provider would send once the card went through.
    return JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount: 5200,
          currency: 'aud',
          client_secret: clientSecret,
          metadata: {},
        },
      },
    });
  }

  it('the same event delivered three times gives one paid booking and one log entry', async () => {
    const booking = await guestBooking();
    // The card goes through at the provider; our database hears of it only through the webhook.
    await chargeAtProvider(server, booking.clientSecret);
    const payload = succeededEvent(booking.clientSecret);
    const secret = server.config.payments.webhookSecret;
    for (let i = 0; i < 3; i += 1) {
      const response = await webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: i === 0 ? 'handled' : 'duplicate' });
    }
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(await logActions(booking.id)).toEqual(['created', 'payment_succeeded']);
  });

  it('a browser confirmation racing the webhook still logs one payment', async () => {
    const booking = await guestBooking();
    // The card goes through at the provider (the local form), which applies its own event...
    expect((await pay(booking.clientSecret, '4242424242424242')).status).toBe(201);
    // ...then the browser confirms and a separate webhook delivery arrives, at the same time.
    const payload = succeededEvent(booking.clientSecret, `evt_race_${booking.id}`);
    const secret = server.config.payments.webhookSecret;
    const results = await Promise.all([
      confirm(booking.clientSecret),
      webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret })),
      confirm(booking.clientSecret),
    ]);
    expect(results[0]?.status).toBe(201);
    expect(results[1]?.statusCode).toBe(200);
    expect(await logActions(booking.id)).toEqual(['created', 'payment_succeeded']);
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const booking = await guestBooking();
    const payload = succeededEvent(booking.clientSecret);
    const forged = await webhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      errors: [{ status: '400', detail: 'Invalid webhook signature.' }],
    });
    expect((await webhook(payload, 'garbage')).statusCode).toBe(400);
    expect((await bookingRow(booking.id))?.status).toBe('pending');
  });
});

describe('staff Make Payment and stale bookings', () => {
  it('staff open a card payment for a saved booking; it pays the booking', async () => {
    await createUser(server.handle.db, { email: 'till@example.com', roles: ['Sales'] });
    const token = await login(server.app, 'till@example.com');
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token,
      body: bookingDoc(f, { attributes: { email: 'phone@example.com' } }),
    });
    const booking = one(created.body);
    expect(booking.attributes.clientSecret).toBeUndefined();
    const body = {
      data: {
        type: 'payments',
        attributes: { amount: booking.attributes.totalCost },
        relationships: { booking: { data: { type: 'bookings', id: booking.id } } },
      },
    };
    const customer = await createUser(server.handle.db, { email: 'nosy@example.com' });
    expect(customer.user.id).toBeGreaterThan(0);
    expect(
      (
        await api(server.app, 'POST', `${V1}/payments/`, {
          token: await login(server.app, 'nosy@example.com'),
          body,
        })
      ).status,
    ).toBe(403);
    const tooMuch = await api(server.app, 'POST', `${V1}/payments/`, {
      token,
      body: { data: { ...body.data, attributes: { amount: '9999.00' } } },
    });
    expect(firstError(tooMuch.body)?.source?.pointer).toBe('/data/attributes/amount');
    const opened = await api(server.app, 'POST', `${V1}/payments/`, { token, body });
    expect(opened.status).toBe(201);
    const secret = one(opened.body).attributes.clientSecret;
    if (typeof secret !== 'string') throw new Error('no secret');
    expect((await pay(secret, '4242424242424242')).status).toBe(201);
    expect(await bookingRow(Number(booking.id))).toMatchObject({ paymentStatus: 'paid', status: 'complete' });
    const again = await api(server.app, 'POST', `${V1}/payments/`, { token, body });
    expect(firstError(again.body)?.detail).toBe('This booking has already been paid.');
  });

  it('pending online bookings older than the 15-minute hold become abandoned', async () => {
    const booking = await guestBooking();
    expect(
      await abandonStaleBookings(server.handle.db, new Date(server.clock.now().getTime() + 14 * 60_000)),
    ).toBe(0);
    expect(
      await abandonStaleBookings(server.handle.db, new Date(server.clock.now().getTime() + 16 * 60_000)),
    ).toBeGreaterThan(0);
    expect((await bookingRow(booking.id))?.status).toBe('abandoned');
    // Paying late still confirms what the customer paid for.
    expect((await pay(booking.clientSecret, '4242424242424242')).status).toBe(201);
    expect((await bookingRow(booking.id))?.status).toBe('complete');
  });
});
