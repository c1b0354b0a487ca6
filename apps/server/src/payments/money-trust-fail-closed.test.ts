/**
 * Money you can trust, finding 1 (issue 20; the others are in money-trust-*.test.ts): payments fail
 * closed. Production will not start on the local provider or without SMTP, and an event signed with
 * the development secret pays nothing and grants no subscription.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { subscriptions } from '../db/schema/index';
import { createUser } from '../test/factories';
import { intentOf, useMoneyDesk, V1 } from '../test/money-desk';
import { PRODUCTION_ESSENTIALS } from '../test/server';

const { server, row, movements, guestBooking } = useMoneyDesk();

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
