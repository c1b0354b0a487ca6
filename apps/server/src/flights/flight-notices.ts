/**
 * After a flight's move is committed: the traveller's email (and text, where an SMS provider is configured)
 * saying the car will be ready when they land, or that their flight was cancelled and nothing is charged.
 * Queued with the move (db/job-queue.ts); a failure to send is retried by the queue, the move stands.
 */
import { currentBusiness } from '../documents/business-contact';
import { eq } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Database, Executor } from '../db/client';
import { enqueue } from '../db/job-queue';
import { bookings, lots } from '../db/schema/index';
import { hasRealEmail, manageBookingUrl } from '../bookings/booking-confirmation';
import {
  flightCancelledMessage,
  flightDelayedMessage,
  flightSmsBody,
  type FlightMail,
} from './flight-emails';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { SmsMessage, SmsProvider } from '../sms/sms';

/** What the traveller is to be told once the move is committed. */
export interface FlightNotice {
  bookingId: number;
  state: 'delayed' | 'cancelled';
}

export interface NoticeServices {
  config: Config;
  database: Database;
  mailer: Mailer;
  sms: SmsProvider | null;
}

/** The email and text of a notice, as they are when the job runs (the booking as it is now). */
export async function flightNoticeMessages(
  services: NoticeServices,
  notice: FlightNotice,
): Promise<{ mail: MailMessage | null; text: SmsMessage | null }> {
  const db = services.database;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, notice.bookingId));
  if (!booking?.endDatetime) return { mail: null, text: null };
  const [lot] = await db.select({ name: lots.name }).from(lots).where(eq(lots.id, booking.lotId));
  const mail: FlightMail = {
    to: booking.email,
    siteName: services.config.business.name,
    sitePhone: (await currentBusiness(db, services.config)).phone,
    firstName: booking.firstName,
    bookingCode: booking.bookingCode,
    flightNumber: booking.flightNumberIn,
    lotName: lot?.name ?? '',
    bookedPickUp: booking.bookedEndDatetime ?? booking.endDatetime,
    pickUp: booking.endDatetime,
    delayMinutes: booking.flightDelayMinutes,
    problem: booking.flightMoveProblem,
    manageUrl: manageBookingUrl(services.config, booking),
    timeZone: services.config.timeZone,
  };
  return {
    mail: hasRealEmail(booking.email)
      ? notice.state === 'cancelled'
        ? flightCancelledMessage(mail)
        : flightDelayedMessage(mail)
      : null,
    text:
      services.sms && booking.phoneNumber
        ? { to: booking.phoneNumber, body: flightSmsBody(mail, notice.state) }
        : null,
  };
}

/** Queues the notice in the transaction that moved the booking (sent by the job queue once it commits). */
export async function queueFlightNotice(db: Executor, notice: FlightNotice): Promise<void> {
  const [booking] = await db
    .select({ email: bookings.email })
    .from(bookings)
    .where(eq(bookings.id, notice.bookingId));
  await enqueue(db, {
    kind: 'flight-notice',
    bookingId: notice.bookingId,
    state: notice.state,
    to: booking?.email ?? '',
  });
}
