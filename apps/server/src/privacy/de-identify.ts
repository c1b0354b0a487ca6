/**
 * De-identifying a customer's records (issue 38): used by an account's closing (privacy/account-closure.ts)
 * and by the retention job (privacy/retention-sweep.ts). The placeholders are the domain's
 * (@parking/domain/privacy); the bookings keep their money, dates, lot, extras and code, so that their tax
 * invoices still print (under the de-identified name) and the ledger still adds up. Custody photo rows are
 * deleted here, in the caller's transaction; their files are removed from the storage by the caller once it has
 * committed (a storage is not transactional: a file is never removed for a change that rolled back).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deIdentifiedBooking,
  deIdentifiedCustomer,
  deIdentifiedVehicle,
  DE_IDENTIFIED_NAME,
  deIdentifiedEmail,
  PERSONAL_FIELDS,
} from '@parking/domain/privacy';
import type { Executor } from '../db/client';
import {
  auditLogs,
  bookingLogs,
  bookings,
  contactSubmissions,
  custodyEntries,
  custodyPhotos,
  customers,
  vehicles,
  waitlistEntries,
} from '../db/schema/index';
import type { PhotoStorage } from '../photos/storage';

export interface DeIdentified {
  bookings: number;
  vehicles: number;
  /** Storage keys of the photos whose rows were deleted: remove them once committed. */
  photoKeys: string[];
}

const personalKeys = sql`ARRAY[${sql.join(
  PERSONAL_FIELDS.map((field) => sql`${field}`),
  sql`, `,
)}]::text[]`;

/** Drops the personal fields' before and after values from the audit rows of these records. */
export async function scrubAudit(db: Executor, resourceType: string, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(auditLogs)
    .set({ changes: sql`${auditLogs.changes} - ${personalKeys}` })
    .where(
      and(
        eq(auditLogs.resourceType, resourceType),
        inArray(
          auditLogs.resourceId,
          ids.map((id) => String(id)),
        ),
      ),
    );
}

/** Replaces the personal details of these bookings and deletes their custody photos' rows. */
export async function deIdentifyBookings(
  db: Executor,
  bookingIds: readonly number[],
  domain: string,
): Promise<{ bookings: number; photoKeys: string[] }> {
  if (!bookingIds.length) return { bookings: 0, photoKeys: [] };
  for (const id of bookingIds)
    await db
      .update(bookings)
      .set({ ...deIdentifiedBooking(id, domain), updated: sql`now()` })
      .where(eq(bookings.id, id));
  // Free text staff wrote on the custody record may name people; the record's facts (fuel, damage marks,
  // kilometres) stay with the booking.
  await db
    .update(custodyEntries)
    .set({ notes: '', keyTag: '' })
    .where(inArray(custodyEntries.bookingId, [...bookingIds]));
  // Their Edit History and audit rows keep what changed and when, not the details that were changed.
  await db
    .update(bookingLogs)
    .set({ info: sql`${bookingLogs.info} - ${personalKeys}` })
    .where(inArray(bookingLogs.bookingId, [...bookingIds]));
  await scrubAudit(db, 'bookings', bookingIds);
  const photos = await db
    .delete(custodyPhotos)
    .where(inArray(custodyPhotos.bookingId, [...bookingIds]))
    .returning({ storageKey: custodyPhotos.storageKey });
  return { bookings: bookingIds.length, photoKeys: photos.map((photo) => photo.storageKey) };
}

/**
 * A customer's records de-identified: the customer row, their saved vehicles, their bookings, and what was left
 * under their address elsewhere (waitlist entries, contact messages). `email` is their address before.
 */
export async function deIdentifyCustomer(
  db: Executor,
  customerId: number,
  email: string,
  domain: string,
): Promise<DeIdentified> {
  const owned = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.customerId, customerId));
  const done = await deIdentifyBookings(
    db,
    owned.map((row) => row.id),
    domain,
  );
  const cars = await db
    .update(vehicles)
    .set(deIdentifiedVehicle)
    .where(eq(vehicles.ownerId, customerId))
    .returning({ id: vehicles.id });
  await db
    .update(customers)
    .set(deIdentifiedCustomer(customerId, domain))
    .where(eq(customers.id, customerId));
  await scrubAudit(db, 'customers', [customerId]);
  await scrubAudit(
    db,
    'vehicles',
    cars.map((car) => car.id),
  );
  const address = email.trim().toLowerCase();
  if (address) {
    await db
      .update(waitlistEntries)
      .set({
        email: deIdentifiedEmail('customer', customerId, domain),
        status: sql`CASE WHEN ${waitlistEntries.status} IN ('pending', 'waiting', 'offered') THEN 'left' ELSE ${waitlistEntries.status} END`,
        updated: sql`now()`,
      })
      .where(sql`lower(${waitlistEntries.email}) = ${address}`);
    await db
      .update(contactSubmissions)
      .set({
        name: DE_IDENTIFIED_NAME,
        email: deIdentifiedEmail('customer', customerId, domain),
        phoneNumber: '',
        message: '(removed)',
      })
      .where(sql`lower(${contactSubmissions.email}) = ${address}`);
  }
  return { bookings: done.bookings, vehicles: cars.length, photoKeys: done.photoKeys };
}

/** Removes committed deletions' files; one that fails is logged (its row is gone: nothing serves it again). */
export async function removePhotoFiles(storage: PhotoStorage, keys: readonly string[]): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    try {
      await storage.remove(key);
      removed += 1;
    } catch (error) {
      console.error('privacy: a custody photo could not be removed from the storage', key, error);
    }
  }
  return removed;
}
