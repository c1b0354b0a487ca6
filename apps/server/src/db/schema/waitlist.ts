import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { lots } from './catalogue';
import { createdAt, id, timestamptz } from './columns';

/**
 * The waitlist of full days (waitlist/waitlist.ts): one row per traveller, lot and stay. A row `pending` is not
 * confirmed by its address's owner yet and counts for nothing (dropped after a day). A row `offered`
 * holds one place on each day of its stay until `hold_expires_at` (pricing-data.ts counts it like an unpaid
 * booking). The emailed link's token is signed over the row's id and its random `nonce`, so the database
 * holds nothing that opens it.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    nonce: text('nonce').notNull(),
    email: text('email').notNull(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    // Unconfirmed until the address's owner opens the emailed link (issue 38): nothing counts before.
    status: text('status').notNull().default('pending'),
    joined: createdAt(),
    offeredAt: timestamptz('offered_at'),
    holdExpiresAt: timestamptz('hold_expires_at'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    updated: timestamptz('updated').notNull().defaultNow(),
  },
  (t) => [
    // Joining twice for the same stay and lot finds the row already there, confirmed or not.
    uniqueIndex('waitlist_entries_active_idx')
      .on(t.lotId, t.startDate, t.endDate, t.email)
      .where(sql`${t.status} IN ('pending', 'waiting', 'offered')`),
    index('waitlist_entries_lot_status_idx').on(t.lotId, t.status, t.joined),
    index('waitlist_entries_hold_idx').on(t.status, t.holdExpiresAt),
    check(
      'waitlist_entries_status_valid',
      sql`${t.status} IN ('pending', 'waiting', 'offered', 'booked', 'lapsed', 'left')`,
    ),
    check('waitlist_entries_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
