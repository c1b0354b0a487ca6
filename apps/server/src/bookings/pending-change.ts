/**
 * A dearer change waiting for its difference (bookings/booking-change-apply.ts): shown on the manage page
 * with what it makes of the booking and how long its places are held, and dropped by the traveller ("Keep my
 * booking as it is", issue 40): its hold is freed at once and its card payment closed.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { PendingChangeAttributes } from '@parking/domain/api-contract/manage-booking';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { gstCents } from '@parking/domain/pricing';
import { inTransaction, type RequestContext } from '../context';
import type { Executor } from '../db/client';
import type { BookingRow } from '../db/rows';
import { bookingChanges, bookingLogs, bookings, payments } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { closePayments } from '../payments/online-payment';
import { offerFreedPlaces } from '../waitlist/waitlist';

type ChangeRow = typeof bookingChanges.$inferSelect;

const text = (values: Record<string, unknown>, key: string, fallback: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value : fallback;
};

/** The booking's change awaiting its payment (at most one: a new change supersedes the one before). */
async function awaitingChange(db: Executor, bookingId: number): Promise<ChangeRow | undefined> {
  const [change] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'awaiting_payment')))
    .orderBy(desc(bookingChanges.created))
    .limit(1);
  return change;
}

/** The pending change as the manage page shows it, or null. */
export async function presentPendingChange(
  db: Executor,
  booking: BookingRow,
): Promise<PendingChangeAttributes | null> {
  if (booking.status === 'cancelled') return null;
  const change = await awaitingChange(db, booking.id);
  if (!change) return null;
  const [payment] = change.paymentIntentId
    ? await db
        .select({ clientSecret: payments.clientSecret })
        .from(payments)
        .where(
          and(
            eq(payments.providerPaymentId, change.paymentIntentId),
            notInArray(payments.status, ['succeeded', 'canceled']),
          ),
        )
    : [];
  const values = change.values as Record<string, unknown>;
  const endDatetime = text(values, 'endDatetime', booking.endDatetime?.toISOString() ?? '');
  const totalCost = text(values, 'totalCost', booking.totalCost);
  return {
    startDatetime: new Date(text(values, 'startDatetime', booking.startDatetime.toISOString())).toISOString(),
    endDatetime: endDatetime ? new Date(endDatetime).toISOString() : null,
    parkingCost: text(values, 'parkingCost', booking.parkingCost),
    subscriptionDiscount: text(values, 'subscriptionDiscount', booking.subscriptionDiscount),
    amountDiscounted: text(values, 'amountDiscounted', booking.amountDiscounted),
    extrasCost: text(values, 'extrasCost', booking.extrasCost),
    totalCost,
    gst: formatMoney(gstCents(parseMoney(totalCost))),
    changed: Object.keys(change.changed as Record<string, unknown>),
    amountDue: change.amount,
    holdExpires: new Date(change.created.getTime() + PENDING_HOLD_MS).toISOString(),
    clientSecret: payment?.clientSecret ?? null,
    promoDropped: values.promoCode === '' && booking.promoCode ? booking.promoCode : null,
  };
}

/**
 * Drops the booking's change awaiting payment, if it has one (asking again changes nothing): the places it
 * held are free when this commits, offered to the waitlist, and its card payment is closed after.
 */
export async function withdrawPendingChange(ctx: RequestContext, bookingId: number): Promise<void> {
  const intents = await inTransaction(ctx, async (tx) => {
    const [booking] = await tx.db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw DomainError.notFound();
    const dropped = await tx.db
      .update(bookingChanges)
      .set({ status: 'cancelled' })
      .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'awaiting_payment')))
      .returning({ id: bookingChanges.id, intent: bookingChanges.paymentIntentId });
    if (dropped.length === 0) return [];
    await tx.db.insert(bookingLogs).values({
      bookingId,
      userId: tx.user?.id ?? null,
      timestamp: tx.now,
      action: 'change_withdrawn',
      info: { change: dropped.map((row) => row.id).join(', ') },
    });
    // The days it held may be a waitlisted traveller's place.
    await offerFreedPlaces(tx, booking.lotId);
    return dropped.flatMap((row) => (row.intent ? [row.intent] : []));
  });
  await closePayments(ctx.services, intents);
}
