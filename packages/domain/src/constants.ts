/** Business constants shared by the server and the browser (public-site §9, back-office §9). */

export const ROLES = ['Admins', 'Sales', 'Employees', 'Customers'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLES: readonly Role[] = ['Customers'];

export const TITLES = [
  'Mr',
  'Mrs',
  'Miss',
  'Ms',
  'Capt',
  'Dr',
  'Prof',
  'Rev',
  'Sir',
  'Sister',
  'Mr & Mrs',
  'Mrs & Mr',
  'Mrs & Mrs',
  'Ms & Mr',
] as const;

export const COLOURS = [
  'White',
  'Black',
  'Grey',
  'Silver',
  'Red',
  'Blue',
  'Brown',
  'Green',
  'Beige',
  'Orange',
  'Gold',
  'Yellow',
  'Purple',
  'Other',
] as const;

export const LOT_SLUGS = ['indoor', 'outdoor'] as const;
export type LotSlug = (typeof LOT_SLUGS)[number];
export const LOT_TYPES = ['indoor', 'outdoor'] as const;
export type LotType = (typeof LOT_TYPES)[number];

export const SERVICES = ['weekday', 'weekend'] as const;
export type Service = (typeof SERVICES)[number];

export const EXTRA_TYPES = ['detailing', 'service'] as const;
export type ExtraType = (typeof EXTRA_TYPES)[number];

export const BLOCK_TYPES = ['parking', 'online_form', 'extra'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BOOKING_STATUSES = [
  'pending',
  'complete',
  'cancelled',
  'abandoned',
  'error',
  'payment_failed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = [
  'stripe',
  'cash',
  'eftpos',
  'visa',
  'mastercard',
  'cheque',
  'account',
  'Payment on return',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spelling as the business uses it ("Senoirs" is theirs). The two named-person types are not published. */
export const BOOKING_TYPES = [
  'New',
  'Regular',
  'New - Website',
  'Regular - Website',
  'Staff',
  'Senoirs',
  'RACT',
  'Qantas Staff',
  'Pensioner',
  'Long term',
  'Email',
] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

export const SUBSCRIPTION_CODENAMES = ['unlimited_indoor_parking', 'unlimited_outdoor_parking'] as const;
export type SubscriptionCodename = (typeof SUBSCRIPTION_CODENAMES)[number];

export const NOT_FLYING_AIRLINE = 'Not flying';

export const PASSWORD_MIN_LENGTH = 8;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 10000;

/** Placeholder email for a customer who gave none: no-email-{uuid}@{domain}. */
export function placeholderEmail(uuid: string, domain: string): string {
  return `no-email-${uuid}@${domain}`;
}
export const PLACEHOLDER_EMAIL_PATTERN = /^no-email-[0-9a-f-]{36}@/i;
