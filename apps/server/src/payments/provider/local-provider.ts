/**
 * The local payment provider: Stripe's shapes (payment intents with client secrets, checkout
 * sessions, billing portal, subscriptions, webhook events) simulated in-process, stored in the
 * database, with Stripe's test cards. It lets the product run and be tested with no network.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { cardFieldErrors, cardOutcome, type CardInput } from '@parking/domain/cards';
import type { Database, Executor } from '../../db/client';
import { localProviderObjects } from '../../db/schema/index';
import { readEvent, readIntent, readSubscription } from './stripe-events';
import {
  PaymentDeclinedError,
  ProviderObjectMissingError,
  WebhookSignatureError,
  type CheckoutInput,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderRefund,
  type ProviderSubscription,
} from './provider';

type Json = Record<string, unknown>;
const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Three months on from a date, as a quarterly subscription renews. */
function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export interface LocalProvider extends PaymentProvider {
  readonly kind: 'local';
  /** Takes a card for an intent; answers the event a webhook would deliver. */
  confirmPayment(
    clientSecret: string,
    card: CardInput,
  ): Promise<{ intent: ProviderPaymentIntent; event: ProviderEvent }>;
  getCheckoutSession(id: string): Promise<Json | null>;
  completeCheckout(id: string, card: CardInput): Promise<ProviderEvent[]>;
  getPortalSession(id: string): Promise<{ session: Json; subscriptions: ProviderSubscription[] } | null>;
  setCancelAtPeriodEnd(portalId: string, subscriptionId: string, cancel: boolean): Promise<ProviderEvent[]>;
  /** Moves a subscription into its next quarter, as Stripe does when the invoice is paid. */
  renew(subscriptionId: string): Promise<ProviderEvent[]>;
}

export function createLocalProvider(
  db: Database,
  options: { publicUrl: string; clock: () => Date; webhookSecret: string },
): LocalProvider {
  const load = async (id: string, kind: string, executor: Executor = db): Promise<Json | null> => {
    const [row] = await executor.select().from(localProviderObjects).where(eq(localProviderObjects.id, id));
    return row && row.kind === kind ? (row.data as Json) : null;
  };
  const save = async (id: string, kind: string, data: Json) => {
    await db
      .insert(localProviderObjects)
      .values({ id, kind, data, created: options.clock(), updated: options.clock() })
      .onConflictDoUpdate({ target: localProviderObjects.id, set: { data, updated: options.clock() } });
  };
  const event = (type: string, object: Json): ProviderEvent =>
    readEvent({
      id: rid('evt_local'),
      object: 'event',
      type,
      created: unix(options.clock()),
      data: { object },
    });
  const subscriptionEvent = (type: string, sub: Json) => event(`customer.subscription.${type}`, sub);

  const provider: LocalProvider = {
    kind: 'local',
    publishableKey: null,

    async createPaymentIntent(input: CreateIntentInput) {
      // Idempotency: the same key always answers the same intent.
      const existing = await load(`idem_${input.idempotencyKey}`, 'idempotency');
      if (existing && typeof existing.intent === 'string') {
        const intent = await load(existing.intent, 'payment_intent');
        if (intent) return readIntent(intent);
      }
      const id = rid('pi');
      const intent: Json = {
        id,
        object: 'payment_intent',
        amount: input.amountCents,
        currency: 'aud',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        description: input.description,
        receipt_email: input.receiptEmail,
        metadata: { booking_id: String(input.bookingId) },
        last_payment_error: null,
      };
      await save(id, 'payment_intent', intent);
      await save(`idem_${input.idempotencyKey}`, 'idempotency', { intent: id });
      return readIntent(intent);
    },

    async retrievePaymentIntent(id) {
      const intent = await load(id, 'payment_intent');
      if (!intent) throw new ProviderObjectMissingError(`No such payment intent: ${id}`);
      return readIntent(intent);
    },

    async cancelPaymentIntent(id) {
      const intent = await load(id, 'payment_intent');
      if (!intent) throw new ProviderObjectMissingError(`No such payment intent: ${id}`);
      if (intent.status === 'succeeded' || intent.status === 'canceled') return readIntent(intent);
      const canceled = { ...intent, status: 'canceled', canceled_at: unix(options.clock()) };
      await save(id, 'payment_intent', canceled);
      return readIntent(canceled);
    },

    async confirmPayment(clientSecret, card) {
      const id = /^(pi_[a-f0-9]+)_secret_/.exec(clientSecret)?.[1] ?? '';
      const intent = await load(id, 'payment_intent');
      if (!intent || intent.client_secret !== clientSecret)
        throw new PaymentDeclinedError('No such payment.', 'resource_missing');
      if (intent.status === 'succeeded')
        return { intent: readIntent(intent), event: event('payment_intent.succeeded', intent) };
      if (intent.status === 'canceled')
        throw new PaymentDeclinedError('This payment has been cancelled.', 'payment_intent_unexpected_state');
      const fieldError = Object.values(cardFieldErrors(card, options.clock()))[0];
      if (fieldError) throw new PaymentDeclinedError(fieldError, 'incorrect_number');
      const outcome = cardOutcome(card.number);
      if (!outcome.ok) {
        const failed = {
          ...intent,
          status: 'requires_payment_method',
          last_payment_error: { code: outcome.code, message: outcome.message },
        };
        await save(id, 'payment_intent', failed);
        return { intent: readIntent(failed), event: event('payment_intent.payment_failed', failed) };
      }
      const succeeded = { ...intent, status: 'succeeded', last_payment_error: null };
      await save(id, 'payment_intent', succeeded);
      return { intent: readIntent(succeeded), event: event('payment_intent.succeeded', succeeded) };
    },

    async createCheckoutSession(input: CheckoutInput) {
      const id = rid('cs');
      const url = `${options.publicUrl}/local-checkout/${id}`;
      await save(id, 'checkout_session', {
        id,
        object: 'checkout.session',
        url,
        status: 'open',
        mode: 'subscription',
        client_reference_id: String(input.userId),
        customer: input.providerCustomerId,
        customer_email: input.email,
        price: input.providerPriceId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        subscription: null,
      });
      return { id, url };
    },

    getCheckoutSession: (id) => load(id, 'checkout_session'),

    async completeCheckout(id, card) {
      const session = await load(id, 'checkout_session');
      if (!session || session.status !== 'open')
        throw new PaymentDeclinedError('This checkout session is no longer open.', 'session_closed');
      const fieldError = Object.values(cardFieldErrors(card, options.clock()))[0];
      if (fieldError) throw new PaymentDeclinedError(fieldError, 'incorrect_number');
      const outcome = cardOutcome(card.number);
      if (!outcome.ok) throw new PaymentDeclinedError(outcome.message, outcome.code);
      const now = options.clock();
      const customerId = typeof session.customer === 'string' ? session.customer : rid('cus');
      if (typeof session.customer !== 'string')
        await save(customerId, 'customer', {
          id: customerId,
          object: 'customer',
          email: session.customer_email,
        });
      const subscriptionId = rid('sub');
      const subscription: Json = {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'active',
        current_period_start: unix(now),
        current_period_end: unix(addMonths(now, 3)),
        cancel_at_period_end: false,
        canceled_at: null,
        items: { data: [{ price: { id: session.price } }] },
        metadata: { user_id: session.client_reference_id },
      };
      await save(subscriptionId, 'subscription', subscription);
      const completed = {
        ...session,
        status: 'complete',
        customer: customerId,
        subscription: subscriptionId,
      };
      await save(id, 'checkout_session', completed);
      return [
        event('checkout.session.completed', completed),
        subscriptionEvent('created', subscription),
        event('invoice.paid', { object: 'invoice', subscription: subscriptionId, amount_paid: 0 }),
      ];
    },

    async createBillingPortalSession(input) {
      const id = rid('bps');
      const url = `${options.publicUrl}/local-billing/${id}`;
      await save(id, 'portal_session', {
        id,
        object: 'billing_portal.session',
        url,
        customer: input.providerCustomerId,
        return_url: input.returnUrl,
      });
      return { url };
    },

    async getPortalSession(id) {
      const session = await load(id, 'portal_session');
      if (!session) return null;
      const rows = await db
        .select()
        .from(localProviderObjects)
        .where(eq(localProviderObjects.kind, 'subscription'));
      const subscriptions = rows
        .map((row) => row.data as Json)
        .filter((sub) => sub.customer === session.customer);
      return { session, subscriptions: subscriptions.map(readSubscription) };
    },

    async setCancelAtPeriodEnd(portalId, subscriptionId, cancel) {
      const portal = await load(portalId, 'portal_session');
      const sub = await load(subscriptionId, 'subscription');
      if (!portal || !sub || sub.customer !== portal.customer)
        throw new PaymentDeclinedError('No such subscription.', 'resource_missing');
      const updated = {
        ...sub,
        cancel_at_period_end: cancel,
        canceled_at: cancel ? unix(options.clock()) : null,
      };
      await save(subscriptionId, 'subscription', updated);
      return [subscriptionEvent('updated', updated)];
    },

    async renew(subscriptionId) {
      const sub = await load(subscriptionId, 'subscription');
      if (!sub) throw new Error(`No such subscription: ${subscriptionId}`);
      if (sub.cancel_at_period_end === true) {
        const ended = { ...sub, status: 'canceled' };
        await save(subscriptionId, 'subscription', ended);
        return [subscriptionEvent('deleted', ended)];
      }
      const end = new Date(Number(sub.current_period_end) * 1000);
      const renewed = {
        ...sub,
        current_period_start: unix(end),
        current_period_end: unix(addMonths(end, 3)),
      };
      await save(subscriptionId, 'subscription', renewed);
      return [
        event('invoice.paid', { object: 'invoice', subscription: subscriptionId }),
        subscriptionEvent('updated', renewed),
      ];
    },

    async retrieveSubscription(id) {
      const sub = await load(id, 'subscription');
      if (!sub) throw new ProviderObjectMissingError(`No such subscription: ${id}`);
      return readSubscription(sub);
    },

    async refund(input) {
      // Idempotency as Stripe keeps it: the same key answers the same refund, never a second one.
      const existing = await load(`idem_${input.idempotencyKey}`, 'idempotency');
      if (existing && typeof existing.refund === 'string') {
        const refund = await load(existing.refund, 'refund');
        if (refund) return readRefund(refund);
      }
      const intent = await load(input.paymentIntentId, 'payment_intent');
      if (!intent || intent.status !== 'succeeded')
        throw new PaymentDeclinedError('This payment cannot be refunded.', 'charge_not_refundable');
      const refunded = typeof intent.amount_refunded === 'number' ? intent.amount_refunded : 0;
      const amount = Number(intent.amount);
      if (
        !Number.isInteger(input.amountCents) ||
        input.amountCents <= 0 ||
        refunded + input.amountCents > amount
      ) {
        throw new PaymentDeclinedError(
          'The refund is more than what is left of this payment.',
          'amount_too_large',
        );
      }
      const id = rid('re');
      const refund: Json = {
        id,
        object: 'refund',
        amount: input.amountCents,
        currency: 'aud',
        payment_intent: input.paymentIntentId,
        status: 'succeeded',
        created: unix(options.clock()),
      };
      await save(id, 'refund', refund);
      await save(input.paymentIntentId, 'payment_intent', {
        ...intent,
        amount_refunded: refunded + input.amountCents,
      });
      await save(`idem_${input.idempotencyKey}`, 'idempotency', { refund: id });
      return readRefund(refund);
    },

    parseWebhook(rawBody, signature) {
      // Signed exactly as Stripe signs, so that the webhook route is the same for both adapters.
      try {
        return readEvent(Stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret));
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
    },
  };
  return provider;
}

function readRefund(refund: Json): ProviderRefund {
  return {
    id: String(refund.id),
    paymentIntentId: String(refund.payment_intent),
    amountCents: Number(refund.amount),
    status: String(refund.status),
  };
}

export function isLocalProvider(provider: PaymentProvider): provider is LocalProvider {
  return provider.kind === 'local' && 'confirmPayment' in provider;
}
