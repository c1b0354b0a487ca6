/** The Stripe adapter with the real stripe-node SDK against a local server in Stripe's shapes. */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLogs, bookings, prices, subscriptions } from '../../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../../test/booking-fixtures';
import { subscriptionProducts } from '../../test/billing-fixtures';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createUser, login } from '../../test/factories';
import { api, createTestServer, doc, one, type TestServer } from '../../test/server';
import { createStripeProvider } from './stripe-provider';

const V1 = '/backend/api/v1';
const WEBHOOK_SECRET = 'whsec_test_adapter';
let stripe: FakeStripe;
let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await createTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${stripe.port}`,
    },
  });
  f = await bookingFixtures(server.handle.db);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const webhook = (event: Record<string, unknown>) => {
  const payload = JSON.stringify(event);
  return server.app.inject({
    method: 'POST',
    url: `${V1}/stripe/webhook/`,
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
};

describe('stripe adapter', () => {
  it('tells the browser to use Stripe with the publishable key', async () => {
    const config = await api(server.app, 'GET', `${V1}/payment-config/`);
    expect(one(config.body).attributes).toEqual({ provider: 'stripe', publishableKey: 'pk_test_local' });
    // The page may load Stripe.js and its card frames.
    const policy = String(config.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain('https://hooks.stripe.com');
    expect(
      (await api(server.app, 'POST', `${V1}/local-payments/`, { body: doc('local-payments', {}) })).status,
    ).toBe(404);
  });

  it('creates the PaymentIntent through stripe-node (AUD, booking id, idempotency key, wallets) and confirms it with Stripe', async () => {
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, { attributes: { email: 'stripe@example.com' } }),
    });
    const booking = one(created.body);
    const clientSecret = String(booking.attributes.clientSecret);
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const request = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(request?.body).toMatchObject({
      amount: '5200',
      currency: 'aud',
      metadata: { booking_id: booking.id },
      // Automatic payment methods: cards and the device's wallets (Apple Pay, Google Pay), none that redirects.
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
    expect(request?.body).not.toHaveProperty('payment_method_types');
    expect(request?.idempotencyKey).toBe(`booking-${booking.id}-52.00`);

    // The browser claims success before Stripe has it: refused, the booking is untouched.
    const early = await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
      body: doc('payment-confirmations', { clientSecret }),
    });
    expect(early.status).toBe(400);
    // Stripe.js confirmed the card: Stripe now reports the intent succeeded.
    stripe.intents.set(intentId, { ...stripe.intents.get(intentId), status: 'succeeded' });
    const confirmed = await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
      body: doc('payment-confirmations', { clientSecret }),
    });
    expect(confirmed.status).toBe(201);
    const [row] = await server.handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, Number(booking.id)));
    expect(row).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      amountPaid: '52.00',
    });

    // Stripe's webhook for the same payment, three times: nothing more happens.
    const event = {
      id: 'evt_stripe_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stripe.intents.get(intentId) },
    };
    for (const outcome of ['handled', 'duplicate', 'duplicate'])
      expect((await webhook(event)).json()).toMatchObject({ outcome });
    const logs = await server.handle.db
      .select()
      .from(bookingLogs)
      .where(eq(bookingLogs.bookingId, Number(booking.id)));
    expect(logs.map((log) => log.action)).toEqual(['created', 'payment_succeeded']);
  });

  it('records a subscription from Stripe’s events and follows its renewal and cancellation', async () => {
    const products = await subscriptionProducts(server.handle.db);
    await server.handle.db
      .update(prices)
      .set({ providerPriceId: 'price_indoor_q' })
      .where(eq(prices.id, products.indoorPrice.id));
    const { user } = await createUser(server.handle.db, { email: 'sub@example.com' });
    const token = await login(server.app, 'sub@example.com');
    const checkout = await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
      token,
      body: {
        data: {
          type: 'checkout-sessions',
          relationships: {
            user: { data: { type: 'users', id: String(user.id) } },
            price: { data: { type: 'prices', id: String(products.indoorPrice.id) } },
          },
        },
      },
    });
    expect(checkout.status).toBe(201);
    expect(one(checkout.body).attributes.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(sent?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(user.id),
      line_items: { '0': { price: 'price_indoor_q' } },
    });
    // No fixed list of methods: Stripe Checkout offers the Dashboard's, the device's wallets among them.
    expect(sent?.body).not.toHaveProperty('payment_method_types');

    const periodEnd = Math.floor(new Date('2027-02-21T00:00:00Z').getTime() / 1000);
    const sub = {
      id: 'sub_test_1',
      object: 'subscription',
      customer: 'cus_test_1',
      status: 'active',
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      items: { data: [{ price: { id: 'price_indoor_q' } }] },
      metadata: { user_id: String(user.id) },
    };
    // Stripe has the subscription: the webhook's event is only believed once Stripe answers for it.
    stripe.subscriptions.set('sub_test_1', sub);
    await webhook({
      id: 'evt_sub_created',
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: sub },
    });
    const me = await api(server.app, 'GET', `${V1}/users/${user.id}/`, { token });
    expect(one(me.body).attributes).toMatchObject({
      activeIndoorSubscription: true,
      activeOutdoorSubscription: false,
    });

    // A renewal: Stripe bills the next quarter; the adapter reads the new period from Stripe.
    const nextEnd = Math.floor(new Date('2027-05-21T00:00:00Z').getTime() / 1000);
    stripe.subscriptions.set('sub_test_1', { ...sub, current_period_end: nextEnd });
    await webhook({
      id: 'evt_invoice_paid',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { object: 'invoice', subscription: 'sub_test_1' } },
    });
    const [renewed] = await server.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_test_1'));
    expect(renewed?.endDatetime.toISOString()).toBe('2027-05-21T00:00:00.000Z');

    // Cancelled at period end: still valid until then.
    const cancelling = {
      ...sub,
      current_period_end: nextEnd,
      cancel_at_period_end: true,
      canceled_at: periodEnd,
    };
    stripe.subscriptions.set('sub_test_1', cancelling);
    await webhook({
      id: 'evt_sub_updated',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: cancelling },
    });
    const [cancelled] = await server.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_test_1'));
    expect(cancelled).toMatchObject({ valid: true });
    expect(cancelled?.canceledAt).not.toBeNull();
    const portal = await api(server.app, 'POST', `${V1}/billing-sessions/`, {
      token,
      body: {
        data: {
          type: 'billing-sessions',
          relationships: { user: { data: { type: 'users', id: String(user.id) } } },
        },
      },
    });
    expect(one(portal.body).attributes.url).toBe('https://billing.stripe.test/p/session/cus_test_1');
    stripe.subscriptions.set('sub_test_1', { ...cancelling, status: 'canceled' });
    await webhook({
      id: 'evt_sub_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...sub, status: 'canceled' } },
    });
    const [ended] = await server.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_test_1'));
    expect(ended?.valid).toBe(false);
  });

  it('refunds through Stripe’s refund API with an idempotency key: the same key never refunds twice', async () => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
    });
    const input = {
      paymentIntentId: 'pi_0123456789abcdef',
      amountCents: 2700,
      idempotencyKey: 'cancel-7-pi_0123456789abcdef',
    };
    const first = await provider.refund(input);
    const again = await provider.refund(input);
    expect(first).toEqual({
      id: again.id,
      paymentIntentId: 'pi_0123456789abcdef',
      amountCents: 2700,
      status: 'succeeded',
    });
    expect(stripe.refunds.size).toBe(1);
    const calls = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: input.idempotencyKey,
      body: { payment_intent: 'pi_0123456789abcdef', amount: '2700', reason: 'requested_by_customer' },
    });
  });
});
