/**
 * The text sent when a traveller's flight lands (issue 41): the Manage my booking link (signed for the booking, as
 * the emails' is) where "I have landed" asks for the car. Built when the job runs, from the booking as it is then.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Database } from '../db/client';
import { bookings } from '../db/schema/index';
import { manageBookingUrl } from '../bookings/booking-confirmation';
import type { SmsMessage } from '../sms/sms';

export async function landedText(
  services: { config: Config; database: Database },
  bookingId: number,
): Promise<SmsMessage | null> {
  const [booking] = await services.database.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking?.phoneNumber || booking.status !== 'complete') return null;
  const flight = booking.flightNumberIn ? ` ${booking.flightNumberIn}` : '';
  return {
    to: booking.phoneNumber,
    body:
      `${services.config.business.name}: welcome back! Flight${flight} has landed. ` +
      `Once you have your bags, tap "I have landed" and we bring your car up (booking ${booking.bookingCode}): ` +
      manageBookingUrl(services.config, booking),
  };
}
