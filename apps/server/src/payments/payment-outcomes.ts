/**
 * What follows a payment once it is committed (payments/payment-events.ts applied it and queued its job): the
 * email that confirms the booking, receipts the payment or tells of the change it paid for; or, for a payment
 * the booking could not keep, the refund and the email that says why. The job queue runs these
 * (jobs/side-effect-handlers.ts), each step once; a refund it cannot make is also settled by the payment sweep.
 */
import { eq } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_PATTERN } from '@parking/domain/constants';
import { refusedPaymentMessage, type RefusedPaymentReason } from '@parking/domain/ledger';
import { formatAud } from '@parking/domain/money';
import type { Services } from '../context';
import { bookingChanges, bookings, lots } from '../db/schema/index';
import { bookingEmailMessage, manageBookingUrl } from '../bookings/booking-confirmation';
import type { MailMessage } from '../mail/mailer';
import type { SideEffect } from '../db/job-queue';
import {
  bookingChangedMessage,
  paymentRefusedMessage,
  type MailBooking,
} from '../bookings/booking-change-emails';
import { bookingExtrasWithNames } from '../bookings/booking-cancel';
import { refundBooking } from './booking-refunds';
import { refusedPaymentKey } from './payment-events';

/** A payment as its job carries it (payment-events.ts queues it with the payment). */
export type QueuedPayment = Extract<SideEffect, { kind: 'payment-outcome' }>['payment'];

/** A payment the booking could not keep goes back through the provider (its key makes it once). */
export async function refundRefusedPayment(
  services: Pick<Services, 'database' | 'payments' | 'clock'>,
  payment: QueuedPayment,
): Promise<void> {
  if (payment.kind !== 'refused') return;
  await refundBooking(
    { database: services.database, provider: services.payments, now: services.clock(), userId: null },
    payment.bookingId,
    payment.amountCents,
    refusedPaymentKey(payment.intentId),
  );
}

/** The email that follows a payment: why it was refunded, the change it paid for, or the booking's confirmation or receipt. */
export async function paymentOutcomeMessage(
  services: Pick<Services, 'database' | 'config' | 'clock'>,
  payment: QueuedPayment,
): Promise<MailMessage | null> {
  const manage = (booking: MailBooking) => ({
    timeZone: services.config.timeZone,
    manageUrl: manageBookingUrl(services.config, booking),
  });
  if (payment.kind === 'refused') {
    const booking = await mailBooking(services, payment.bookingId);
    if (!booking) return null;
    const reason = (payment.reason ?? 'cancelled') as RefusedPaymentReason;
    const text = refusedPaymentMessage(reason, formatAud(payment.amountCents));
    return paymentRefusedMessage(booking, text, manage(booking));
  }
  if (payment.changeId !== undefined) {
    const booking = await mailBooking(services, payment.bookingId);
    const [change] = await services.database
      .select({ changed: bookingChanges.changed })
      .from(bookingChanges)
      .where(eq(bookingChanges.id, payment.changeId));
    if (!booking || !change) return null;
    const fields = Object.keys(change.changed as Record<string, unknown>);
    return bookingChangedMessage(
      booking,
      { fields, dueCents: 0, paidCents: payment.amountCents, refundedCents: 0, creditCents: 0 },
      manage(booking),
    );
  }
  const [booking] = await services.database.select().from(bookings).where(eq(bookings.id, payment.bookingId));
  if (!booking) return null;
  return bookingEmailMessage(
    { db: services.database, config: services.config, now: services.clock() },
    booking,
    payment.kind,
    payment.amountCents,
  );
}

/** The booking as the manage-booking emails show it; null when it has no real address. */
export async function mailBooking(
  services: Pick<Services, 'database'>,
  bookingId: number,
): Promise<MailBooking | null> {
  const [booking] = await services.database.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking?.email || PLACEHOLDER_EMAIL_PATTERN.test(booking.email)) return null;
  const [lot] = await services.database
    .select({ name: lots.name })
    .from(lots)
    .where(eq(lots.id, booking.lotId));
  return {
    ...booking,
    lotName: lot?.name ?? '',
    extras: await bookingExtrasWithNames(services.database, booking.id),
  };
}
