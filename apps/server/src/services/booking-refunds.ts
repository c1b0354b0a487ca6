/**
 * Money back to the traveller: a cancellation's refund, or what a cheaper change leaves over. The
 * provider is asked (a network call) outside any lock, with an idempotency key per reason and
 * payment; the result is recorded once, under the booking's lock, as a `refunded` booking log.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import type { RequestContext } from '../context';
import type { Executor } from '../db/client';
import { bookingLogs, bookings, payments } from '../db/schema/index';
import { inTransaction } from '../http/context';
import { paymentFields, recordBookingMoney } from './payment-audit';

interface RefundLine {
  paymentIntent: string;
  refund: string;
  amount: string;
}

/** Each card payment of a booking with what has already gone back to it. */
async function refundablePayments(db: Executor, bookingId: number) {
  const paid = await db
    .select({ intent: payments.providerPaymentId, amount: payments.amount, created: payments.created })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  const logs = await db
    .select({ info: bookingLogs.info })
    .from(bookingLogs)
    .where(and(eq(bookingLogs.bookingId, bookingId), eq(bookingLogs.action, 'refunded')));
  const refunded = new Map<string, Cents>();
  for (const log of logs) {
    for (const line of ((log.info as { refunds?: RefundLine[] }).refunds ?? [])) {
      refunded.set(line.paymentIntent, (refunded.get(line.paymentIntent) ?? 0) + parseMoney(line.amount));
    }
  }
  // The latest payment first: a change's difference goes back to the card that paid it.
  return paid
    .map((row) => ({ intent: row.intent, left: parseMoney(row.amount) - (refunded.get(row.intent) ?? 0), created: row.created }))
    .filter((row) => row.left > 0)
    .sort((a, b) => b.created.getTime() - a.created.getTime());
}

/** Whether the refund for this reason has been recorded already. */
async function refundRecorded(db: Executor, bookingId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingLogs.id })
    .from(bookingLogs)
    .where(and(eq(bookingLogs.bookingId, bookingId), eq(bookingLogs.action, 'refunded'), sql`${bookingLogs.info}->>'key' = ${key}`))
    .limit(1);
  return Boolean(row);
}

export interface RefundOutcome {
  /** Back to the card through the provider. */
  refundedCents: Cents;
  /** Owed back but paid some other way (cash, account): recorded as a credit for staff to settle. */
  creditCents: Cents;
}

/**
 * Refunds `cents` of a booking for one reason (`key`, e.g. `cancel-12`). Calling it again with the
 * same key changes nothing: the provider answers the same refunds and the log is written once.
 */
export async function refundBooking(ctx: RequestContext, bookingId: number, cents: Cents, key: string, options: { cancelled: boolean }): Promise<RefundOutcome> {
  if (cents <= 0 || (await refundRecorded(ctx.db, bookingId, key))) return { refundedCents: 0, creditCents: 0 };
  const lines: RefundLine[] = [];
  let left = cents;
  for (const payment of await refundablePayments(ctx.db, bookingId)) {
    if (left <= 0) break;
    const amount = Math.min(left, payment.left);
    const refund = await ctx.services.payments.refund({ paymentIntentId: payment.intent, amountCents: amount, idempotencyKey: `${key}-${payment.intent}` });
    lines.push({ paymentIntent: payment.intent, refund: refund.id, amount: formatMoney(refund.amountCents) });
    left -= refund.amountCents;
  }
  const refundedCents = cents - left;
  return inTransaction(ctx, async (tx) => {
    const [booking] = await tx.db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    // A concurrent repeat of the same request got here first: the provider gave it the same refunds.
    if (!booking || (await refundRecorded(tx.db, bookingId, key))) return { refundedCents: 0, creditCents: 0 };
    await tx.db.insert(bookingLogs).values({
      bookingId,
      userId: ctx.user?.id ?? null,
      timestamp: tx.now,
      action: 'refunded',
      info: { key, amount: formatMoney(refundedCents), credit: formatMoney(left), refunds: lines },
    });
    const change = {
      amountPaid: formatMoney(Math.max(0, parseMoney(booking.amountPaid) - cents)),
      paymentStatus: options.cancelled ? 'refunded' : booking.paymentStatus,
    };
    await tx.db
      .update(bookings)
      .set({ ...change, updated: tx.now })
      .where(eq(bookings.id, bookingId));
    // The audit trail: who asked for it (the traveller's login, none for a guest's emailed access).
    await recordBookingMoney(tx.db, {
      bookingId,
      userId: ctx.user?.id ?? null,
      action: 'refund',
      timestamp: tx.now,
      before: paymentFields(booking),
      after: paymentFields({ ...booking, ...change }),
      detail: { key, amount: formatMoney(refundedCents), credit: formatMoney(left), refunds: lines.map((line) => ({ ...line })) },
    });
    return { refundedCents, creditCents: left };
  });
}

/** What has gone back to the cards of a booking, in all (for the card payments' running total). */
export async function refundedCents(db: Executor, bookingId: number): Promise<Cents> {
  const rows = await db
    .select({ amount: sql<string>`coalesce(sum((${bookingLogs.info}->>'amount')::numeric), 0)::text` })
    .from(bookingLogs)
    .where(and(eq(bookingLogs.bookingId, bookingId), eq(bookingLogs.action, 'refunded')));
  return parseMoney(Number(rows[0]?.amount ?? '0').toFixed(2));
}
