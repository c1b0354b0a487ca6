/** Stripe-shaped event JSON (from Stripe's webhook or the local simulation) read into ProviderEvents. */
import type { ProviderEvent, ProviderPaymentIntent, ProviderSubscription, IntentStatus } from './provider';
import { isDatabaseId } from '@parking/domain/api-values';

type Json = Record<string, unknown>;

const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value).id);
const intOrNull = (value: unknown): number | null => {
  const text = str(value);
  return text && isDatabaseId(text) ? Number(text) : null;
};

export function readIntent(raw: unknown): ProviderPaymentIntent {
  const intent = obj(raw);
  const error = obj(intent.last_payment_error);
  return {
    id: str(intent.id) ?? '',
    clientSecret: str(intent.client_secret) ?? '',
    amountCents: num(intent.amount) ?? 0,
    currency: str(intent.currency) ?? 'aud',
    status: (str(intent.status) ?? 'requires_payment_method') as IntentStatus,
    bookingId: intOrNull(obj(intent.metadata).booking_id),
    lastError: str(error.message),
  };
}

export function readSubscription(raw: unknown): ProviderSubscription {
  const sub = obj(raw);
  const items = Array.isArray(obj(sub.items).data) ? (obj(sub.items).data as unknown[]) : [];
  const firstItem = obj(items[0]);
  // Newer API versions keep the period on the item; older ones on the subscription.
  const periodEnd = num(sub.current_period_end) ?? num(firstItem.current_period_end) ?? 0;
  const periodStart = num(sub.current_period_start) ?? num(firstItem.current_period_start) ?? periodEnd;
  const canceledAt = num(sub.canceled_at);
  return {
    id: str(sub.id) ?? '',
    customerId: idOf(sub.customer) ?? '',
    priceId: idOf(firstItem.price) ?? '',
    status: str(sub.status) ?? 'incomplete',
    currentPeriodStart: new Date(periodStart * 1000),
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    canceledAt: canceledAt ? new Date(canceledAt * 1000) : null,
    userId: intOrNull(obj(sub.metadata).user_id),
  };
}

export function readEvent(raw: unknown): ProviderEvent {
  const event = obj(raw);
  const id = str(event.id) ?? '';
  const type = str(event.type) ?? '';
  const object = obj(event.data).object;
  switch (type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return { id, type, intent: readIntent(object) };
    case 'checkout.session.completed': {
      const session = obj(object);
      return {
        id,
        type,
        session: {
          id: str(session.id) ?? '',
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          userId: intOrNull(session.client_reference_id),
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { id, type, subscription: readSubscription(object) };
    case 'invoice.paid': {
      const invoice = obj(object);
      const parent = obj(obj(invoice.parent).subscription_details);
      return { id, type, subscriptionId: idOf(invoice.subscription) ?? idOf(parent.subscription) };
    }
    default:
      return { id, type: 'ignored', original: type };
  }
}
