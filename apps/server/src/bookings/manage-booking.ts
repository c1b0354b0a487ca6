/**
 * Manage my booking's use cases, behind its declared actions (bookings/manage-booking-routes.ts): change a
 * booking (made at once, or waiting for the difference to be paid), cancel it, pay what it owes. Each
 * takes plain values, writes in one transaction, then does the network work (provider calls, email)
 * with no lock held.
 */
import { eq } from 'drizzle-orm';
import { manageMessages, type BookingChangeInput } from '@parking/domain/manage-booking';
import type { Cents } from '@parking/domain/money';
import { inTransaction, type RequestContext } from '../context';
import { bookings } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { bookingCancelledMessage, bookingChangedMessage } from './booking-change-emails';
import { manageBookingUrl } from './booking-confirmation';
import { PaymentDeclinedError } from '../payments/provider/provider';
import { cancelBooking, openPaymentIntents } from './booking-cancel';
import { applyChange, type AppliedChange } from './booking-change-apply';
import { assertFlightFitsReturn, manageableBooking, type ChangeRelationships } from './booking-changes';
import { refundBooking, type RefundOutcome } from '../payments/booking-refunds';
import type { BookingRow } from '../db/rows';
import { bookingLedger } from '../payments/ledger';
import { closePayments, openBookingPayment, openChangePayment } from '../payments/online-payment';
import { mailBooking } from '../payments/payment-outcomes';
import { queueMail } from '../mail/queue-mail';

const NOTHING: RefundOutcome = { refundedCents: 0, creditCents: 0 };

/** A provider refusal (nothing left to refund...) is the request's error, in the provider's words. */
async function refund(
  ctx: RequestContext,
  bookingId: number,
  cents: Cents,
  key: string,
): Promise<RefundOutcome> {
  try {
    return await refundBooking(
      {
        database: ctx.services.database,
        provider: ctx.services.payments,
        now: ctx.now,
        userId: ctx.user?.id ?? null,
      },
      bookingId,
      cents,
      key,
    );
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new DomainError(error.code, error.message);
    throw error;
  }
}

async function reload(ctx: RequestContext, bookingId: number): Promise<BookingRow> {
  const [fresh] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!fresh) throw DomainError.notFound();
  return fresh;
}

export interface ChangeOutcome {
  booking: BookingRow;
  applied: AppliedChange;
  /** The card payment of a change waiting for its difference. */
  clientSecret: string | null;
  refund: RefundOutcome;
}

export async function changeManagedBooking(
  ctx: RequestContext,
  bookingId: number,
  input: BookingChangeInput,
  rel: ChangeRelationships,
): Promise<ChangeOutcome> {
  await assertFlightFitsReturn(
    ctx,
    (await manageableBooking(ctx, bookingId, false, 'change')).booking,
    input,
  );
  const applied = await inTransaction(ctx, (tx) => applyChange(tx, bookingId, input, rel));
  // Network calls to the provider only now, with the lot's lock released.
  await closePayments(ctx.services, applied.supersededIntents);
  let clientSecret: string | null = null;
  let outcome = NOTHING;
  if (applied.pendingChangeId !== null) {
    // More to pay: the change is made when its difference is paid (the days it adds are held meanwhile).
    clientSecret = await openChangePayment(ctx, bookingId, applied.pendingChangeId, applied.plan.dueCents);
  } else if (applied.logId !== null) {
    if (applied.plan.refundCents > 0)
      outcome = await refund(ctx, bookingId, applied.plan.refundCents, `change-${applied.logId}`);
    const mail = await mailBooking(ctx.services, bookingId);
    if (mail) {
      const message = bookingChangedMessage(
        mail,
        {
          fields: Object.keys(applied.plan.changed),
          dueCents: applied.plan.dueCents,
          ...outcome,
        },
        {
          timeZone: ctx.services.config.timeZone,
          manageUrl: manageBookingUrl(ctx.services.config, mail),
        },
      );
      await queueMail(ctx.db, message);
    }
  }
  return { booking: await reload(ctx, bookingId), applied, clientSecret, refund: outcome };
}

/** Cancels (once, however often asked), closes the booking's open payments, refunds what is due, emails. */
export async function cancelManagedBooking(
  ctx: RequestContext,
  bookingId: number,
): Promise<{ booking: BookingRow; refundCents: Cents }> {
  const cancelled = await inTransaction(ctx, (tx) => cancelBooking(tx, bookingId));
  // Its open payments can no longer take money; then what was paid goes back.
  await closePayments(ctx.services, await openPaymentIntents(ctx.db, bookingId));
  const outcome = await refund(ctx, bookingId, cancelled.refundCents, `cancel-${bookingId}`);
  if (!cancelled.alreadyCancelled) {
    const mail = await mailBooking(ctx.services, bookingId);
    if (mail) {
      // The refund may have been recorded by a concurrent repeat: the email states what was due.
      const refunded =
        outcome.refundedCents + outcome.creditCents > 0
          ? outcome
          : { refundedCents: cancelled.refundCents, creditCents: 0 };
      const message = bookingCancelledMessage(mail, refunded, {
        timeZone: ctx.services.config.timeZone,
        bookUrl: `${ctx.services.config.publicUrl}/booking/step-1`,
      });
      await queueMail(ctx.db, message);
    }
  }
  return { booking: await reload(ctx, bookingId), refundCents: cancelled.refundCents };
}

/** A card payment for what the booking owes (by the ledger). */
export async function payManagedBalance(
  ctx: RequestContext,
  booking: BookingRow,
): Promise<{ amountCents: Cents; clientSecret: string }> {
  if (booking.status === 'cancelled') throw new DomainError('cancelled', manageMessages.alreadyCancelled);
  const due = (await bookingLedger(ctx.db, booking)).summary.owedCents;
  if (due <= 0) throw new DomainError('nothing_due', manageMessages.nothingDue);
  const clientSecret = await openBookingPayment(ctx, booking.id, due);
  if (!clientSecret) throw new DomainError('nothing_due', manageMessages.nothingDue);
  return { amountCents: due, clientSecret };
}
