import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt, id } from './columns';
import { partners } from './partners';

/**
 * A partner's booking requests by their Idempotency-Key (partners/partner-bookings.ts): written in the booking's
 * transaction, so that a retry (or a concurrent one, held by the unique index until the first commits) is
 * answered what the first was, and the same key with another body is refused. A sandbox request keeps its
 * answer with no booking.
 */
export const partnerBookingRequests = pgTable(
  'partner_booking_requests',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the request body, its keys sorted. */
    requestHash: text('request_hash').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    responseStatus: integer('response_status').notNull(),
    response: jsonb('response').notNull(),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_booking_requests_key_idx').on(t.partnerId, t.idempotencyKey),
    index('partner_booking_requests_booking_idx').on(t.bookingId),
  ],
);
