/**
 * After a check-in or a hand-back is committed: the traveller's email with the record (and, when
 * parked, the check-in's photos inline). Nothing is sent for a booking without a real address.
 */
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../context';
import { bookings, lots } from '../db/schema/index';
import { hasRealEmail, manageBookingUrl } from '../mail/booking-confirmation';
import { carHandedBackMessage, carParkedMessage } from '../mail/custody-emails';
import { custodyPhotosOf, custodySummary } from './custody-record';

/** Photos an email carries at most (the rest are in Manage my booking). */
const MAIL_PHOTOS = 6;

export function sendCustodyEmail(
  ctx: RequestContext,
  bookingId: number,
  kind: 'parked' | 'handed_back',
): void {
  const { services } = ctx;
  ctx.defer(async () => {
    const db = services.database;
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!booking || !hasRealEmail(booking.email)) return;
    const summary = await custodySummary(db, bookingId);
    const at = kind === 'parked' ? summary.checkIn?.at : summary.handBack?.at;
    if (!at) return;
    const [lot] = await db.select({ name: lots.name }).from(lots).where(eq(lots.id, booking.lotId));
    const photos: Buffer[] = [];
    if (kind === 'parked')
      for (const photo of (await custodyPhotosOf(db, bookingId)).slice(0, MAIL_PHOTOS)) {
        const bytes = await services.photos.get(photo.storageKey);
        if (bytes) photos.push(bytes);
      }
    const mail = {
      to: booking.email,
      siteName: services.config.business.name,
      firstName: booking.firstName,
      bookingCode: booking.bookingCode,
      rego: booking.rego,
      lotName: lot?.name ?? '',
      at,
      fuelLevel: summary.checkIn?.fuelLevel ?? '',
      damage: summary.checkIn?.damage ?? [],
      kilometersIn: summary.kilometersIn,
      kilometersOut: summary.kilometersOut,
      kilometersDriven: summary.kilometersDriven,
      photos,
      manageUrl: manageBookingUrl(services.config, booking),
      timeZone: services.config.timeZone,
    };
    await services.mailer.send(kind === 'parked' ? carParkedMessage(mail) : carHandedBackMessage(mail));
  });
}
