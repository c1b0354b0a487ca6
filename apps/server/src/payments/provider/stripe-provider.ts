/** The Stripe adapter: the real Stripe API through stripe-node (STRIPE_SECRET_KEY and friends). */
import Stripe from 'stripe';
import { paymentRefusalCode } from '@parking/domain/errors';
import { readEvent, readIntent, readSubscription } from './stripe-events';
import {
  PaymentDeclinedError,
  ProviderObjectMissingError,
  WebhookSignatureError,
  type PaymentProvider,
} from './provider';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A Stripe-compatible API elsewhere (tests point this at a local server). */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.apiBase ?? {}),
  });
  const missing = (error: unknown): never => {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.statusCode === 404 || error.code === 'resource_missing')
    ) {
      throw new ProviderObjectMissingError(error.message);
    }
    throw error;
  };
  const declined = (error: unknown): never => {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new PaymentDeclinedError(error.message, paymentRefusalCode(error.code));
    throw error;
  };
  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createPaymentIntent(input) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: input.amountCents,
            currency: 'aud',
            description: input.description,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            metadata: { booking_id: String(input.bookingId) },
            // The methods enabled in Stripe's Dashboard, cards and the wallets (Apple Pay, Google Pay) the
            // traveller's device has, which the Payment Element offers. None that leaves the page: every form
            // confirms in place (redirect: 'if_required'), then with the server.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(declined);
      return readIntent(intent);
    },

    async retrievePaymentIntent(id) {
      return readIntent(await stripe.paymentIntents.retrieve(id).catch(missing));
    },

    async cancelPaymentIntent(id) {
      try {
        return readIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Already paid, or already closed: Stripe refuses to cancel it; answer it as it stands.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          return readIntent(await stripe.paymentIntents.retrieve(id));
        }
        return missing(error);
      }
    },

    async createCheckoutSession(input) {
      // Stripe's hosted Checkout: with no payment_method_types it offers the methods enabled in the Dashboard,
      // Apple Pay and Google Pay among them on a device that has them (on Stripe's own, verified domain).
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: input.providerPriceId, quantity: 1 }],
        client_reference_id: String(input.userId),
        ...(input.providerCustomerId
          ? { customer: input.providerCustomerId }
          : { customer_email: input.email }),
        subscription_data: { metadata: { user_id: String(input.userId) } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createBillingPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.providerCustomerId,
        return_url: input.returnUrl,
      });
      return { url: session.url };
    },

    async retrieveSubscription(id) {
      return readSubscription(await stripe.subscriptions.retrieve(id).catch(missing));
    },

    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: input.idempotencyKey },
      );
      const intent = refund.payment_intent;
      return {
        id: refund.id,
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? input.paymentIntentId),
        amountCents: refund.amount,
        status: refund.status ?? 'pending',
      };
    },

    parseWebhook(rawBody, signature) {
      try {
        return readEvent(stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret));
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
    },
  };
}
