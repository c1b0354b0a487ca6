/**
 * Card payments as the API takes them (payments/payments-routes.ts): the browser's confirmation (the provider is
 * asked whether it went through), staff's Make Payment, and the local provider's card form. What a
 * payment does to its booking is payment-events.ts's; what follows it, payment-outcomes.ts's.
 */
import { and, eq, sql } from 'drizzle-orm';
import { refusedPaymentMessage, type RefusedPaymentReason } from '@parking/domain/ledger';
import { goingAhead } from '@parking/domain/stay-phase';
import { messages } from '@parking/domain/messages';
import { formatAud, formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import type { CardInput } from '@parking/domain/cards';
import { inTransaction, type RequestContext } from '../context';
import type { Executor } from '../db/client';
import { bookingLogs, bookings } from '../db/schema/index';
import { faultPoint } from '../faults';
import { DomainError } from '@parking/domain/errors';
import { isLocalProvider } from './provider/local-provider';
import { intentIdFromSecret, PaymentDeclinedError, type ProviderPaymentIntent } from './provider/provider';
import { bookingLedger } from './ledger';
import { openBookingPayment } from './online-payment';
import {
  applySucceededIntent,
  handleProviderEvent,
  refusedPaymentKey,
  type AppliedPayment,
} from './payment-events';

/** A payment refused (refunded at once) is the request's error, in the traveller's words. */
function throwIfRefused(payment: AppliedPayment | null): void {
  if (payment?.kind === 'refused') {
    throw new DomainError(
      'payment_refunded',
      refusedPaymentMessage(payment.reason ?? 'cancelled', formatAud(payment.amountCents)),
    );
  }
}

/** A payment the webhook applied first and refused: the browser's confirmation says so too. */
async function refusedEarlier(
  db: Executor,
  intentId: string,
  amountCents: number,
): Promise<AppliedPayment | null> {
  const [due] = await db
    .select({ bookingId: bookingLogs.bookingId, info: bookingLogs.info })
    .from(bookingLogs)
    .where(
      and(
        eq(bookingLogs.action, 'refund_due'),
        sql`${bookingLogs.info}->>'key' = ${refusedPaymentKey(intentId)}`,
      ),
    )
    .limit(1);
  if (!due) return null;
  const reason = (due.info as { reason?: RefusedPaymentReason }).reason ?? 'cancelled';
  return { bookingId: due.bookingId, kind: 'refused', amountCents, intentId, reason };
}

/** The browser says a payment went through; the provider is asked whether it did, and it is applied once. */
export async function confirmCardPayment(
  ctx: RequestContext,
  clientSecret: string,
): Promise<ProviderPaymentIntent> {
  const notFound = () =>
    new DomainError('payment_not_found', 'This payment could not be found.', { field: 'clientSecret' });
  const intentId = intentIdFromSecret(clientSecret);
  if (!intentId) throw notFound();
  const intent = await ctx.services.payments.retrievePaymentIntent(intentId).catch(() => null);
  if (!intent || intent.clientSecret !== clientSecret) throw notFound();
  if (intent.status !== 'succeeded')
    throw new DomainError('payment_incomplete', intent.lastError ?? 'The payment has not been completed.', {
      field: 'clientSecret',
    });
  const applied = await inTransaction(ctx, (tx) =>
    applySucceededIntent(tx.db, intent, tx.now, 'browser', ctx.services.config.timeZone),
  );
  if (applied) ctx.services.metrics?.cardPayment(applied);
  throwIfRefused(applied ?? (await refusedEarlier(ctx.db, intent.id, intent.amountCents)));
  return intent;
}

/** Staff take a card payment for a saved booking (back office: Make Payment), at most what it owes. */
export async function openStaffPayment(
  ctx: RequestContext,
  bookingId: number,
  amount: string,
): Promise<{ cents: Cents; clientSecret: string | null }> {
  const on = { relationship: 'booking' };
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw DomainError.doesNotExist('booking', bookingId);
  if (!goingAhead(booking.status)) throw new DomainError('cancelled', 'This booking has been cancelled.', on);
  const { summary } = await bookingLedger(ctx.db, booking);
  if (summary.owedCents <= 0)
    throw new DomainError('already_paid', 'This booking has already been paid.', on);
  const cents = parseMoney(amount);
  if (cents <= 0) throw new DomainError('invalid', 'Number must be greater than 0', { field: 'amount' });
  if (cents > summary.owedCents)
    throw new DomainError('too_much', `The amount due is ${formatMoney(summary.owedCents)}.`, {
      field: 'amount',
    });
  return { cents, clientSecret: await openBookingPayment(ctx, bookingId, cents) };
}

/** The local provider's card form: the simulated issuer decides, and its event is applied in-process. */
export async function payWithLocalCard(
  ctx: RequestContext,
  card: CardInput & { clientSecret: string },
): Promise<ProviderPaymentIntent> {
  const provider = ctx.services.payments;
  if (!isLocalProvider(provider)) throw DomainError.notFound();
  let result;
  try {
    result = await provider.confirmPayment(card.clientSecret, card);
  } catch (error) {
    if (error instanceof PaymentDeclinedError)
      throw new DomainError(error.code, error.message, { field: 'number' });
    throw error;
  }
  // Fault tests stop here: the provider has taken the money, our database does not know yet
  // (start-up reconciliation, payments/payment-events.ts, then applies it).
  await faultPoint('payment-confirmation');
  let applied: AppliedPayment | null = null;
  await handleProviderEvent(ctx.services.database, provider, result.event, ctx.now, {
    timeZone: ctx.services.config.timeZone,
    onPaid: (payment) => {
      applied = payment;
      return Promise.resolve();
    },
  });
  if (result.intent.status !== 'succeeded')
    throw new DomainError('card_declined', result.intent.lastError ?? messages.unknownError, {
      field: 'number',
    });
  throwIfRefused(applied);
  return result.intent;
}
