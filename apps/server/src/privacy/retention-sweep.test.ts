/**
 * The retention job (issue 38) on a real database: one instance at a time; guests and closed accounts past
 * RETENTION_YEARS de-identified, active customers and recent guests left alone; custody photos past
 * PHOTO_RETENTION_DAYS after hand-back deleted through the storage unless damage was recorded; each run recorded
 * and audited for Admins. And its settings.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import {
  auditLogs,
  bookings,
  custodyEntries,
  custodyPhotos,
  customers,
  retentionRuns,
} from '../db/schema/index';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { DAY, usePrivacyServer, V1, YEAR } from '../test/privacy-fixtures';
import { api, many } from '../test/server';
import { RETENTION_SWEEP_LOCK, sweepRetention } from './retention-sweep';

const { server, state, addPhoto } = usePrivacyServer();

describe('the retention job', () => {
  it('de-identifies guests and closed accounts past RETENTION_YEARS and deletes undamaged photos past PHOTO_RETENTION_DAYS', async () => {
    const db = server.handle.db;
    const now = server.clock.now();
    const guest = async (email: string, endedAgo: number, created = new Date(now.getTime() - 10 * YEAR)) => {
      const [customer] = await db
        .insert(customers)
        .values({
          email,
          firstName: 'Guest',
          lastName: email.split('@')[0] ?? '',
          phoneNumber: '0411 111 111',
          created,
        })
        .returning();
      const end = new Date(now.getTime() - endedAgo);
      const booking = await insertBooking(db, {
        lotId: state.lotId,
        customerId: customer?.id ?? null,
        startDatetime: new Date(end.getTime() - 2 * DAY),
        endDatetime: end,
        email,
        lastName: email.split('@')[0] ?? '',
      });
      return { customer: customer ?? { id: 0 }, booking };
    };
    const old = await guest('oldguest@example.com', 8 * YEAR);
    const oldPhoto = await addPhoto(old.booking.id, 'oldguest');
    const recent = await guest('recentguest@example.com', 6 * YEAR);
    const returning = await guest('returning@example.com', 8 * YEAR);
    await insertBooking(db, {
      lotId: state.lotId,
      customerId: returning.customer.id,
      startDatetime: new Date(now.getTime() - 30 * DAY),
    });
    // A registered, active customer's old stay is kept while the account is open.
    const member = await createUser(db, { email: 'member@example.com' });
    const memberBooking = await insertBooking(db, {
      lotId: state.lotId,
      customerId: member.customer.id,
      startDatetime: new Date(now.getTime() - 9 * YEAR),
    });
    await db
      .update(customers)
      .set({ created: new Date(now.getTime() - 10 * YEAR) })
      .where(eq(customers.id, member.customer.id));

    // Photos: handed back 100 days ago without damage (deleted), with damage (kept), 10 days ago (kept).
    const handedBack = async (ago: number, damage: unknown[]) => {
      const booking = await insertBooking(db, {
        lotId: state.lotId,
        customerId: member.customer.id,
        startDatetime: new Date(now.getTime() - ago - 3 * DAY),
      });
      await db.insert(custodyEntries).values([
        { bookingId: booking.id, kind: 'checked_in', at: booking.startDatetime, damage },
        { bookingId: booking.id, kind: 'handed_back', at: new Date(now.getTime() - ago) },
      ]);
      return addPhoto(booking.id, `photo-${ago}-${damage.length}`);
    };
    const undamaged = await handedBack(100 * DAY, []);
    const damaged = await handedBack(100 * DAY, [{ area: 'front', note: 'scratch' }]);
    const tooRecent = await handedBack(10 * DAY, []);

    // One instance at a time: while another holds the lock, this one does nothing.
    expect(
      await server.handle.withTryLock(RETENTION_SWEEP_LOCK, () =>
        sweepRetention(server.handle, server.config, server.app.services.photos, now),
      ),
    ).toBeNull();

    const run = await sweepRetention(server.handle, server.config, server.app.services.photos, now);
    expect(run).toMatchObject({ customersDeIdentified: 1, bookingsDeIdentified: 1, photosDeleted: 2 });

    const customerOf = async (id: number) =>
      (await db.select().from(customers).where(eq(customers.id, id)))[0];
    const bookingOf = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
    expect(await customerOf(old.customer.id)).toMatchObject({ firstName: 'De-identified', phoneNumber: '' });
    expect(await bookingOf(old.booking.id)).toMatchObject({ lastName: 'customer', totalCost: '25.00' });
    expect(await server.app.services.photos.get(oldPhoto.storageKey)).toBeNull();
    expect(await customerOf(recent.customer.id)).toMatchObject({ email: 'recentguest@example.com' });
    expect(await customerOf(returning.customer.id)).toMatchObject({ email: 'returning@example.com' });
    expect(await customerOf(member.customer.id)).toMatchObject({ email: 'member@example.com' });
    expect(await bookingOf(memberBooking.id)).toMatchObject({ email: 'traveller@example.com' });

    expect(await server.app.services.photos.get(undamaged.storageKey)).toBeNull();
    expect(await db.select().from(custodyPhotos).where(eq(custodyPhotos.id, undamaged.id))).toEqual([]);
    expect(await server.app.services.photos.get(damaged.storageKey)).not.toBeNull();
    expect(await server.app.services.photos.get(tooRecent.storageKey)).not.toBeNull();

    // Recorded, audited, and read by Admins only; a second run finds nothing left to do.
    const [row] = await db
      .select()
      .from(retentionRuns)
      .where(eq(retentionRuns.id, run?.id ?? 0));
    expect(row).toMatchObject({ retentionYears: 7, photoRetentionDays: 90, photosDeleted: 2 });
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, 'retention-runs'), eq(auditLogs.resourceId, String(run?.id))));
    expect(audit?.action).toBe('run');
    const listed = await api(server.app, 'GET', `${V1}/retention-runs/`, { token: state.adminToken });
    expect(many(listed.body)[0]).toMatchObject({
      type: 'retention-runs',
      id: String(run?.id),
      attributes: { customersDeIdentified: 1, bookingsDeIdentified: 1, photosDeleted: 2 },
    });
    const memberToken = await login(server.app, 'member@example.com');
    expect((await api(server.app, 'GET', `${V1}/retention-runs/`, { token: memberToken })).status).toBe(403);
    // Once a day: the hourly check finds a run started within the day and does nothing; a day on, it runs.
    const photos = server.app.services.photos;
    const hourLater = new Date(now.getTime() + 3_600_000);
    expect(
      await sweepRetention(server.handle, server.config, photos, hourLater, { onlyIfDue: true }),
    ).toBeNull();
    const dayLater = new Date(now.getTime() + DAY);
    expect(
      await sweepRetention(server.handle, server.config, photos, dayLater, { onlyIfDue: true }),
    ).not.toBeNull();
    expect(await sweepRetention(server.handle, server.config, server.app.services.photos, now)).toMatchObject(
      {
        customersDeIdentified: 0,
        bookingsDeIdentified: 0,
        photosDeleted: 0,
      },
    );
  });
});

describe('the retention settings', () => {
  it('default to 7 years and 90 days and refuse what the law or sense does not allow', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).retention).toEqual({ years: 7, photoDays: 90 });
    expect(
      loadConfig({ NODE_ENV: 'test', RETENTION_YEARS: '10', PHOTO_RETENTION_DAYS: '30' }).retention,
    ).toEqual({
      years: 10,
      photoDays: 30,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', RETENTION_YEARS: '3' })).toThrow('RETENTION_YEARS');
    expect(() => loadConfig({ NODE_ENV: 'test', PHOTO_RETENTION_DAYS: '0' })).toThrow('PHOTO_RETENTION_DAYS');
    expect(() => loadConfig({ NODE_ENV: 'test', PHOTO_RETENTION_DAYS: 'soon' })).toThrow(
      'PHOTO_RETENTION_DAYS',
    );
  });
});
