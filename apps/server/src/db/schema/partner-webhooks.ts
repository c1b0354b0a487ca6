import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partners } from './partners';
import { createdAt, id, timestamptz } from './columns';

/**
 * A partner's webhook (issue 42, item 3): where its availability messages go, and the secret they are signed with
 * (HMAC-SHA256, partners/webhook-signature.ts). The secret is kept as it is, since signing needs it; it is shown
 * to the partner once, when it is made. One per partner: registering again replaces the URL and the secret.
 */
export const partnerWebhooks = pgTable(
  'partner_webhooks',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    created: createdAt(),
  },
  (t) => [uniqueIndex('partner_webhooks_partner_idx').on(t.partnerId)],
);

/**
 * What changed that may alter what partners may sell, written by the changing transaction itself (migration 0028's
 * triggers on bookings, blockouts, lots, allotments and stop-sells; the allotment release sweep): a lot (null:
 * every lot), a partner (null: every partner), and the instants or the dates touched (all null: the whole
 * horizon). An instance claims unclaimed rows (`FOR UPDATE SKIP LOCKED`, so one instance per row) and queues the
 * pushes in the same transaction (partners/partner-push.ts). `dedupe_key` makes an allotment's release counted once.
 */
export const partnerPushChanges = pgTable(
  'partner_push_changes',
  {
    id: id(),
    // No foreign keys: a lot's deletion deletes its bookings, whose trigger writes here in the same statement.
    lotId: integer('lot_id'),
    partnerId: integer('partner_id'),
    fromAt: timestamptz('from_at'),
    toAt: timestamptz('to_at'),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    dedupeKey: text('dedupe_key'),
    created: createdAt(),
    claimedAt: timestamptz('claimed_at'),
  },
  (t) => [
    uniqueIndex('partner_push_changes_dedupe_idx').on(t.dedupeKey),
    index('partner_push_changes_claimed_idx').on(t.claimedAt),
  ],
);

/**
 * Each attempt to push availability to a partner's webhook (partners/partner-push.ts, migration 0029): when, whether
 * the webhook took it (a 2xx) or not, the HTTP status it answered (null when it could not be reached), the error,
 * how many days the message spoke of, and whether an Admin asked for it (a resync from the back office). The
 * partner's screen shows the last of them; the push sweep deletes those older than 30 days.
 */
export const partnerPushAttempts = pgTable(
  'partner_push_attempts',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    delivered: boolean('delivered').notNull(),
    httpStatus: integer('http_status'),
    error: text('error').notNull().default(''),
    days: integer('days').notNull().default(0),
    resync: boolean('resync').notNull().default(false),
  },
  (t) => [
    index('partner_push_attempts_partner_idx').on(t.partnerId, t.at),
    index('partner_push_attempts_at_idx').on(t.at),
    check('partner_push_attempts_days_non_negative', sql`${t.days} >= 0`),
  ],
);
