/**
 * The card payment provider, as the rest of the server sees it. Two adapters: `stripe` (the real
 * Stripe API through stripe-node) and `local` (an in-process simulation with the same shapes and
 * Stripe's test cards). Nothing outside payments/ knows which one runs.
 */
import type { PaymentRefusalCode } from '@parking/domain/errors';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface ProviderPaymentIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  bookingId: number | null;
  lastError: string | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  priceId: string;
  status: string;
  /** The period paid for last: from its start to its end. */
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  userId: number | null;
}

export type ProviderEvent =
  | {
      id: string;
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
      intent: ProviderPaymentIntent;
    }
  | {
      id: string;
      type: 'checkout.session.completed';
      session: {
        id: string;
        customerId: string | null;
        subscriptionId: string | null;
        userId: number | null;
      };
    }
  | {
      id: string;
      type:
        'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
      subscription: ProviderSubscription;
    }
  | { id: string; type: 'invoice.paid'; subscriptionId: string | null }
  | { id: string; type: 'ignored'; original: string };

export interface CreateIntentInput {
  amountCents: number;
  bookingId: number;
  description: string;
  receiptEmail: string | null;
  /** Same key, same intent: a retried request never charges twice. */
  idempotencyKey: string;
}

export interface CheckoutInput {
  providerPriceId: string;
  userId: number;
  email: string;
  providerCustomerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  /** Same key, same refund: a repeated cancellation never refunds twice. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  /** What the browser needs to take a card (Stripe's publishable key, or nothing for the local form). */
  readonly publishableKey: string | null;
  createPaymentIntent(input: CreateIntentInput): Promise<ProviderPaymentIntent>;
  /** The provider's own record of a payment; ProviderObjectMissingError when it has none. */
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent>;
  /**
   * Closes a payment that has not been paid, so that it can no longer take money (a cancelled booking's
   * open payment). Answers the payment as it stands: 'canceled', or 'succeeded' when it was paid first.
   */
  cancelPaymentIntent(id: string): Promise<ProviderPaymentIntent>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  createBillingPortalSession(input: {
    providerCustomerId: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** ProviderObjectMissingError when the provider has no such subscription. */
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Gives (part of) a succeeded payment back to the card it came from. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Verifies a webhook's signature and reads it; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}

/** The provider has no object with that id (a forged or foreign event names one). */
export class ProviderObjectMissingError extends Error {}

/** A provider refusal the customer can act on (declined card...), with the provider's own words. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: PaymentRefusalCode,
  ) {
    super(message);
  }
}

/** The intent id inside a client secret ("pi_123_secret_abc" → "pi_123"). */
export function intentIdFromSecret(clientSecret: string): string | null {
  const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match?.[1] ?? null;
}
