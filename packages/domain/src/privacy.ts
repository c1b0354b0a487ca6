/**
 * The privacy centre (issue 38, Australian Privacy Principles 11 to 13): what is personal data, what replaces
 * it when it is de-identified, and when kept records must go.
 *
 * - A customer downloads their data (profile, bookings, vehicles, payments, custody records and photos).
 * - A customer closes their account: their personal details on the user, the customer, their vehicles and
 *   their bookings are replaced by the placeholders below; the bookings' money (ledger, tax-invoice figures)
 *   is kept for the seven years the tax law asks, so an invoice can still be printed, under the placeholder
 *   name; custody photos are deleted. A closing is refused while one of their bookings is still going ahead.
 * - A daily retention job de-identifies guests and closed accounts RETENTION_YEARS after their last stay
 *   ended, and deletes custody photos PHOTO_RETENTION_DAYS after the car was handed back, unless damage was
 *   recorded on its check-in (the photos are the evidence of a claim).
 */
import { goingAhead } from './stay-phase';
import { z } from 'zod';

export const DEFAULT_RETENTION_YEARS = 7;
export const DEFAULT_PHOTO_RETENTION_DAYS = 90;
/** Bounds the settings accept: never shorter than the tax law's five years, never absurdly long. */
export const RETENTION_YEARS_RANGE = { min: 5, max: 30 } as const;
export const PHOTO_RETENTION_DAYS_RANGE = { min: 1, max: 3650 } as const;

/** The name every de-identified record carries (the invoice of a closed account prints it). */
export const DE_IDENTIFIED_FIRST_NAME = 'De-identified';
export const DE_IDENTIFIED_LAST_NAME = 'customer';
export const DE_IDENTIFIED_NAME = `${DE_IDENTIFIED_FIRST_NAME} ${DE_IDENTIFIED_LAST_NAME}`;
/** A vehicle's rego once removed (upper-case, no spaces: the vehicles table's rule). */
export const DE_IDENTIFIED_REGO = 'REMOVED';
/** The prefix of a de-identified address; the rest makes it unique and says nothing about the person. */
export const DE_IDENTIFIED_EMAIL_PREFIX = 'de-identified-';

/** A placeholder address for a de-identified record: unique by what it replaces, at the product's domain. */
export function deIdentifiedEmail(kind: 'user' | 'customer' | 'booking', id: number, domain: string): string {
  return `${DE_IDENTIFIED_EMAIL_PREFIX}${kind}-${id}@${domain}`;
}

export const isDeIdentifiedEmail = (email: string): boolean =>
  email.toLowerCase().startsWith(DE_IDENTIFIED_EMAIL_PREFIX);

/** A customer record's personal details, as de-identified (the `customers` row's columns). */
export function deIdentifiedCustomer(customerId: number, domain: string) {
  return {
    email: deIdentifiedEmail('customer', customerId, domain),
    title: '',
    firstName: DE_IDENTIFIED_FIRST_NAME,
    lastName: DE_IDENTIFIED_LAST_NAME,
    phoneNumber: '',
    business: '',
    privateNotes: '',
  };
}

/**
 * A booking's personal details as de-identified: contact, car and free text (notes staff or the traveller wrote
 * may name people). Its money, dates, lot, extras and code are kept: they make the tax invoice.
 */
export function deIdentifiedBooking(bookingId: number, domain: string) {
  return {
    title: '',
    firstName: DE_IDENTIFIED_FIRST_NAME,
    lastName: DE_IDENTIFIED_LAST_NAME,
    phoneNumber: '',
    email: deIdentifiedEmail('booking', bookingId, domain),
    business: '',
    rego: DE_IDENTIFIED_REGO,
    make: '',
    model: '',
    colour: '',
    publicNotes: '',
    notes: '',
    vehicleNotes: '',
    flightNumberOut: '',
    flightNumberIn: '',
  };
}

/**
 * The personal fields, by their API names, that the audit log and a booking's Edit History may hold before and
 * after values of: scrubbed from those records when their subject is de-identified (the rest of the history,
 * money and dates included, stays).
 */
export const PERSONAL_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'fullName',
  'phoneNumber',
  'email',
  'business',
  'privateNotes',
  'customerDetails',
  'rego',
  'make',
  'model',
  'colour',
  'publicNotes',
  'notes',
  'vehicleNotes',
  'keyTag',
  'flightNumberOut',
  'flightNumberIn',
] as const;

/** A saved vehicle as de-identified; it is also marked deleted, so no list shows it again. */
export const deIdentifiedVehicle = {
  rego: DE_IDENTIFIED_REGO,
  make: '',
  model: '',
  colour: '',
  deleted: true,
};

/** The instant `years` calendar years before `now` (29 February falls back to 28 February). */
export function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now.getTime());
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date;
}

/** The instant `days` whole days before `now`. */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * 86_400_000);

/**
 * Whether a record whose last stay ended at `lastStayEnded` is past its retention on `now`: strictly more than
 * `years` years ago. A stay with no end yet (or in the future) is never past.
 */
export function pastRetention(lastStayEnded: Date | null, now: Date, years: number): boolean {
  return lastStayEnded !== null && lastStayEnded.getTime() < yearsBefore(now, years).getTime();
}

/** Whether a car's photos are due for deletion: handed back more than `days` ago and no damage recorded. */
export function photosDue(
  handedBackAt: Date | null,
  damageRecorded: boolean,
  now: Date,
  days: number,
): boolean {
  return !damageRecorded && handedBackAt !== null && handedBackAt.getTime() < daysBefore(now, days).getTime();
}

export interface ClosingBooking {
  bookingCode: string;
  status: string;
  endDatetime: Date | null;
}

/**
 * The bookings that stop an account closing: going ahead (goingAhead: paid, or awaiting a payment that can
 * still be made) and not over yet (no pick-up, or a pick-up still to come). Cancelled, abandoned and errored
 * ones do not count, nor do stays that have ended.
 */
export function bookingsGoingAhead(bookings: readonly ClosingBooking[], now: Date): string[] {
  return bookings
    .filter(
      (booking) =>
        goingAhead(booking.status) &&
        (booking.endDatetime === null || booking.endDatetime.getTime() > now.getTime()),
    )
    .map((booking) => booking.bookingCode);
}

export const privacyMessages = {
  passwordRequired: 'Enter your password to confirm.',
  passwordWrong: 'Your password was not correct.',
  staffAccount: 'A staff account cannot be closed here. Ask an Admin to remove your access.',
  subscriptionActive:
    'You have a parking subscription that is still active. Cancel it first (Profile, Subscriptions), then close your account.',
  bookingsAhead: (codes: readonly string[]) =>
    `Your ${codes.length === 1 ? 'booking' : 'bookings'} ${codes.join(', ')} ${
      codes.length === 1 ? 'is' : 'are'
    } still going ahead. Cancel ${
      codes.length === 1 ? 'it' : 'them'
    } or wait until you have collected your car, then close your account.`,
  tooManyExports: 'You have downloaded your data several times in the last hour. Please try again later.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

/** Closing an account: the password again, as the product's re-authentication. */
export const accountClosureSchema = z.object({
  password: z
    .string({ error: privacyMessages.passwordRequired })
    .min(1, { error: privacyMessages.passwordRequired })
    .max(1024, { error: privacyMessages.passwordWrong }),
});
export type AccountClosureInput = z.infer<typeof accountClosureSchema>;

/** What the customer is told is kept, and why (the confirmation dialog and the email say the same). */
export const CLOSURE_KEPT_TEXT =
  'We keep your bookings’ tax invoices and payments for seven years, as Australian tax law requires, under a de-identified name. Everything else that identifies you (your name, email, phone, business, vehicles and car photos) is removed, and you are signed out everywhere.';

/** How many exports one account may download per hour (each reads every photo of theirs). */
export const EXPORTS_PER_HOUR = 5;
