import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { timestamptz } from './columns';

/**
 * A booking's bring-up (issue 41): where its car is on the way back to the traveller, one row per booking, made at
 * its first step or when the flight-status poller first learns its flight's arrival (no row: Expected, arrival
 * unknown). Each step's time, and who asked and who brings it up. Its statement trigger (migration 0023) NOTIFYs
 * `parking_changes` with 'bring_ups:' and the booking ids, for the board's and the traveller's event streams.
 */
export const bringUps = pgTable(
  'bring_ups',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('expected'),
    /** The arriving flight's latest known arrival (estimate or landing), as the poller last heard it. */
    arrival: timestamptz('arrival'),
    landedAt: timestamptz('landed_at'),
    askedAt: timestamptz('asked_at'),
    askedBy: text('asked_by'),
    bringingAt: timestamptz('bringing_at'),
    bringingBy: text('bringing_by'),
    bringingUserId: integer('bringing_user_id').references(() => users.id, { onDelete: 'set null' }),
    readyAt: timestamptz('ready_at'),
    bay: text('bay'),
    handedBackAt: timestamptz('handed_back_at'),
    updated: timestamptz('updated').notNull().defaultNow(),
  },
  (t) => [
    check(
      'bring_ups_state_valid',
      sql`${t.state} IN ('expected', 'landed', 'asked', 'bringing', 'ready', 'handed_back')`,
    ),
    check('bring_ups_asked_by_valid', sql`${t.askedBy} IS NULL OR ${t.askedBy} IN ('traveller', 'staff')`),
  ],
);
