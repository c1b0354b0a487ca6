/**
 * What a payment provider's events do to our data. The webhook, the browser's confirmation and the
 * local simulation all land here; each event and each payment is applied exactly once.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatMoney, parseMoney } from '@parking/domain/money';
import type { Database, Executor } from '../db/client';
import { bookingLogs, bookings, payments, prices, providerEvents, subscriptions } from '../db/schema/index';
import { refundedCents } from './booking-refunds';
import { paymentFields, recordBookingMoney } from './payment-audit';
import type { PaymentProvider, ProviderEvent, ProviderPaymentIntent, ProviderSubscription } from '../payments/provider';
import { PENDING_HOLD_MS } from './pricing-data';

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

/** A payment that has just been applied: the booking it confirmed (or paid more of) and how much. */
export interface AppliedPayment {
  bookingId: number;
  /** 'confirmation' when this payment confirmed the booking, 'receipt' for a later payment. */
  kind: 'confirmation' | 'receipt';
  amountCents: number;
}

const AWAITING_PAYMENT = ['pending', 'payment_failed', 'abandoned'];

/**
 * Marks a booking paid for a succeeded intent, once, however many times it is told: the conditional
 * update of the payment row lets exactly one caller through (the webhook or the browser's
 * confirmation, whichever comes first), and only that caller gets the payment back to email about.
 */
export async function applySucceededIntent(db: Executor, intent: ProviderPaymentIntent, now: Date, source: string): Promise<AppliedPayment | null> {
  if (intent.status !== 'succeeded') return null;
  const [payment] = await db
    .update(payments)
    .set({ status: 'succeeded' })
    .where(and(eq(payments.providerPaymentId, intent.id), ne(payments.status, 'succeeded')))
    .returning();
  if (!payment) return null;
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.bookingId, payment.bookingId), eq(payments.status, 'succeeded')));
  // Net of what has gone back to the card (a cheaper change, a cancellation): see booking-refunds.
  const amountPaid = formatMoney(Math.max(0, parseMoney(paid?.total ?? '0') - (await refundedCents(db, payment.bookingId))));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update');
  if (!booking) return null;
  const fullyPaid = parseMoney(amountPaid) >= parseMoney(booking.totalCost);
  const change = {
    // A paid online booking is confirmed, even if its hold had lapsed meanwhile.
    status: AWAITING_PAYMENT.includes(booking.status) ? 'complete' : booking.status,
    paymentStatus: fullyPaid ? 'paid' : booking.paymentStatus,
    paymentMethod: 'stripe',
    amountPaid,
    paymentDatetime: now,
    stripeComplete: fullyPaid,
  };
  await db
    .update(bookings)
    .set({ ...change, updated: now })
    .where(eq(bookings.id, booking.id));
  // The audit trail: who paid (the person who opened the payment: staff at Make Payment, the
  // traveller online), or the system when reconciliation found the payment at the provider.
  const reconciled = source === 'reconciliation';
  await recordBookingMoney(db, {
    bookingId: booking.id,
    userId: reconciled ? null : payment.createdById,
    action: reconciled ? 'reconciliation' : 'payment',
    timestamp: now,
    before: paymentFields(booking),
    after: paymentFields(change),
    detail: { amount: formatMoney(intent.amountCents), paymentIntent: intent.id, source },
  });
  await db.insert(bookingLogs).values({
    bookingId: booking.id,
    userId: payment.createdById,
    timestamp: now,
    action: 'payment_succeeded',
    info: { amount: formatMoney(intent.amountCents), paymentIntent: intent.id, source },
  });
  return { bookingId: booking.id, kind: AWAITING_PAYMENT.includes(booking.status) ? 'confirmation' : 'receipt', amountCents: intent.amountCents };
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

async function upsertSubscription(db: Executor, sub: ProviderSubscription, now: Date, deleted: boolean): Promise<void> {
  const [existing] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
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
    canceledAt: sub.cancelAtPeriodEnd || sub.status === 'canceled' || deleted ? (sub.canceledAt ?? now) : null,
    valid: !deleted && VALID_STATUSES.has(sub.status),
  };
  if (existing) await db.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
  else await db.insert(subscriptions).values({ ...values, created: now });
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
  options: { onPaid?: (payment: AppliedPayment) => Promise<void>; beforeCommit?: () => Promise<void> } = {},
): Promise<EventOutcome> {
  if (event.type === 'ignored') return 'ignored';
  // A renewal's new period lives on the subscription: read it before the transaction (network call).
  const renewed = event.type === 'invoice.paid' && event.subscriptionId ? await provider.retrieveSubscription(event.subscriptionId) : null;
  let applied: AppliedPayment | null = null;
  const outcome = await database.transaction(async (tx): Promise<EventOutcome> => {
    const [fresh] = await tx.insert(providerEvents).values({ eventId: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning();
    if (!fresh) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded':
        applied = await applySucceededIntent(tx, event.intent, now, 'webhook');
        break;
      case 'payment_intent.payment_failed':
        await applyFailedIntent(tx, event.intent, now);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        await upsertSubscription(tx, event.subscription, now, false);
        break;
      case 'customer.subscription.deleted':
        await upsertSubscription(tx, event.subscription, now, true);
        break;
      case 'invoice.paid':
        if (renewed) await upsertSubscription(tx, renewed, now, false);
        break;
      case 'checkout.session.completed':
        // The subscription itself arrives as customer.subscription.created.
        break;
    }
    await options.beforeCommit?.();
    return 'handled';
  });
  if (applied && options.onPaid) await options.onPaid(applied);
  return outcome;
}

/** Pending online bookings whose hold (PENDING_HOLD_MS) has lapsed give their space back. */
export async function abandonStaleBookings(database: Database, now: Date, holdMs = PENDING_HOLD_MS): Promise<number> {
  const cutoff = new Date(now.getTime() - holdMs);
  return database.transaction(async (tx) => {
    const stale = await tx
      .update(bookings)
      .set({ status: 'abandoned', updated: now })
      .where(and(inArray(bookings.status, ['pending']), sql`${bookings.created} < ${cutoff.toISOString()}::timestamptz`))
      .returning({ id: bookings.id });
    if (stale.length) {
      await tx.insert(bookingLogs).values(stale.map((row) => ({ bookingId: row.id, userId: null, timestamp: now, action: 'abandoned', info: {} })));
    }
    return stale.length;
  });
}

/**
 * Card payments our database does not know the end of, checked against the provider: a process
 * killed after the provider took the money and before the booking was marked paid (or a webhook
 * that never arrived) is put right at the next start-up. Idempotent, like every other path here.
 */
export async function reconcilePayments(
  database: Database,
  provider: PaymentProvider,
  now: Date,
  options: { sinceMs?: number; limit?: number } = {},
): Promise<{ checked: number; applied: number; failed: number }> {
  const since = new Date(now.getTime() - (options.sinceMs ?? 7 * 24 * 60 * 60_000));
  const open = await database
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(ne(payments.status, 'succeeded'), eq(payments.provider, provider.kind), sql`${payments.created} >= ${since.toISOString()}::timestamptz`))
    .orderBy(payments.id)
    .limit(options.limit ?? 500);
  let applied = 0;
  let failed = 0;
  for (const { providerPaymentId } of open) {
    try {
      const intent = await provider.retrievePaymentIntent(providerPaymentId);
      if (intent.status !== 'succeeded') continue;
      if (await database.transaction((tx) => applySucceededIntent(tx, intent, now, 'reconciliation'))) applied += 1;
    } catch (error) {
      failed += 1;
      console.error(`Payment ${providerPaymentId} could not be reconciled:`, error instanceof Error ? error.message : error);
    }
  }
  return { checked: open.length, applied, failed };
}
