/** Opens the card payment of a saved online booking: a provider payment intent and its client secret. */
import { eq } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_PATTERN } from '@parking/domain/constants';
import { formatMoney, parseMoney } from '@parking/domain/money';
import type { RequestContext } from '../context';
import { bookings, payments } from '../db/schema/index';

/**
 * Runs after the booking's transaction has committed: a network call to the provider must never
 * hold the lot's lock. A provider failure leaves the booking pending without a secret, which the
 * wizard reports ("Something went wrong when creating your booking.").
 */
export async function openBookingPayment(ctx: RequestContext, bookingId: number, amountCents?: number): Promise<string | null> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return null;
  const due = amountCents ?? parseMoney(booking.totalCost) - parseMoney(booking.amountPaid);
  if (due <= 0) return null;
  const intent = await ctx.services.payments.createPaymentIntent({
    amountCents: due,
    bookingId,
    description: `Airport parking ${booking.bookingCode}`,
    receiptEmail: booking.email && !PLACEHOLDER_EMAIL_PATTERN.test(booking.email) ? booking.email : null,
    idempotencyKey: amountCents === undefined ? `booking-${bookingId}-${booking.totalCost}` : `payment-${bookingId}-${ctx.now.getTime()}`,
  });
  await ctx.db
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
    .onConflictDoNothing({ target: payments.providerPaymentId });
  await ctx.db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, bookingId));
  return intent.clientSecret;
}
