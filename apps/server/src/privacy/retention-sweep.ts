/**
 * The retention job (issue 38, Australian Privacy Principle 11.2): once a day (each instance asks hourly whether a
 * run is due), on one instance at a time (an advisory lock, as the other sweeps), it
 *
 * - de-identifies guests and closed accounts (customers with no login, or a login no longer active, who are not
 *   staff and not de-identified yet) whose last stay ended more than RETENTION_YEARS ago, with nothing booked
 *   since; and bookings that belong to no customer any more, past the same date;
 * - deletes the custody photos of cars handed back more than PHOTO_RETENTION_DAYS ago, unless damage was recorded
 *   at check-in (the photos are the evidence of a claim; they go with the record after RETENTION_YEARS).
 *
 * Each customer is done in its own transaction (a failure leaves the others done); the photos' files are removed
 * from the storage after their rows' deletion has committed. Each run is recorded in retention_runs with its
 * counts, and in the audit log, for Admins (privacy/privacy-routes.ts).
 */
import { gt, inArray, sql } from 'drizzle-orm';
import { daysBefore, DE_IDENTIFIED_EMAIL_PREFIX, yearsBefore } from '@parking/domain/privacy';
import type { Config } from '../config/config';
import type { DatabaseHandle } from '../db/client';
import { auditLogs, custodyPhotos, retentionRuns } from '../db/schema/index';
import type { PhotoStorage } from '../photos/storage';
import { deIdentifyBookings, deIdentifyCustomer, removePhotoFiles } from './de-identify';
import { every } from '../jobs/every';

/** The advisory lock of the job (727001 migrations, 727002 payment sweep, 727003 waitlist sweep and flight poll). */
export const RETENTION_SWEEP_LOCK = 727011;
/** How often an instance asks whether a run is due: hourly, so restarts and deploys never put a run off for long. */
const RETENTION_CHECK_MS = 60 * 60_000;
/** A run is due when none has started within this (a day, with an hour's slack for the hourly check). */
const RETENTION_EVERY_MS = 23 * 60 * 60_000;
/** Rows handled per statement; a run goes on until nothing is left. */
const BATCH = 200;

export interface RetentionResult {
  id: number;
  customersDeIdentified: number;
  bookingsDeIdentified: number;
  photosDeleted: number;
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

// The placeholder address is the mark of a record already de-identified (the prefix has no LIKE wildcards).
const notDeIdentified = (column: string) =>
  sql`${sql.raw(column)} NOT LIKE ${`${DE_IDENTIFIED_EMAIL_PREFIX}%`}`;

/**
 * One run at `now`; null when another instance holds the lock, or (with `onlyIfDue`) when a run started within
 * RETENTION_EVERY_MS already (asked under the lock, so two instances never both find it due).
 */
export function sweepRetention(
  handle: DatabaseHandle,
  config: Config,
  photos: PhotoStorage,
  now: Date,
  options: { onlyIfDue?: boolean } = {},
): Promise<RetentionResult | null> {
  return handle.withTryLock(RETENTION_SWEEP_LOCK, async () => {
    const db = handle.db;
    if (options.onlyIfDue) {
      const since = new Date(now.getTime() - RETENTION_EVERY_MS);
      const [recent] = await db
        .select({ id: retentionRuns.id })
        .from(retentionRuns)
        .where(gt(retentionRuns.startedAt, since))
        .limit(1);
      if (recent) return null;
    }
    const domain = config.emailDomain;
    const cutoff = yearsBefore(now, config.retention.years).toISOString();
    const photoCutoff = daysBefore(now, config.retention.photoDays).toISOString();
    let customersDone = 0;
    let bookingsDone = 0;
    let photosDone = 0;

    // Guests and closed accounts past their retention, a batch at a time (each one leaves the candidates).
    const skipped = new Set<number>();
    for (;;) {
      const candidates = rowsOf<{ id: number; email: string }>(
        await db.execute(sql`
          SELECT c.id, c.email FROM customers c
          LEFT JOIN users u ON u.id = c.user_id
          WHERE NOT c.staff AND (c.user_id IS NULL OR NOT u.is_active) AND ${notDeIdentified('c.email')}
            AND c.created < ${cutoff}
            AND NOT EXISTS (
              SELECT 1 FROM bookings b WHERE b.customer_id = c.id
                AND coalesce(b.end_datetime, b.start_datetime) >= ${cutoff})
          ORDER BY c.id LIMIT ${BATCH}`),
      ).filter((row) => !skipped.has(row.id));
      if (!candidates.length) break;
      for (const candidate of candidates) {
        try {
          const done = await db.transaction((tx) =>
            deIdentifyCustomer(tx, candidate.id, candidate.email, domain),
          );
          customersDone += 1;
          bookingsDone += done.bookings;
          photosDone += done.photoKeys.length;
          await removePhotoFiles(photos, done.photoKeys);
        } catch (error) {
          skipped.add(candidate.id);
          console.error('retention: a customer could not be de-identified', candidate.id, error);
        }
      }
      if (candidates.every((row) => skipped.has(row.id))) break;
    }

    // Bookings whose customer record is gone, past the same date.
    for (;;) {
      const orphans = rowsOf<{ id: number }>(
        await db.execute(sql`
          SELECT b.id FROM bookings b
          WHERE b.customer_id IS NULL AND ${notDeIdentified('b.email')}
            AND coalesce(b.end_datetime, b.start_datetime) < ${cutoff}
          ORDER BY b.id LIMIT ${BATCH}`),
      );
      if (!orphans.length) break;
      const done = await db.transaction((tx) =>
        deIdentifyBookings(
          tx,
          orphans.map((row) => Number(row.id)),
          domain,
        ),
      );
      bookingsDone += done.bookings;
      photosDone += done.photoKeys.length;
      await removePhotoFiles(photos, done.photoKeys);
    }

    // Custody photos of cars handed back long ago with no damage recorded at check-in.
    for (;;) {
      const due = rowsOf<{ id: string; storage_key: string }>(
        await db.execute(sql`
          SELECT p.id, p.storage_key FROM custody_photos p
          JOIN bookings b ON b.id = p.booking_id
          WHERE b.damage = ''
            AND (SELECT max(h.at) FROM custody_entries h
                 WHERE h.booking_id = p.booking_id AND h.kind = 'handed_back') < ${photoCutoff}
            AND NOT EXISTS (
              SELECT 1 FROM custody_entries c WHERE c.booking_id = p.booking_id
                AND c.kind = 'checked_in' AND jsonb_typeof(c.damage) = 'array'
                AND jsonb_array_length(c.damage) > 0)
          ORDER BY p.id LIMIT ${BATCH}`),
      );
      if (!due.length) break;
      const ids = due.map((row) => row.id);
      await db.transaction((tx) => tx.delete(custodyPhotos).where(inArray(custodyPhotos.id, ids)));
      photosDone += due.length;
      await removePhotoFiles(
        photos,
        due.map((row) => row.storage_key),
      );
    }

    return db.transaction(async (tx) => {
      const [run] = await tx
        .insert(retentionRuns)
        .values({
          startedAt: now,
          finishedAt: new Date(Math.max(Date.now(), now.getTime())),
          retentionYears: config.retention.years,
          photoRetentionDays: config.retention.photoDays,
          customersDeIdentified: customersDone,
          bookingsDeIdentified: bookingsDone,
          photosDeleted: photosDone,
        })
        .returning();
      if (!run) throw new Error('The retention run was not recorded');
      await tx.insert(auditLogs).values({
        userId: null,
        timestamp: now,
        resourceType: 'retention-runs',
        resourceId: String(run.id),
        action: 'run',
        changes: {
          customersDeIdentified: { from: null, to: customersDone },
          bookingsDeIdentified: { from: null, to: bookingsDone },
          photosDeleted: { from: null, to: photosDone },
        },
      });
      return {
        id: run.id,
        customersDeIdentified: customersDone,
        bookingsDeIdentified: bookingsDone,
        photosDeleted: photosDone,
      };
    });
  });
}

/**
 * Asks every hour whether a run is due and runs it if so (once a day across all instances); a failed run is
 * logged and the next hour tries again.
 */
export function startRetentionSweep(
  handle: DatabaseHandle,
  config: Config,
  photos: PhotoStorage,
  intervalMs = RETENTION_CHECK_MS,
  clock: () => Date = () => new Date(),
): { stop(): Promise<void> } {
  return every(intervalMs, 'retention job', () =>
    sweepRetention(handle, config, photos, clock(), { onlyIfDue: true }),
  );
}
