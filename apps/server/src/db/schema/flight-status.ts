import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FlightState } from '@parking/domain/flight-delay';
import { users } from './accounts';
import { timestamptz } from './columns';

/**
 * The local flight-status provider's flights (development, tests, the demo): an arriving flight's state and
 * estimate on the business date of its scheduled arrival, set by staff or a test. In the database so that
 * every instance (and its poller) sees the same flight.
 */
export const localFlightStatuses = pgTable(
  'local_flight_statuses',
  {
    flightNumber: text('flight_number').notNull(),
    arrivalDate: date('arrival_date').notNull(),
    state: text('state').$type<FlightState>().notNull(),
    /** When the flight is timetabled to land (null for a flight set before it was recorded). */
    scheduledArrival: timestamptz('scheduled_arrival'),
    estimatedArrival: timestamptz('estimated_arrival'),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updated: timestamptz('updated').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'local_flight_statuses_pkey', columns: [t.flightNumber, t.arrivalDate] }),
    check(
      'local_flight_statuses_state_valid',
      sql`${t.state} IN ('scheduled', 'delayed', 'cancelled', 'landed')`,
    ),
    check(
      'local_flight_statuses_estimate_needed',
      sql`${t.state} = 'cancelled' OR ${t.estimatedArrival} IS NOT NULL`,
    ),
  ],
);
