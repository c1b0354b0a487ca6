/**
 * The SQL that counts cars (takesPlaceSql) and the domain's rule (takesPlace) say the same of every booking:
 * each status, made just inside, at and just outside its hold, on the real database.
 */
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PENDING_HOLD_MS, takesPlace } from '@parking/domain/capacity';
import { bookings } from '../db/schema/index';
import { bookingFixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { useTestServer } from '../test/suite';
import { takesPlaceSql } from './place-taking';

const server = useTestServer();

const STATUSES = ['complete', 'pending', 'payment_failed', 'cancelled', 'abandoned', 'error'] as const;

describe('which bookings take a place', () => {
  it('SQL and domain agree for every status and age around the hold', async () => {
    const db = server.handle.db;
    const f = await bookingFixtures(db);
    const now = server.clock.now();
    const ages = [0, 60_000, PENDING_HOLD_MS - 1000, PENDING_HOLD_MS, PENDING_HOLD_MS + 1000, 86_400_000];
    const made = [];
    for (const status of STATUSES)
      for (const age of ages)
        made.push(
          await insertBooking(db, {
            lotId: f.outdoor.id,
            startDatetime: new Date('2026-12-01T06:00:00Z'),
            status,
            created: new Date(now.getTime() - age),
          }),
        );
    const counted = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        sql`${inArray(
          bookings.id,
          made.map((row) => row.id),
        )} AND ${takesPlaceSql('bookings', now)}`,
      );
    const bySql = new Set(counted.map((row) => row.id));
    const byDomain = made.filter((row) => takesPlace(row.status, row.created.getTime(), now.getTime()));
    expect([...bySql].sort()).toEqual(byDomain.map((row) => row.id).sort());
    // Complete always; pending only inside its hold; nothing else.
    expect(byDomain.map((row) => row.status)).toEqual([
      ...ages.map(() => 'complete'),
      'pending',
      'pending',
      'pending',
    ]);
  });
});
