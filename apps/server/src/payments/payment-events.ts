/**
 * What a payment provider's events do to our data. The webhook, the browser's confirmation and the
 * local simulation all land here; each event and each payment is applied exactly once.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import { businessDate } from '@parking/domain/dates';
import type { RefusedPaymentReason } from '@parking/domain/ledger';
import { formatMoney, parseMoney } from '@parking/domain/money';
import type { Database, Executor } from '../db/client';
import {
  bookingChanges,
  bookingLogs,
  bookings,
  lots,
  payments,
  prices,
  providerEvents,
  subscriptions,
} from '../db/schema/index';
import {
  ProviderObjectMissingError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderSubscription,
} from './provider/provider';
import { applyPaidChange } from '../bookings/booking-change-apply';
import { refundDue } from './booking-refunds';
import { recordMovement, syncBookingMoney } from './ledger';
import { paymentFields, recordBookingMoney } from './payment-audit';
import { takesPlace } from '@parking/domain/capacity';
import { websitePresentByDay } from '../pricing/partner-holds';
import { enqueue } from '../db/job-queue';
import { queueSubscriptionInvoice } from '../subscriptions/subscription-invoice';
import { metricsFor } from '../observability/metrics';

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * A payment that has just been applied: the booking it confirmed (or paid more of), or a payment that
 * could not be kept (the booking was cancelled, or its place was given up and the lot has filled since)
 * and is refunded at once.
 */
export interface AppliedPayment {
  bookingId: number;
  /** 'confirmation' confirmed the booking, 'receipt' paid more of it (or a change), 'refused' is refunded. */
  kind: 'confirmation' | 'receipt' | 'refused';
  amountCents: number;
  intentId: string;
  /** Why a refused payment could not be kept. */
  reason?: RefusedPaymentReason;
  /** The change (booking_changes) this payment applied. */
  changeId?: number;
}

const AWAITING_PAYMENT = ['pending', 'payment_failed', 'abandoned'];

/** The refund key of a payment that could not be kept (booking-refunds settles it). */
export const refusedPaymentKey = (intentId: string) => `refused-${intentId}`;

/**
 * Applies a succeeded payment intent once, however many times it is told: the conditional update of
 * the payment row lets exactly one caller through (the webhook, the browser's confirmation or the
 * reconciliation, whichever comes first). The intent is the provider's own answer (retrieved, never an
 * event's word); its amount, currency and booking must match the payment we opened.
 *
 * The money is recorded in the ledger whatever happens next (the provider has it). A booking that is
 * no longer holding its place (its payment failed or its hold lapsed) gets it back only if the lot
 * still has room, checked under the lot's lock like a new booking; a change awaiting this payment is
 * applied only if the days it adds still fit. Otherwise the payment is refused: a refund is due at
 * once (written in this transaction, made by the caller after commit, or by the sweep).
 */
export async function applySucceededIntent(
  db: Executor,
  intent: ProviderPaymentIntent,
  now: Date,
  source: string,
  timeZone: string,
): Promise<AppliedPayment | null> {
  if (intent.status !== 'succeeded') return null;
  const [opened] = await db.select().from(payments).where(eq(payments.providerPaymentId, intent.id));
  if (!opened) return null;
  if (
    intent.amountCents !== parseMoney(opened.amount) ||
    intent.currency.toLowerCase() !== 'aud' ||
    intent.bookingId !== opened.bookingId
  ) {
    console.error(
      `Payment ${intent.id} does not match the payment opened (amount ${intent.amountCents} ${intent.currency}, booking ${String(intent.bookingId)}): not applied`,
    );
    return null;
  }
  const [payment] = await db
    .update(payments)
    .set({ status: 'succeeded' })
    .where(and(eq(payments.id, opened.id), ne(payments.status, 'succeeded')))
    .returning();
  if (!payment) return null;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update');
  if (!booking) return null;
  await recordMovement(db, {
    bookingId: booking.id,
    kind: 'payment',
    method: 'stripe',
    amountCents: intent.amountCents,
    reference: intent.id,
    key: `payment:${intent.id}`,
    userId: payment.createdById,
    at: now,
  });

  const outcome = await decidePayment(db, booking, intent.id, now, timeZone);
  if (outcome.kind === 'confirmation') {
    await db.update(bookings).set({ status: 'complete', updated: now }).where(eq(bookings.id, booking.id));
  }
  if (outcome.kind === 'refused') {
    await refundDue(db, {
      bookingId: booking.id,
      key: refusedPaymentKey(intent.id),
      cents: intent.amountCents,
      userId: null,
      now,
      reason: outcome.reason ?? 'cancelled',
    });
  }
  const synced = await syncBookingMoney(db, booking.id);
  // The audit trail: who paid (the person who opened the payment: staff at Make Payment, the
  // traveller online), or the system when reconciliation found the payment at the provider.
  const reconciled = source === 'reconciliation';
  await recordBookingMoney(db, {
    bookingId: booking.id,
    userId: reconciled ? null : payment.createdById,
    action: reconciled ? 'reconciliation' : 'payment',
    timestamp: now,
    before: paymentFields(booking),
    after: paymentFields(synced?.after ?? booking),
    detail: { amount: formatMoney(intent.amountCents), paymentIntent: intent.id, source },
  });
  await db.insert(bookingLogs).values({
    bookingId: booking.id,
    userId: payment.createdById,
    timestamp: now,
    action: 'payment_succeeded',
    info: { amount: formatMoney(intent.amountCents), paymentIntent: intent.id, source },
  });
  const applied: AppliedPayment = {
    bookingId: booking.id,
    kind: outcome.kind,
    amountCents: intent.amountCents,
    intentId: intent.id,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    ...(outcome.changeId ? { changeId: outcome.changeId } : {}),
  };
  // What follows (the email, or the refund of a payment that could not be kept) is queued with the payment,
  // whichever path applied it (webhook, browser, card form, reconciliation): once per payment intent.
  await enqueue(
    db,
    { kind: 'payment-outcome', payment: applied, to: booking.email },
    `payment-outcome:${intent.id}`,
  );
  return applied;
}

/** What a succeeded payment does to its booking (see applySucceededIntent). */
async function decidePayment(
  db: Executor,
  booking: typeof bookings.$inferSelect,
  intentId: string,
  now: Date,
  timeZone: string,
): Promise<{ kind: AppliedPayment['kind']; reason?: RefusedPaymentReason; changeId?: number }> {
  const [change] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.paymentIntentId, intentId), eq(bookingChanges.status, 'awaiting_payment')))
    .limit(1);
  if (booking.status === 'cancelled' || booking.status === 'error') {
    if (change)
      await db.update(bookingChanges).set({ status: 'cancelled' }).where(eq(bookingChanges.id, change.id));
    return { kind: 'refused', reason: 'cancelled' };
  }
  if (change) {
    const refused = await applyPaidChange(db, booking, change, now, timeZone);
    return refused ? { kind: 'refused', reason: refused } : { kind: 'receipt', changeId: change.id };
  }
  if (!AWAITING_PAYMENT.includes(booking.status)) return { kind: 'receipt' };
  // Still held (pending, inside its hold): its place was counted all along.
  if (takesPlace(booking.status, booking.created.getTime(), now.getTime())) return { kind: 'confirmation' };
  // Its place was given up (declined card, lapsed hold): it must fit again, as a new booking must.
  const [lot] = await db.select().from(lots).where(eq(lots.id, booking.lotId)).for('update');
  if (!lot) return { kind: 'refused', reason: 'no_space' };
  const end = booking.endDatetime ?? booking.startDatetime;
  // Counted as the website counts a new booking: the cars present and the places held for partners.
  const present = await websitePresentByDay(db, {
    lotIds: [lot.id],
    startDate: businessDate(booking.startDatetime, timeZone),
    endDate: businessDate(end, timeZone),
    timeZone,
    now,
    excludeBookingId: booking.id,
  });
  if (stayExceedsThreshold(present.get(lot.id) ?? [], lot.spaces, lot.fillRateThreshold)) {
    await db.update(bookings).set({ status: 'cancelled', updated: now }).where(eq(bookings.id, booking.id));
    await db.insert(bookingLogs).values({
      bookingId: booking.id,
      userId: null,
      timestamp: now,
      action: 'cancelled',
      info: { status: [booking.status, 'cancelled'], source: 'payment', reason: 'no_space' },
    });
    return { kind: 'refused', reason: 'no_space' };
  }
  return { kind: 'confirmation' };
}

async function applyFailedIntent(db: Executor, intent: ProviderPaymentIntent, now: Date): Promise<void> {
  const [payment] = await db
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.providerPaymentId, intent.id), ne(payments.status, 'succeeded')))
    .returning();
  if (!payment) return;
  // The customer may try another card; the booking says why it is not confirmed yet.
  await db
    .update(bookings)
    .set({ status: 'payment_failed', updated: now })
    .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'pending')));
  await db.insert(bookingLogs).values({
    bookingId: payment.bookingId,
    userId: null,
    timestamp: now,
    action: 'payment_failed',
    info: { paymentIntent: intent.id, message: intent.lastError ?? '' },
  });
}

const VALID_STATUSES = new Set(['active', 'trialing', 'past_due']);

async function upsertSubscription(
  db: Executor,
  sub: ProviderSubscription,
  now: Date,
  deleted: boolean,
): Promise<void> {
  const [existing] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, sub.id));
  const [price] = await db
    .select({ id: prices.id })
    .from(prices)
    .where(sql`${prices.providerPriceId} = ${sub.priceId} OR 'local_price_' || ${prices.id} = ${sub.priceId}`)
    .limit(1);
  const userId = existing?.userId ?? sub.userId;
  if (!price || userId === null) return;
  const values = {
    userId,
    priceId: price.id,
    providerSubscriptionId: sub.id,
    providerCustomerId: sub.customerId,
    endDatetime: sub.currentPeriodEnd,
    // Cancelled at period end: still valid until then (spec: "cancelled but still valid").
    canceledAt:
      sub.cancelAtPeriodEnd || sub.status === 'canceled' || deleted ? (sub.canceledAt ?? now) : null,
    valid: !deleted && VALID_STATUSES.has(sub.status),
  };
  if (existing) await db.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
  else await db.insert(subscriptions).values({ ...values, created: now });
}

/**
 * An event is never believed on its own word: the payment or subscription it names is read back from
 * the provider (network calls, made before the transaction) and only what the provider answers is
 * applied. A signed event about an object the provider does not have changes nothing.
 */
async function readBack(provider: PaymentProvider, event: ProviderEvent) {
  const read = async <T>(load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ProviderObjectMissingError) return null;
      throw error;
    }
  };
  let intent: ProviderPaymentIntent | null = null;
  let subscription: ProviderSubscription | null = null;
  let renewed: ProviderSubscription | null = null;
  let missing = false;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      intent = await read(() => provider.retrievePaymentIntent(event.intent.id));
      missing = intent === null;
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      subscription = await read(() => provider.retrieveSubscription(event.subscription.id));
      missing = subscription === null;
      break;
    case 'invoice.paid':
      // A renewal's new period lives on the subscription.
      if (event.subscriptionId)
        renewed = await read(() => provider.retrieveSubscription(event.subscriptionId ?? ''));
      break;
    default:
      break;
  }
  return { intent, subscription, renewed, missing };
}

/**
 * Applies one provider event. Events are recorded in provider_events in the same transaction as
 * their effect, so a redelivered event finds itself there and changes nothing. `onPaid` runs once
 * the transaction has committed, for a payment this event applied (the booking emails).
 */
export async function handleProviderEvent(
  database: Database,
  provider: PaymentProvider,
  event: ProviderEvent,
  now: Date,
  options: {
    timeZone: string;
    onPaid?: (payment: AppliedPayment) => Promise<void>;
    beforeCommit?: () => Promise<void>;
  },
): Promise<EventOutcome> {
  if (event.type === 'ignored') return 'ignored';
  const { intent, subscription, renewed, missing } = await readBack(provider, event);
  if (missing) return 'ignored';
  let applied: AppliedPayment | null = null;
  const outcome = await database.transaction(async (tx): Promise<EventOutcome> => {
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded':
        if (intent) applied = await applySucceededIntent(tx, intent, now, 'webhook', options.timeZone);
        break;
      case 'payment_intent.payment_failed':
        if (intent && intent.status !== 'succeeded') await applyFailedIntent(tx, intent, now);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        if (subscription) await upsertSubscription(tx, subscription, now, subscription.status === 'canceled');
        break;
      case 'invoice.paid':
        // A subscription payment, the first or a renewal: recorded, and its tax invoice emailed.
        if (renewed) {
          await upsertSubscription(tx, renewed, now, false);
          const period = { periodStart: renewed.currentPeriodStart, periodEnd: renewed.currentPeriodEnd };
          await queueSubscriptionInvoice(
            tx,
            { providerSubscriptionId: renewed.id, ...period },
            event.id,
            now,
          );
        }
        break;
      case 'checkout.session.completed':
        // The subscription itself arrives as customer.subscription.created.
        break;
    }
    await options.beforeCommit?.();
    return 'handled';
  });
  if (applied) metricsFor(database)?.cardPayment(applied);
  if (applied && options.onPaid) await options.onPaid(applied);
  return outcome;
}
