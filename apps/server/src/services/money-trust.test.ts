/**
 * Money you can trust (issue 20's findings 1-5), each reproduced as it was found: payments fail closed,
 * a ledger of movements instead of one overwritten amount, changes under the booking rules, a payment
 * after the place was given up, and a cancelled booking's open payment.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMessages, refusedPaymentMessage } from '@parking/domain/ledger';
import { manageMessages } from '@parking/domain/manage-booking';
import { stayTooLong, tooFarAhead } from '@parking/domain/stay-limits';
import { loadConfig } from '../config';
import {
  bookingMovements,
  bookings,
  discounts,
  localProviderObjects,
  lots,
  subscriptions,
} from '../db/schema/index';
import { createLocalProvider } from '../payments/local/local-provider';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import {
  api,
  Clock,
  createTestServer,
  doc,
  firstError,
  one,
  PRODUCTION_ESSENTIALS,
  type TestServer,
} from '../test/server';
import { presentByDay } from './pricing-data';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let staff: string;
let n = 0;
const START = new Clock().current;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  await createUser(server.handle.db, { email: 'money-desk@example.com', roles: ['Sales'] });
  staff = await login(server.app, 'money-desk@example.com');
});
afterAll(() => server.close());
afterEach(() => {
  server.clock.current = START;
});

const card = (clientSecret: string, number = '4242424242424242') =>
  api(server.app, 'POST', `${V1}/local-payments/`, {
    body: doc('local-payments', { clientSecret, number, expiry: '12 / 30', cvc: '123' }),
  });
const row = async (id: number) =>
  (await server.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const movements = async (id: number) =>
  (
    await server.handle.db
      .select()
      .from(bookingMovements)
      .where(eq(bookingMovements.bookingId, id))
      .orderBy(bookingMovements.id)
  ).map((m) => `${m.kind} ${m.method} ${m.amount}`);
const refundsOf = async (intentId: string) =>
  (
    await server.handle.db.select().from(localProviderObjects).where(eq(localProviderObjects.kind, 'refund'))
  ).filter((o) => (o.data as { payment_intent?: string }).payment_intent === intentId);
const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

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
    token: staff,
    body: bookingDoc(f, { attributes: { email: `desk${n}@example.com`, ...attributes } }),
  });
  return created;
}

const manage = (
  id: number,
  action: string,
  attributes: Record<string, unknown> = {},
  relationships?: Record<string, unknown>,
) =>
  api(server.app, 'POST', `${V1}/manage-bookings/${id}/${action}/`, {
    token: staff,
    body: doc(
      action === 'change-quotes' ? 'change-quotes' : 'booking-changes',
      attributes,
      relationships ? { relationships } : {},
    ),
  });

describe('1. payments fail closed', () => {
  it('production refuses to start on the local payment provider or without SMTP', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/parking',
      ...PRODUCTION_ESSENTIALS,
    };
    expect(loadConfig(production).payments.provider).toBe('stripe');
    const { STRIPE_SECRET_KEY: _key, ...noStripe } = production;
    expect(() => loadConfig(noStripe)).toThrow(/STRIPE_SECRET_KEY.*required in production/);
    const { SMTP_URL: _smtp, ...noSmtp } = production;
    expect(() => loadConfig(noSmtp)).toThrow(/SMTP_URL is required in production/);
    // Outside production the local provider (and its development secret) stays, for the demo and tests.
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toEqual({
      provider: 'local',
      webhookSecret: 'whsec_local_development_only',
    });
  });

  const webhook = (event: object) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_local_development_only',
    });
    return server.app.inject({
      method: 'POST',
      url: `${V1}/stripe/webhook/`,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };

  it('an event signed with the development secret claiming 1 cent does not pay a booking: the provider is asked', async () => {
    const booking = await guestBooking();
    const forged = await webhook({
      id: `evt_forged_${booking.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentOf(booking.clientSecret),
          object: 'payment_intent',
          status: 'succeeded',
          amount: 1,
          currency: 'aud',
          metadata: { booking_id: String(booking.id) },
        },
      },
    });
    expect(forged.statusCode).toBe(200);
    expect(await row(booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      amountPaid: '0.00',
    });
    expect(await movements(booking.id)).toEqual([]);
    const unknown = await webhook({
      id: 'evt_forged_unknown',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_00000000forged', status: 'succeeded', amount: 12600, currency: 'aud' } },
    });
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('a forged subscription event grants nothing', async () => {
    const { user } = await createUser(server.handle.db);
    const forged = await webhook({
      id: 'evt_forged_sub',
      object: 'event',
      type: 'customer.subscription.created',
      data: {
        object: {
          id: 'sub_forged',
          object: 'subscription',
          customer: 'cus_x',
          status: 'active',
          current_period_end: 1_950_000_000,
          items: { data: [{ price: { id: 'local_price_1' } }] },
          metadata: { user_id: String(user.id) },
        },
      },
    });
    expect(forged.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(
      await server.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toEqual([]);
  });
});

describe('2. money is a ledger', () => {
  it('$30 cash taken by staff and the rest by card (Make Payment) pays the booking in full', async () => {
    const created = await staffBooking({ amountPaid: '30.00', paymentMethod: 'cash' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = one(created.body);
    const total = String(booking.attributes.totalCost);
    expect(booking.attributes).toMatchObject({
      amountPaid: '30.00',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
    });
    const rest = (Number(total) - 30).toFixed(2);
    const payment = await api(server.app, 'POST', `${V1}/payments/`, {
      token: staff,
      body: doc(
        'payments',
        { amount: rest },
        { relationships: { booking: { data: { type: 'bookings', id: booking.id } } } },
      ),
    });
    expect(payment.status).toBe(201);
    expect((await card(String(one(payment.body).attributes.clientSecret))).status).toBe(201);
    expect(await row(Number(booking.id))).toMatchObject({
      amountPaid: total,
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      stripeComplete: false,
    });
    expect(await movements(Number(booking.id))).toEqual(['payment cash 30.00', `payment stripe ${rest}`]);
  });

  it('a paid booking plus an extra paid online has both paid; cancelling gives each back the way it came', async () => {
    const created = await staffBooking({
      startDatetime: '2026-12-10T06:00:00+11:00',
      endDatetime: '2026-12-12T18:00:00+11:00',
    });
    const booking = one(created.body);
    const id = Number(booking.id);
    const total = String(booking.attributes.totalCost);
    const patched = await api(server.app, 'PATCH', `${V1}/bookings/${id}/`, {
      token: staff,
      body: {
        data: {
          type: 'bookings',
          id: String(id),
          attributes: { amountPaid: total, paymentMethod: 'eftpos' },
        },
      },
    });
    expect(one(patched.body).attributes).toMatchObject({
      amountPaid: total,
      paymentStatus: 'paid',
      paymentMethod: 'eftpos',
    });

    // The traveller adds an extra ($30) online and pays it by card.
    const changed = await manage(
      id,
      'changes',
      {},
      { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
    );
    expect(one(changed.body).attributes).toMatchObject({ changePending: true, amountDue: '30.00' });
    const secret = String(one(changed.body).attributes.clientSecret);
    expect((await card(secret)).status).toBe(201);
    const both = (Number(total) + 30).toFixed(2);
    expect(await row(id)).toMatchObject({
      amountPaid: both,
      totalCost: both,
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
    });

    // Cancelled well ahead: everything is refunded; the card's $30 through the provider, the EFTPOS by staff.
    const cancelled = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
      token: staff,
      body: doc('cancellations', {}),
    });
    expect(one(cancelled.body).attributes).toMatchObject({ status: 'cancelled', refunded: both });
    expect(
      (await refundsOf(intentOf(secret))).map((refund) => (refund.data as { amount: number }).amount),
    ).toEqual([3000]);
    expect(await row(id)).toMatchObject({ amountPaid: total, paymentStatus: 'refunded' });
    expect(await movements(id)).toEqual([
      `payment eftpos ${total}`,
      'payment stripe 30.00',
      'refund stripe 30.00',
    ]);
    // Staff hand the EFTPOS back and record it: nothing is left paid.
    const handedBack = await api(server.app, 'PATCH', `${V1}/bookings/${id}/`, {
      token: staff,
      body: {
        data: {
          type: 'bookings',
          id: String(id),
          attributes: { amountPaid: '0.00', paymentMethod: 'eftpos' },
        },
      },
    });
    expect(one(handedBack.body).attributes).toMatchObject({ amountPaid: '0.00', paymentStatus: 'refunded' });
  });

  it('payment fields the ledger cannot honour are refused beside the field, and nothing is saved', async () => {
    const noMethod = await staffBooking({ amountPaid: '10.00' });
    expect(firstError(noMethod.body)).toMatchObject({
      detail: ledgerMessages.methodRequired,
      source: { pointer: '/data/attributes/paymentMethod' },
    });
    const byHand = await staffBooking({ amountPaid: '10.00', paymentMethod: 'stripe' });
    expect(firstError(byHand.body)?.detail).toBe(ledgerMessages.cardByHand);
    const status = await staffBooking({ paymentStatus: 'paid' });
    expect(firstError(status.body)).toMatchObject({
      detail: ledgerMessages.statusDerived('unpaid'),
      source: { pointer: '/data/attributes/paymentStatus' },
    });

    const paid = await paidGuestBooking();
    const cashRefund = await api(server.app, 'PATCH', `${V1}/bookings/${paid.id}/`, {
      token: staff,
      body: {
        data: {
          type: 'bookings',
          id: String(paid.id),
          attributes: { amountPaid: '0.00', paymentMethod: 'cash' },
        },
      },
    });
    expect(firstError(cashRefund.body)?.source?.pointer).toBe('/data/attributes/amountPaid');
    expect(await row(paid.id)).toMatchObject({ amountPaid: paid.total, paymentStatus: 'paid' });
  });
});

describe('3. changes pass every rule a new booking passes', () => {
  it('refuses a stay beyond the horizon or too long, in a quote and in a change, quickly even in year 9999', async () => {
    const booking = await paidGuestBooking();
    const far = await manage(booking.id, 'changes', {
      startDatetime: '2029-01-10T06:00:00+11:00',
      endDatetime: '2029-01-12T18:00:00+11:00',
    });
    expect(firstError(far.body)).toMatchObject({
      detail: tooFarAhead(730),
      source: { pointer: '/data/attributes/startDatetime' },
    });
    const long = await manage(booking.id, 'changes', { endDatetime: '2029-01-12T18:00:00+11:00' });
    expect(firstError(long.body)).toMatchObject({
      detail: stayTooLong(365),
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const quote = await manage(booking.id, 'change-quotes', {
      startDatetime: '2031-01-10T06:00:00+11:00',
      endDatetime: '2031-01-12T18:00:00+11:00',
    });
    expect(quote.status).toBe(400);
    for (const year of ['4000', '9999']) {
      const started = performance.now();
      const answer = await manage(booking.id, 'change-quotes', {
        endDatetime: `${year}-01-12T18:00:00+11:00`,
      });
      expect(answer.status).toBe(400);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(await row(booking.id)).toMatchObject({ totalCost: booking.total, status: 'complete' });
  });

  it('a promo code limited to January drop-offs does not follow a stay moved to July', async () => {
    const [january] = await server.handle.db
      .insert(discounts)
      .values({
        name: 'January',
        promoCode: 'JAN50',
        rate: '0.5',
        validFrom: new Date('2026-01-01T00:00:00Z'),
        validTo: new Date('2027-12-31T00:00:00Z'),
        dropOffStart: new Date('2027-01-01T00:00:00+11:00'),
        dropOffEnd: new Date('2027-01-31T23:59:59+11:00'),
      })
      .returning();
    if (!january) throw new Error('discount');
    const booking = await paidGuestBooking({
      attributes: {
        promoCode: 'JAN50',
        startDatetime: '2027-01-10T06:00:00+11:00',
        endDatetime: '2027-01-12T18:00:00+11:00',
      },
    });
    expect(Number(booking.total)).toBe(26);
    const moved = await manage(booking.id, 'change-quotes', {
      startDatetime: '2027-07-10T06:00:00+10:00',
      endDatetime: '2027-07-12T18:00:00+10:00',
    });
    expect(one(moved.body).attributes).toMatchObject({
      promoDropped: 'JAN50',
      amountDiscounted: '0.00',
      totalCost: '52.00',
      amountDue: '26.00',
    });
    const within = await manage(booking.id, 'change-quotes', {
      startDatetime: '2027-01-20T06:00:00+11:00',
      endDatetime: '2027-01-22T18:00:00+11:00',
    });
    expect(one(within.body).attributes).toMatchObject({ promoDropped: null, totalCost: '26.00' });
  });

  it('an unpaid difference holds the added days only as long as an unpaid booking is held, and the booking is never complete owing them', async () => {
    const booking = await paidGuestBooking();
    const changed = await manage(booking.id, 'changes', { endDatetime: '2026-12-05T18:00:00+11:00' });
    expect(one(changed.body).attributes).toMatchObject({ changePending: true, amountDue: '18.00' });
    expect(await row(booking.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      totalCost: '52.00',
    });
    const held = async () =>
      (
        await presentByDay(
          server.handle.db,
          [f.outdoor.id],
          '2026-12-04',
          '2026-12-05',
          'Australia/Hobart',
          server.clock.now(),
        )
      ).get(f.outdoor.id) ?? [];
    const during = await held();
    server.clock.advance(16 * 60_000);
    const after = await held();
    expect(during).toEqual(after.map((count) => count + 1));
    // Paid after the hold, with room still there: the change is made.
    expect((await card(String(one(changed.body).attributes.clientSecret))).status).toBe(201);
    expect(await row(booking.id)).toMatchObject({
      totalCost: '70.00',
      amountPaid: '70.00',
      paymentStatus: 'paid',
    });
  });
});

describe('4. a payment after the place was given up meets the lot as it is', () => {
  it('declined, then the lot fills, then 4242… pays: refunded at once, and the lot is not oversold', async () => {
    await server.handle.db
      .update(lots)
      .set({ spaces: 2, fillRateThreshold: null })
      .where(eq(lots.id, f.indoor.id));
    try {
      const stay = { startDatetime: '2026-12-20T06:00:00+11:00', endDatetime: '2026-12-21T18:00:00+11:00' };
      const indoor = { lot: { data: { type: 'lots', id: String(f.indoor.id) } } };
      const x = await guestBooking({ attributes: stay, relationships: indoor });
      expect((await card(x.clientSecret, '4000000000000002')).status).toBe(400);
      expect((await row(x.id))?.status).toBe('payment_failed');
      await paidGuestBooking({ attributes: stay, relationships: indoor });
      await paidGuestBooking({ attributes: stay, relationships: indoor });

      const late = await card(x.clientSecret);
      expect(late.status).toBe(400);
      expect(firstError(late.body)?.detail).toBe(refusedPaymentMessage('no_space', `$${x.total}`));
      expect(await row(x.id)).toMatchObject({
        status: 'cancelled',
        amountPaid: '0.00',
        paymentStatus: 'refunded',
      });
      expect((await refundsOf(intentOf(x.clientSecret))).length).toBe(1);
      const present = (
        await presentByDay(
          server.handle.db,
          [f.indoor.id],
          '2026-12-20',
          '2026-12-21',
          'Australia/Hobart',
          server.clock.now(),
        )
      ).get(f.indoor.id);
      expect(present).toEqual([2, 2]);
      expect(mailTo(server, x.email).some((message) => message.subject.includes('has been refunded'))).toBe(
        true,
      );
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
        .where(eq(lots.id, f.indoor.id));
    }
  });
});

describe('5. a cancelled booking cannot be paid', () => {
  it('cancelling closes the open payment link at the provider', async () => {
    const created = await staffBooking({
      startDatetime: '2026-12-15T06:00:00+11:00',
      endDatetime: '2026-12-16T18:00:00+11:00',
    });
    const id = Number(one(created.body).id);
    const balance = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
      token: staff,
      body: doc('payments', {}),
    });
    expect(balance.status).toBe(201);
    const secret = String(one(balance.body).attributes.clientSecret);
    expect(
      (
        await api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
          token: staff,
          body: doc('cancellations', {}),
        })
      ).status,
    ).toBe(200);
    const paid = await card(secret);
    expect(paid.status).toBe(400);
    expect(firstError(paid.body)?.detail).toBe('This payment has been cancelled.');
    expect(await row(id)).toMatchObject({ status: 'cancelled', amountPaid: '0.00' });
    expect(await movements(id)).toEqual([]);
  });

  it('a payment the provider took before the cancellation reached it is refunded at once', async () => {
    const booking = await guestBooking();
    await server.handle.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    const provider = createLocalProvider(server.handle.db, {
      publicUrl: server.config.publicUrl,
      clock: server.clock.now,
      webhookSecret: server.config.payments.webhookSecret,
    });
    await provider.confirmPayment(booking.clientSecret, {
      number: '4242424242424242',
      expiry: '12 / 30',
      cvc: '123',
    });
    const confirmed = await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
      body: doc('payment-confirmations', { clientSecret: booking.clientSecret }),
    });
    expect(firstError(confirmed.body)?.detail).toBe(refusedPaymentMessage('cancelled', `$${booking.total}`));
    expect(await row(booking.id)).toMatchObject({
      status: 'cancelled',
      amountPaid: '0.00',
      paymentStatus: 'refunded',
    });
    expect(await movements(booking.id)).toEqual([
      `payment stripe ${booking.total}`,
      `refund stripe ${booking.total}`,
    ]);
    expect(manageMessages.alreadyCancelled).toBeTruthy();
    expect(
      await server.handle.db
        .select()
        .from(bookingMovements)
        .where(and(eq(bookingMovements.bookingId, booking.id), eq(bookingMovements.kind, 'refund'))),
    ).toHaveLength(1);
  });
});
