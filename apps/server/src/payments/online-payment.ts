/** Opens the card payment of a saved online booking: a provider payment intent and its client secret. */
import { and, eq, ne } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_PATTERN } from '@parking/domain/constants';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { balanceToPayCents } from '@parking/domain/stay-phase';
import type { RequestContext, Services } from '../context';
import { bookingChanges, bookings, payments } from '../db/schema/index';
import {
  intentIdFromSecret,
  ProviderObjectMissingError,
  type ProviderPaymentIntent,
} from './provider/provider';
import { DomainError } from '@parking/domain/errors';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';

/** What opening a card payment reads of its booking. */
export type PayableBooking = Pick<
  typeof bookings.$inferSelect,
  'id' | 'status' | 'totalCost' | 'amountPaid' | 'bookingCode' | 'email'
>;

/** The columns of a booking that opening its payment reads. */
async function payableBooking(ctx: RequestContext, bookingId: number): Promise<PayableBooking | undefined> {
  const [booking] = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      totalCost: bookings.totalCost,
      amountPaid: bookings.amountPaid,
      bookingCode: bookings.bookingCode,
      email: bookings.email,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return booking;
}

/**
 * Runs after the booking's transaction has committed: a network call to the provider must never
 * hold the lot's lock. A provider failure leaves the booking pending without a secret, which the
 * wizard reports ("Something went wrong when creating your booking.").
 */
export async function openBookingPayment(
  ctx: RequestContext,
  bookingId: number,
  amountCents?: number,
  key?: string,
): Promise<string | null> {
  const booking = await payableBooking(ctx, bookingId);
  return booking ? openPaymentOf(ctx, booking, amountCents, key) : null;
}

/** openBookingPayment for a booking already read. */
async function openPaymentOf(
  ctx: RequestContext,
  booking: PayableBooking,
  amountCents?: number,
  key?: string,
): Promise<string | null> {
  const intent = await createIntentOf(ctx, booking, amountCents, key);
  if (!intent) return null;
  await linkIntent(ctx, booking.id, intent);
  return intent.clientSecret;
}

/**
 * openPaymentOf's provider call: the payment intent for what the booking owes (`amountCents` when given), or
 * null when it owes nothing. linkIntent then records it.
 */
export async function createIntentOf(
  ctx: RequestContext,
  booking: PayableBooking,
  amountCents?: number,
  key?: string,
): Promise<ProviderPaymentIntent | null> {
  const bookingId = booking.id;
  const due =
    amountCents ??
    balanceToPayCents({
      status: booking.status,
      totalCents: parseMoney(booking.totalCost),
      paidCents: parseMoney(booking.amountPaid),
    });
  if (due <= 0) return null;
  return ctx.services.payments.createPaymentIntent({
    amountCents: due,
    bookingId,
    description: `Airport parking ${booking.bookingCode}`,
    receiptEmail: booking.email && !PLACEHOLDER_EMAIL_PATTERN.test(booking.email) ? booking.email : null,
    idempotencyKey:
      key ??
      (amountCents === undefined
        ? `booking-${bookingId}-${booking.totalCost}`
        : `payment-${bookingId}-${ctx.now.getTime()}`),
  });
}

/**
 * The payment's row and the booking's link to its intent in one statement: one round trip, one commit. The
 * statement is answered unawaited, so that a caller may add what the booking's row should return (the online
 * booking's 201 is read by it: bookings/book-online.ts).
 */
export function linkIntent(ctx: RequestContext, bookingId: number, intent: ProviderPaymentIntent) {
  const opened = ctx.db.$with('opened').as(
    ctx.db
      .insert(payments)
      .values({
        bookingId,
        amount: formatMoney(intent.amountCents),
        provider: ctx.services.payments.kind,
        providerPaymentId: intent.id,
        clientSecret: intent.clientSecret,
        status: intent.status,
        createdById: ctx.user?.id ?? null,
        created: ctx.now,
      })
      .onConflictDoNothing({ target: payments.providerPaymentId })
      .returning({ id: payments.id }),
  );
  return ctx.db
    .with(opened)
    .update(bookings)
    .set({ paymentIntentId: intent.id })
    .where(eq(bookings.id, bookingId));
}

/** The card payment of a change awaiting its difference (bookings/booking-changes.ts). */
export async function openChangePayment(
  ctx: RequestContext,
  bookingId: number,
  changeId: number,
  amountCents: number,
): Promise<string | null> {
  const clientSecret = await openBookingPayment(ctx, bookingId, amountCents, `change-${changeId}`);
  const intentId = clientSecret ? intentIdFromSecret(clientSecret) : null;
  if (intentId)
    await ctx.db
      .update(bookingChanges)
      .set({ paymentIntentId: intentId })
      .where(eq(bookingChanges.id, changeId));
  return clientSecret;
}

/**
 * Closes open card payments at the provider (a cancelled booking's, a replaced change's), so that they
 * can no longer take money. One the provider says was paid first is left to the payment's own path,
 * which refunds what a cancelled booking cannot keep.
 */
export async function closePayments(
  services: Pick<Services, 'payments' | 'database'>,
  intentIds: string[],
): Promise<void> {
  for (const id of intentIds) {
    try {
      const intent = await services.payments.cancelPaymentIntent(id);
      if (intent.status === 'canceled') {
        await services.database
          .update(payments)
          .set({ status: 'canceled' })
          .where(and(eq(payments.providerPaymentId, id), ne(payments.status, 'succeeded')));
      }
    } catch (error) {
      if (!(error instanceof ProviderObjectMissingError))
        console.error(`Payment ${id} could not be closed:`, error instanceof Error ? error.message : error);
    }
  }
}

/**
 * An online booking holds its space unpaid for PENDING_HOLD_MS: without a limit, a script made a lot
 * look full to everyone. Each IP, and each email address, may open RATE_LIMIT_UNPAID_HOLDS bookings
 * in that time; refused attempts (a typo in the form) do not count, only bookings saved.
 */
const holdKeys = (ctx: RequestContext, email: string) => [
  `hold:ip:${ctx.ip}`,
  ...(email ? [`hold:email:${email.toLowerCase()}`] : []),
];
const HOLD_DETAIL = 'Too many unpaid bookings. Please pay for your earlier booking or try again later.';

/** Refuses a new unpaid booking from this network, or for this address (the form's, or the user's own). */
export async function assertUnpaidHoldAllowed(ctx: RequestContext, formEmail: string): Promise<void> {
  const email = ctx.user?.email ?? formEmail.trim().slice(0, 254);
  const counts = await ctx.services.rateLimiter.peekAll(holdKeys(ctx, email), PENDING_HOLD_MS);
  for (const { count, resetInMs } of counts) {
    if (count >= ctx.services.config.rateLimits.unpaidHolds)
      throw DomainError.throttled(HOLD_DETAIL, resetInMs / 1000);
  }
}

/** Counts a saved online booking against its IP and its email address (one statement). */
export async function countUnpaidHold(
  ctx: RequestContext,
  booking: Pick<PayableBooking, 'email'>,
): Promise<void> {
  await ctx.services.rateLimiter.hitAll(holdKeys(ctx, booking.email), PENDING_HOLD_MS);
}
