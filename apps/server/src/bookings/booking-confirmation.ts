/**
 * The booking confirmation and the payment receipt: sent once the booking is confirmed (an online
 * payment succeeded, a subscriber's free stay, a booking staff keyed in with a real email) and when
 * staff take a payment later. HTML with a plain-text part, the invoice PDF, an inline QR image of the
 * booking code (the valet desk scans it) and a calendar file attached.
 *
 * Exactly once per confirmation: the write that confirmed the booking (a payment row turned succeeded, the
 * booking created complete) queues its job in its transaction; the job queue builds and sends it.
 */
import QRCode from 'qrcode';
import { bookingCalendar } from '@parking/domain/calendar';
import { PLACEHOLDER_EMAIL_PATTERN } from '@parking/domain/constants';
import { formatAud } from '@parking/domain/money';
import type { Config } from '../config/config';
import type { Executor } from '../db/client';
import { directionsUrl, invoiceTitle } from '../documents/business';
import { currentBusiness } from '../documents/business-contact';
import { renderInvoicesPdf } from '../documents/invoice';
import { invoiceModel, loadInvoiceLookups } from '../documents/invoice-data';
import type { BookingRow } from '../db/rows';
import { renderBookingEmail } from './booking-summary';
import { issueManageLinkToken } from './manage-link';
import { walletLinkUrls } from '../wallet/wallet-links';
import type { MailMessage } from '../mail/mailer';

export type BookingEmailKind = 'confirmation' | 'receipt';

export const QR_CID = 'booking-qr@parking';

/**
 * The "Manage my booking" link of a booking's emails: the page opens the booking directly with the
 * signed token (./manage-link.ts), and still has the code to fill in once the token has expired.
 */
export function manageBookingUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  booking: { id: number; bookingCode: string; email: string; startDatetime: Date; endDatetime: Date | null },
): string {
  const query = new URLSearchParams({
    code: booking.bookingCode,
    booking: String(booking.id),
    token: issueManageLinkToken(config.sessionSecret, booking),
  });
  return `${config.publicUrl}/manage-booking?${query.toString()}`;
}

/** "Add to Apple Wallet" and "Add to Google Wallet", signed like the manage link, for each wallet switched on. */
function walletEmailLinks(config: Config, booking: BookingRow): Array<{ label: string; url: string }> {
  const urls = walletLinkUrls(config, booking);
  return [
    ...(urls.apple ? [{ label: 'Add to Apple Wallet', url: urls.apple }] : []),
    ...(urls.google ? [{ label: 'Add to Google Wallet', url: urls.google }] : []),
  ];
}

/** A booking with nobody to write to: no email, or the placeholder of a walk-in who gave none. */
export const hasRealEmail = (email: string) => email.trim() !== '' && !PLACEHOLDER_EMAIL_PATTERN.test(email);

function calendarOf(config: Config, booking: BookingRow, lotName: string, now: Date): string {
  return bookingCalendar(
    {
      bookingCode: booking.bookingCode,
      businessName: config.business.name,
      address: config.business.address.join(', '),
      dropOff: booking.startDatetime,
      pickUp: booking.endDatetime,
      lotName,
      manageUrl: manageBookingUrl(config, booking),
      domain: new URL(config.publicUrl).hostname,
    },
    now,
  );
}

/** The booking's drop-off and pick-up as an iCalendar file (the success page's "Add to calendar"). */
export async function bookingCalendarFile(
  ctx: { db: Executor; services: { config: Config }; now: Date },
  booking: BookingRow,
): Promise<string> {
  const lookups = await loadInvoiceLookups(ctx, [booking]);
  const config = { ...ctx.services.config, business: await currentBusiness(ctx.db, ctx.services.config) };
  return calendarOf(config, booking, lookups.lots.get(booking.lotId) ?? '', ctx.now);
}

export interface BookingEmailDeps {
  db: Executor;
  config: Config;
  now: Date;
}

/** The email for a booking, or null when there is nobody to send it to. */
export async function bookingEmailMessage(
  deps: BookingEmailDeps,
  booking: BookingRow,
  kind: BookingEmailKind,
  paymentCents?: number,
): Promise<MailMessage | null> {
  if (!hasRealEmail(booking.email)) return null;
  // The business as the site shows it (Site details over BUSINESS_*), for the text, the invoice and the calendar.
  const business = await currentBusiness(deps.db, deps.config);
  const config = { ...deps.config, business };
  const lookups = await loadInvoiceLookups(deps, [booking]);
  const model = invoiceModel(booking, lookups, config.timeZone, deps.now);
  const manageUrl = manageBookingUrl(config, booking);
  const [pdf, qr] = await Promise.all([
    renderInvoicesPdf([model], { business, compress: config.env !== 'test' }),
    QRCode.toBuffer(booking.bookingCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 }),
  ]);
  const calendar = calendarOf(config, booking, model.lot, deps.now);
  const name = booking.firstName.trim();
  const greeting = `${name ? `Hi ${name}, t` : 'T'}`;
  const receipt = kind === 'receipt';
  const heading = receipt ? 'Payment received' : 'Your parking is booked';
  const intro = receipt
    ? [
        `${greeting}hank you: we have received your payment${paymentCents ? ` of ${formatAud(paymentCents)}` : ''} for booking ${booking.bookingCode}. Your updated ${invoiceTitle(business).toLowerCase()} is attached.`,
      ]
    : [
        `${greeting}hank you for booking with ${business.name}. Your booking ${booking.bookingCode} is confirmed; your ${invoiceTitle(business).toLowerCase()} is attached.`,
      ];
  const content = renderBookingEmail({
    heading,
    intro,
    model,
    business,
    qrCid: QR_CID,
    links: [
      { label: 'Manage my booking', url: manageUrl },
      ...walletEmailLinks(config, booking),
      { label: 'Get directions', url: directionsUrl(business) },
    ],
    notes: [
      `On the day: drive to ${business.address.join(', ')} and hand your keys to our valet team${
        model.busDeparture !== '-' ? ` at least 10 minutes before your ${model.busDeparture} shuttle bus` : ''
      }. A missed bus costs a $10 per car administration fee.`,
      `Questions? Call us on ${business.phone} or reply to ${business.email}.`,
    ],
  });
  return {
    to: booking.email,
    subject: receipt
      ? `Payment received for booking ${booking.bookingCode}`
      : `Booking confirmed: ${booking.bookingCode}`,
    text: content.text,
    html: content.html,
    attachments: [
      { filename: `invoice-${booking.bookingCode}.pdf`, contentType: 'application/pdf', content: pdf },
      {
        filename: `booking-${booking.bookingCode}-qr.png`,
        contentType: 'image/png',
        content: qr,
        cid: QR_CID,
      },
      {
        filename: `booking-${booking.bookingCode}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: Buffer.from(calendar, 'utf8'),
      },
    ],
  };
}
