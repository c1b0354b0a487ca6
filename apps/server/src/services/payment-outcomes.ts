/**
 * What follows a payment once it is committed (services/payment-events.ts applied it): the email that
 * confirms the booking, receipts the payment or tells of the change it paid for; or, for a payment the
 * booking could not keep, the refund made at once and the email that says why. Every path that applies a
 * payment (webhook, browser confirmation, local card form) ends here.
 */
import { eq } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_PATTERN } from '@parking/domain/constants';
import { refusedPaymentMessage } from '@parking/domain/ledger';
import { formatAud } from '@parking/domain/money';
import type { Services } from '../context';
import { bookingChanges, bookings, lots } from '../db/schema/index';
import { manageBookingUrl, sendBookingEmail } from '../mail/booking-confirmation';
import {
  bookingChangedMessage,
  paymentRefusedMessage,
  type MailBooking,
} from '../mail/booking-change-emails';
import { bookingExtrasWithNames } from './booking-cancel';
import { refundBooking } from './booking-refunds';
import { refusedPaymentKey, type AppliedPayment } from './payment-events';

export async function afterPayment(services: Services, payment: AppliedPayment): Promise<void> {
  try {
    if (payment.kind === 'refused') {
      await refundBooking(
        { database: services.database, provider: services.payments, now: services.clock(), userId: null },
        payment.bookingId,
        payment.amountCents,
        refusedPaymentKey(payment.intentId),
      );
      const booking = await mailBooking(services, payment.bookingId);
      if (booking) {
        const text = refusedPaymentMessage(payment.reason ?? 'cancelled', formatAud(payment.amountCents));
        await services.mailer.send(
          paymentRefusedMessage(booking, text, {
            timeZone: services.config.timeZone,
            manageUrl: manageBookingUrl(services.config, booking),
          }),
        );
      }
      return;
    }
    if (payment.changeId !== undefined) {
      const booking = await mailBooking(services, payment.bookingId);
      const [change] = await services.database
        .select({ changed: bookingChanges.changed })
        .from(bookingChanges)
        .where(eq(bookingChanges.id, payment.changeId));
      if (booking && change) {
        const fields = Object.keys(change.changed as Record<string, unknown>);
        await services.mailer.send(
          bookingChangedMessage(
            booking,
            { fields, dueCents: 0, paidCents: payment.amountCents, refundedCents: 0, creditCents: 0 },
            {
              timeZone: services.config.timeZone,
              manageUrl: manageBookingUrl(services.config, booking),
            },
          ),
        );
      }
      return;
    }
    await sendBookingEmail(services, payment.bookingId, payment.kind, payment.amountCents);
  } catch (error) {
    // The payment stands; a refund not made here is made by the payment sweep (refund_due).
    console.error(
      `After payment ${payment.intentId} of booking ${payment.bookingId}:`,
      error instanceof Error ? error.message : error,
    );
  }
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
