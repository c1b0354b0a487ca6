import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { lots } from './catalogue';
import { createdAt, fraction, id, money, timestamptz } from './columns';

/**
 * Partners (issue 42): resellers and aggregators selling the car park's places through the partner API
 * (partners/). A partner is never deleted (its bookings and statements name it): `paused` stops it.
 */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    commissionRate: fraction('commission_rate').notNull(),
    status: text('status').notNull().default('sandbox'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('partners_name_idx').on(t.name),
    check('partners_status_valid', sql`${t.status} IN ('sandbox', 'live', 'paused')`),
  ],
);

/**
 * A partner's API keys: the sha256 of the key (hex) looked up on every call, and its first characters in clear to
 * tell keys apart. A revoked key stays, so that a call with it is told it was revoked.
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    created: createdAt(),
    revokedAt: timestamptz('revoked_at'),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('partner_api_keys_hash_idx').on(t.keyHash),
    index('partner_api_keys_partner_idx').on(t.partnerId),
  ],
);

/**
 * Places held for a partner in a lot on every day, released to everyone `release_hours` before the day
 * (packages/domain/src/partners.ts). One per partner and lot.
 */
export const partnerAllotments = pgTable(
  'partner_allotments',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    places: integer('places').notNull(),
    releaseHours: integer('release_hours').notNull(),
  },
  (t) => [
    uniqueIndex('partner_allotments_partner_lot_idx').on(t.partnerId, t.lotId),
    index('partner_allotments_lot_idx').on(t.lotId),
    check('partner_allotments_places_positive', sql`${t.places} > 0`),
    check('partner_allotments_release_hours_valid', sql`${t.releaseHours} >= 0`),
  ],
);

/** The partner sells nothing in the lot from `start_date` to `end_date`, both included. */
export const partnerStopSells = pgTable(
  'partner_stop_sells',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    created: createdAt(),
  },
  (t) => [
    index('partner_stop_sells_lot_idx').on(t.lotId, t.startDate, t.endDate),
    check('partner_stop_sells_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Payments received from a partner for a statement month (issue 42, item 5): rows of the partner's account, never
 * changed or deleted. With the month's `account` movements of its bookings (booking_movements) they are the ledger
 * the statement's paid and still owed are worked out from (@parking/domain/partner-statement). `submission_key`,
 * made by the form when it opens, records a payment once however often it is sent.
 */
export const partnerPayments = pgTable(
  'partner_payments',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The statement month it settles, YYYY-MM. */
    month: text('month').notNull(),
    amount: money('amount').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    submissionKey: text('submission_key').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_payments_submission_idx').on(t.partnerId, t.submissionKey),
    index('partner_payments_month_idx').on(t.partnerId, t.month),
    check('partner_payments_amount_positive', sql`${t.amount} > 0`),
    check('partner_payments_month_valid', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
