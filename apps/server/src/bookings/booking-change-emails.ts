/** The emails of manage my booking: a change (with its price difference) and a cancellation (with its refund). */
import { escapeHtml as escape } from '@parking/domain/html';
import { listInWords } from '@parking/domain/booking-history';
import { formatAud, parseMoney, type Cents } from '@parking/domain/money';
import { invoiceDateTime } from '../documents/invoice-data';
import type { MailMessage } from '../mail/mailer';

const SITE = 'SkyPark Airport Parking';

export interface MailBooking {
  id: number;
  bookingCode: string;
  email: string;
  firstName: string;
  lotName: string;
  startDatetime: Date;
  endDatetime: Date | null;
  rego: string;
  totalCost: string;
  amountPaid: string;
  extras: Array<{ name: string; price: string }>;
}

/** "Tue 15/12/2026, 6:00 am" in the business's time zone: the confirmation's and the invoice's format. */
function when(instant: Date | null, timeZone: string): string {
  return instant ? invoiceDateTime(instant, timeZone) : '';
}

/** The price columns a change recomputes: the email names what the traveller changed. */
const COST_FIELDS = new Set([
  'parkingCost',
  'extrasCost',
  'subscriptionDiscount',
  'amountDiscounted',
  'hadSubscription',
]);

/** The traveller's words for a changed column. */
const LABELS: Record<string, string> = {
  startDatetime: 'drop-off',
  endDatetime: 'pick-up',
  flightNumberOut: 'departure flight',
  flightNumberIn: 'return flight',
  airlineOutId: 'departure airline',
  airlineInId: 'return airline',
  busDepartureTime: 'bus time',
  passengersOut: 'passengers out',
  passengersIn: 'passengers in',
  vehicleTypeId: 'vehicle type',
  extras: 'extras',
  totalCost: 'price',
};

function fieldLabel(key: string): string {
  return LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** "drop-off, pick-up and extras" from a change's columns. */
function changedInWords(keys: readonly string[]): string {
  return listInWords([...new Set(keys.filter((key) => !COST_FIELDS.has(key)).map(fieldLabel))]);
}

const money = (text: string) => formatAud(parseMoney(text));

function details(booking: MailBooking, timeZone: string): Array<[string, string]> {
  return [
    ['Booking code', booking.bookingCode],
    ['Car park', booking.lotName],
    ['Drop-off', when(booking.startDatetime, timeZone)],
    ['Pick-up', when(booking.endDatetime, timeZone)],
    ['Rego', booking.rego],
    [
      'Extras',
      booking.extras.length
        ? booking.extras.map((extra) => `${extra.name} (${money(extra.price)})`).join(', ')
        : 'None',
    ],
    ['Total', money(booking.totalCost)],
    ['Paid', money(booking.amountPaid)],
  ];
}

function compose(
  to: string,
  subject: string,
  heading: string,
  paragraphs: string[],
  rows: Array<[string, string]>,
  action: { label: string; url: string },
): MailMessage {
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${action.label}: ${action.url}`,
    '',
    SITE,
  ].join('\n');
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#52606d">${escape(label)}</td><td style="padding:4px 0;font-weight:bold;overflow-wrap:anywhere;word-break:break-word">${escape(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1c2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:24px">
<tr><td><p style="margin:0 0 24px;font-weight:bold;color:#0b3a66">${SITE}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escape(heading)}</h1>${paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px">${table}</table>
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b3a66;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(action.label)}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

export function bookingChangedMessage(
  booking: MailBooking,
  change: {
    /** The booking's columns the change altered. */
    fields: string[];
    dueCents: Cents;
    paidCents?: Cents;
    refundedCents: Cents;
    creditCents: Cents;
  },
  options: { timeZone: string; manageUrl: string },
): MailMessage {
  const paragraphs = [
    `Hi ${booking.firstName || 'there'}, your booking ${booking.bookingCode} has been changed (${changedInWords(change.fields)}).`,
  ];
  if (change.dueCents > 0)
    paragraphs.push(
      `The new price is ${formatAud(change.dueCents)} more than you have paid. Please pay the difference with Manage my booking before drop-off.`,
    );
  if (change.paidCents && change.paidCents > 0)
    paragraphs.push(`Thank you for paying the difference of ${formatAud(change.paidCents)}.`);
  if (change.refundedCents > 0)
    paragraphs.push(
      `We have refunded ${formatAud(change.refundedCents)} to your card. It can take 5 to 10 business days to appear.`,
    );
  if (change.creditCents > 0)
    paragraphs.push(
      `A credit of ${formatAud(change.creditCents)} is recorded on your booking; we will settle it with you.`,
    );
  return compose(
    booking.email,
    `Your booking ${booking.bookingCode} has been changed`,
    'Your booking has been changed',
    paragraphs,
    details(booking, options.timeZone),
    {
      label: 'Manage my booking',
      url: options.manageUrl,
    },
  );
}

export function bookingCancelledMessage(
  booking: MailBooking,
  refund: { refundedCents: Cents; creditCents: Cents },
  options: { timeZone: string; bookUrl: string },
): MailMessage {
  const paragraphs = [
    `Hi ${booking.firstName || 'there'}, your booking ${booking.bookingCode} has been cancelled.`,
  ];
  if (refund.refundedCents > 0)
    paragraphs.push(
      `We have refunded ${formatAud(refund.refundedCents)} to your card. It can take 5 to 10 business days to appear.`,
    );
  if (refund.creditCents > 0)
    paragraphs.push(
      `A credit of ${formatAud(refund.creditCents)} is recorded on your booking; we will settle it with you.`,
    );
  if (refund.refundedCents === 0 && refund.creditCents === 0)
    paragraphs.push('No refund is due on this booking.');
  return compose(
    booking.email,
    `Your booking ${booking.bookingCode} has been cancelled`,
    'Your booking has been cancelled',
    paragraphs,
    details(booking, options.timeZone),
    {
      label: 'Book again',
      url: options.bookUrl,
    },
  );
}

/** A payment that arrived when the booking could no longer take it, refunded at once (payment-outcomes). */
export function paymentRefusedMessage(
  booking: MailBooking,
  explanation: string,
  options: { timeZone: string; manageUrl: string },
): MailMessage {
  const paragraphs = [
    `Hi ${booking.firstName || 'there'},`,
    explanation,
    'It can take 5 to 10 business days to appear on your card.',
  ];
  return compose(
    booking.email,
    `Your payment for booking ${booking.bookingCode} has been refunded`,
    'Your payment has been refunded',
    paragraphs,
    details(booking, options.timeZone),
    {
      label: 'Manage my booking',
      url: options.manageUrl,
    },
  );
}
