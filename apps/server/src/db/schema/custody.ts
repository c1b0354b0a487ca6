import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { customers, users } from './accounts';
import { bookings } from './bookings';
import { lotRegions } from './catalogue';
import { createdAt, id, timestamptz } from './columns';

/**
 * A car's custody record (issue 23), one row per event, never updated: checked in (where, fuel,
 * damage, kilometres in, key tag, notes), moved (where to), handed back (kilometres out). `at` is when
 * it happened as staff entered it; `staff_id` who did it (a staff customer, as Parked By is);
 * `recorded_by_id` the signed-in user who saved it. The booking's check-in columns are kept equal to
 * the latest check-in and move by custody/custody.ts, in the same transaction.
 */
export const custodyEntries = pgTable(
  'custody_entries',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamptz('at').notNull(),
    staffId: integer('staff_id').references(() => customers.id, { onDelete: 'set null' }),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    lotRegionId: integer('lot_region_id').references(() => lotRegions.id, { onDelete: 'set null' }),
    lotRegionRow: integer('lot_region_row'),
    fuelLevel: text('fuel_level').notNull().default(''),
    /** [{ area, note }]: the marked areas of the car outline. */
    damage: jsonb('damage').notNull().default([]),
    kilometers: integer('kilometers'),
    keyTag: text('key_tag').notNull().default(''),
    notes: text('notes').notNull().default(''),
    created: createdAt(),
  },
  (t) => [
    index('custody_entries_booking_idx').on(t.bookingId, t.id),
    check('custody_entries_kind_valid', sql`${t.kind} IN ('checked_in', 'moved', 'handed_back')`),
    check('custody_entries_row_positive', sql`${t.lotRegionRow} IS NULL OR ${t.lotRegionRow} > 0`),
    check(
      'custody_entries_kilometers_range',
      sql`${t.kilometers} IS NULL OR ${t.kilometers} BETWEEN 0 AND 9999999`,
    ),
  ],
);

/**
 * Photos of a car in our care. The id is random (never guessable, never a public address); the bytes
 * live in the photo storage (filesystem or S3) under `storage_key`, read only through the authorised
 * route.
 */
export const custodyPhotos = pgTable(
  'custody_photos',
  {
    id: text('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [index('custody_photos_booking_idx').on(t.bookingId, t.created)],
);
