import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, users } from './accounts';
import { id, timestamptz } from './columns';

/**
 * Accounts their customers closed (issue 38, privacy/account-closure.ts): one row per closing, written in the
 * closing's transaction with what it did. The user and customer rows stay (de-identified) so that the kept
 * bookings and their tax invoices still belong to someone; Admins read these rows (privacy/privacy-routes.ts).
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    closedAt: timestamptz('closed_at').notNull(),
    bookingsDeIdentified: integer('bookings_de_identified').notNull().default(0),
    vehiclesDeIdentified: integer('vehicles_de_identified').notNull().default(0),
    photosDeleted: integer('photos_deleted').notNull().default(0),
    sessionsEnded: integer('sessions_ended').notNull().default(0),
  },
  (t) => [
    uniqueIndex('account_closures_user_id_key').on(t.userId),
    index('account_closures_closed_at_idx').on(t.closedAt),
    check(
      'account_closures_counts_non_negative',
      sql`${t.bookingsDeIdentified} >= 0 AND ${t.vehiclesDeIdentified} >= 0 AND ${t.photosDeleted} >= 0 AND ${t.sessionsEnded} >= 0`,
    ),
  ],
);

/** The daily retention job's runs (privacy/retention-sweep.ts): what each did, for Admins. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: id(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at').notNull(),
    retentionYears: integer('retention_years').notNull(),
    photoRetentionDays: integer('photo_retention_days').notNull(),
    customersDeIdentified: integer('customers_de_identified').notNull().default(0),
    bookingsDeIdentified: integer('bookings_de_identified').notNull().default(0),
    photosDeleted: integer('photos_deleted').notNull().default(0),
  },
  (t) => [
    index('retention_runs_started_at_idx').on(t.startedAt),
    check(
      'retention_runs_counts_non_negative',
      sql`${t.customersDeIdentified} >= 0 AND ${t.bookingsDeIdentified} >= 0 AND ${t.photosDeleted} >= 0`,
    ),
  ],
);
