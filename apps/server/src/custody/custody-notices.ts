/**
 * With a check-in or a hand-back (queued in its transaction, sent once it commits): the traveller's email with the record (and, when
 * parked, the check-in's photos inline). Nothing is sent for a booking without a real address.
 */
import { eq } from 'drizzle-orm';
import type { RequestContext, Services } from '../context';
import { enqueue } from '../db/job-queue';
import type { MailMessage } from '../mail/mailer';
import { bookings, lots } from '../db/schema/index';
import { hasRealEmail, manageBookingUrl } from '../bookings/booking-confirmation';
import { carHandedBackMessage, carParkedMessage } from './custody-emails';
import { custodyPhotosOf, custodySummary } from './custody-record';

/** Photos an email carries at most (the rest are in Manage my booking). */
const MAIL_PHOTOS = 6;

/** Queues the traveller's email in the check-in's or hand-back's transaction. */
export async function queueCustodyEmail(
  ctx: RequestContext,
  bookingId: number,
  event: 'parked' | 'handed_back',
): Promise<void> {
  const [booking] = await ctx.db
    .select({ email: bookings.email })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking || !hasRealEmail(booking.email)) return;
  await enqueue(ctx.db, { kind: 'custody-email', bookingId, event, to: booking.email });
}

/** The email as the job sends it: the record as it stands (and the check-in's photos); null when none is due. */
export async function custodyEmailMessage(
  services: Pick<Services, 'database' | 'config' | 'photos'>,
  bookingId: number,
  kind: 'parked' | 'handed_back',
): Promise<MailMessage | null> {
  const db = services.database;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || !hasRealEmail(booking.email)) return null;
  const summary = await custodySummary(db, bookingId);
  const at = kind === 'parked' ? summary.checkIn?.at : summary.handBack?.at;
  if (!at) return null;
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
  return kind === 'parked' ? carParkedMessage(mail) : carHandedBackMessage(mail);
}
