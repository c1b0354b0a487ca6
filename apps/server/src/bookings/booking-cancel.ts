/** A traveller's cancellation (manage my booking), the booking's open payments, and its extras by name. */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { cancellationRefund } from '@parking/domain/manage-booking';
import { formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import { type RequestContext } from '../context';
import type { Executor } from '../db/client';
import { bookingChanges, bookingExtras, bookingLogs, bookings, extras, payments } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { bookingLedger, moveOnAccount, syncBookingMoney } from '../payments/ledger';
import { refundDue } from '../payments/booking-refunds';

import { manageableBooking } from './booking-changes';
import { offerFreedPlaces } from '../waitlist/waitlist';
import { queueWalletPassUpdate } from '../wallet/wallet-queue';

/** Cancels the booking once: the space is free as soon as this commits. Answers the refund due. */
export async function cancelBooking(
  ctx: RequestContext,
  bookingId: number,
  /** card: the refund due goes back the way it was paid; account: a partner's booking, its account credited. */
  settle: 'card' | 'account' = 'card',
): Promise<{ refundCents: Cents; alreadyCancelled: boolean }> {
  const [current] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!current) throw DomainError.notFound();
  if (current.status === 'cancelled') {
    const [log] = await ctx.db
      .select({ info: bookingLogs.info })
      .from(bookingLogs)
      .where(and(eq(bookingLogs.bookingId, bookingId), eq(bookingLogs.action, 'cancelled')))
      .limit(1);
    const refund = (log?.info as { refund?: string } | undefined)?.refund;
    return { refundCents: refund ? parseMoney(refund) : 0, alreadyCancelled: true };
  }
  const { booking } = await manageableBooking(ctx, bookingId, false, 'cancel');
  const { summary } = await bookingLedger(ctx.db, booking);
  const decision = cancellationRefund(
    {
      startDatetime: booking.startDatetime,
      now: ctx.now,
      totalCents: parseMoney(booking.totalCost),
      extrasCents: parseMoney(booking.extrasCost),
      paidCents: summary.netPaidCents,
    },
    ctx.services.config.manageBooking,
  );
  await ctx.db
    .update(bookings)
    .set({ status: 'cancelled', updated: ctx.now })
    .where(eq(bookings.id, bookingId));
  // A cancelled booking's wallet pass is voided.
  await queueWalletPassUpdate(ctx.db, bookingId);
  // Changes waiting for their payment go with the booking; its open payments are closed after commit.
  await ctx.db
    .update(bookingChanges)
    .set({ status: 'cancelled' })
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'awaiting_payment')));
  await ctx.db.insert(bookingLogs).values({
    bookingId,
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    action: 'cancelled',
    info: {
      status: [booking.status, 'cancelled'],
      source: settle === 'account' ? 'partner-api' : 'manage-booking',
      refund: formatMoney(decision.refundCents),
      retained: formatMoney(decision.retainedCents),
    },
  });
  if (settle === 'account')
    await moveOnAccount(ctx.db, {
      bookingId,
      cents: -decision.refundCents,
      key: `cancel-${bookingId}`,
      now: ctx.now,
      note: 'Cancelled by the partner',
    });
  else
    await refundDue(ctx.db, {
      bookingId,
      key: `cancel-${bookingId}`,
      cents: decision.refundCents,
      userId: ctx.user?.id ?? null,
      now: ctx.now,
      reason: 'cancellation',
    });
  await syncBookingMoney(ctx.db, bookingId);
  // The place is free: the first on the lot's waitlist whose stay now fits is offered it.
  await offerFreedPlaces(ctx, booking.lotId);
  ctx.defer(async () => ctx.services.metrics?.booking('cancelled'));
  return { refundCents: decision.refundCents, alreadyCancelled: false };
}

/** The booking's card payments that can still take money: closed at the provider when it is cancelled. */
export async function openPaymentIntents(db: Executor, bookingId: number): Promise<string[]> {
  const rows = await db
    .select({ intent: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), notInArray(payments.status, ['succeeded', 'canceled'])));
  return rows.map((row) => row.intent);
}

/** The extras of a booking with their names, for the manage page and the emails. */
export async function bookingExtrasWithNames(db: Executor, bookingId: number) {
  const rows = await db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId));
  if (rows.length === 0) return [];
  const named = await db
    .select({ id: extras.id, name: extras.name })
    .from(extras)
    .where(
      inArray(
        extras.id,
        rows.map((row) => row.extraId),
      ),
    );
  return rows.map((row) => ({
    id: row.extraId,
    name: named.find((extra) => extra.id === row.extraId)?.name ?? '',
    price: row.price,
  }));
}
