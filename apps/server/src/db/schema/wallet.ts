import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt, id, timestamptz } from './columns';

/**
 * A booking's wallet pass (issue 41), made when its first link is issued: the serial number both wallets know it
 * by, the authentication token Apple's devices send back (`ApplePass <token>`), and when its content last
 * changed (Apple's `passesUpdatedSince` and `Last-Modified`; bumped by the wallet-update job).
 */
export const walletPasses = pgTable('wallet_passes', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  serialNumber: text('serial_number').notNull().unique(),
  authenticationToken: text('authentication_token').notNull(),
  updated: timestamptz('updated').notNull().defaultNow(),
});

/** A device that added the pass to Apple Wallet (Apple's web service: register / unregister). */
export const walletDevices = pgTable(
  'wallet_devices',
  {
    deviceLibraryIdentifier: text('device_library_identifier').notNull(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => walletPasses.serialNumber, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'wallet_devices_pkey', columns: [t.deviceLibraryIdentifier, t.serialNumber] }),
    index('wallet_devices_serial_idx').on(t.serialNumber),
  ],
);

/**
 * What the local wallet adapters "sent" (development, tests, the demo): an APNs push to a device and a Google
 * Wallet object's update, listed for Admins like the captured mail.
 */
export const walletDeliveries = pgTable(
  'wallet_deliveries',
  {
    id: id(),
    kind: text('kind').$type<'apple-push' | 'google-update'>().notNull(),
    /** The push token, or the Google object's id. */
    target: text('target').notNull(),
    serialNumber: text('serial_number').notNull(),
    payload: jsonb('payload').notNull(),
    created: createdAt(),
  },
  (t) => [
    index('wallet_deliveries_created_idx').on(t.created),
    check('wallet_deliveries_kind_valid', sql`${t.kind} IN ('apple-push', 'google-update')`),
  ],
);
