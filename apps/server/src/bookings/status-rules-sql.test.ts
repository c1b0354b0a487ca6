/**
 * The SQL built from the domain's status rules says what the domain's functions say, on the real database:
 * takesPlaceSql and takesPlace of every status made just inside, at and just outside its hold; the bookings
 * list's owing filter and balanceToPayCents of every status, owing or not.
 */
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PENDING_HOLD_MS, takesPlace } from '@parking/domain/capacity';
import { parseMoney } from '@parking/domain/money';
import { balanceToPayCents } from '@parking/domain/stay-phase';
import { bookings } from '../db/schema/index';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { useTestServer } from '../test/suite';
import { takesPlaceSql } from './status-rules-sql';
import { createUser, login } from '../test/factories';
import { api, many } from '../test/server';

const server = useTestServer();
let f: Fixtures;
beforeAll(async () => {
  f = await bookingFixtures(server.handle.db);
});

const STATUSES = ['complete', 'pending', 'payment_failed', 'cancelled', 'abandoned', 'error'] as const;

describe('which bookings take a place', () => {
  it('SQL and domain agree for every status and age around the hold', async () => {
    const db = server.handle.db;
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

  it("the bookings list's owing filter is the domain's balance to pay", async () => {
    const db = server.handle.db;
    const token = await login(server.app, (await createUser(db, { roles: ['Admins'] })).user.email);
    const made = [];
    for (const status of STATUSES)
      for (const [totalCost, amountPaid] of [
        ['50.00', '20.00'],
        ['50.00', '50.00'],
        ['50.00', '60.00'],
      ] as const)
        made.push(
          await insertBooking(db, {
            lotId: f.indoor.id,
            startDatetime: new Date('2026-12-05T06:00:00Z'),
            status,
            totalCost,
            amountPaid,
          }),
        );
    const listed = await api(
      server.app,
      'GET',
      '/backend/api/v1/bookings/?filter[owing]=true&page[size]=100',
      { token },
    );
    const owingIds = new Set(many(listed.body).map((booking) => Number(booking.id)));
    const owedByDomain = made.filter(
      (row) =>
        balanceToPayCents({
          status: row.status,
          totalCents: parseMoney(row.totalCost),
          paidCents: parseMoney(row.amountPaid ?? '0'),
        }) > 0,
    );
    expect(made.filter((row) => owingIds.has(row.id)).map((row) => row.id)).toEqual(
      owedByDomain.map((row) => row.id),
    );
    expect(owedByDomain.map((row) => row.status)).toEqual(['complete', 'pending', 'payment_failed']);
  });
});
