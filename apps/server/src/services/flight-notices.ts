/**
 * After a flight's move is committed: the traveller's email (and text, where an SMS provider is configured)
 * saying the car will be ready when they land, or that their flight was cancelled and nothing is charged.
 * A failure to send is logged; the move stands.
 */
import { currentBusiness } from '../documents/business-contact';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { bookings, lots } from '../db/schema/index';
import { hasRealEmail, manageBookingUrl } from '../mail/booking-confirmation';
import {
  flightCancelledMessage,
  flightDelayedMessage,
  flightSmsBody,
  type FlightMail,
} from '../mail/flight-emails';
import type { Mailer } from '../mail/mailer';
import type { SmsProvider } from '../sms/sms';
import type { FlightNotice } from './flight-delays';

export interface NoticeServices {
  config: Config;
  database: Database;
  mailer: Mailer;
  sms: SmsProvider | null;
}

export async function sendFlightNotice(services: NoticeServices, notice: FlightNotice): Promise<void> {
  const db = services.database;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, notice.bookingId));
  if (!booking?.endDatetime) return;
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
  if (hasRealEmail(booking.email))
    await services.mailer
      .send(notice.state === 'cancelled' ? flightCancelledMessage(mail) : flightDelayedMessage(mail))
      .catch((error: unknown) => console.error('flight email failed', error));
  if (services.sms && booking.phoneNumber)
    await services.sms
      .send({ to: booking.phoneNumber, body: flightSmsBody(mail, notice.state) })
      .catch((error: unknown) => console.error('flight text failed', error));
}
