/**
 * Manage my booking through the API, cancelling and paying: more than 24 hours ahead everything is
 * refunded once, within 24 hours the extras; an unpaid balance paid online once; staff open any
 * booking, and a token signed with another secret is refused.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manageMessages } from '@parking/domain/manage-booking';
import { issueManageToken } from './manage-tokens';
import { JOB_SCHEMA } from '../db/job-queue';
import { refundDue } from '../payments/booking-refunds';
import { presentByDay } from '../pricing/presence';
import { bookingDoc } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, one } from '../test/server';

const { server, f, row, providerRefunds, pay, paidGuestBooking, guestToken, cancel, logs } =
  useManageBookingServer();

describe('cancelling', () => {
  it('more than 24 hours ahead refunds everything through the provider, once, however often it is asked; the space is free at once', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const present = async () =>
      (
        await presentByDay(
          server.handle.db,
          [f.outdoor.id],
          '2026-12-02',
          '2026-12-02',
          server.config.timeZone,
          server.clock.now(),
        )
      ).get(f.outdoor.id)?.[0];
    const before = await present();

    const first = await cancel(booking.id, asGuest(token));
    expect(first.status).toBe(200);
    expect(one(first.body).attributes).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refunded: '52.00',
      amountPaid: '0.00',
    });
    expect(await present()).toBe((before ?? 0) - 1);
    const results = await Promise.all([
      cancel(booking.id, asGuest(token)),
      cancel(booking.id, asGuest(token)),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);

    const intent = (await row(booking.id))?.paymentIntentId ?? '';
    expect(await providerRefunds(intent)).toHaveLength(1);
    expect(await logs(booking.id, 'refunded')).toHaveLength(1);
    expect(await logs(booking.id, 'cancelled')).toHaveLength(1);
    expect(
      mailTo(server, booking.email).filter((message) => message.subject.includes('cancelled')),
    ).toHaveLength(1);
    expect(mailTo(server, booking.email).at(-1)?.text).toContain('We have refunded $52.00 to your card.');
  });

  it('a refund decided and not made (the process died after the commit) is made by its job, once', async () => {
    const booking = await paidGuestBooking();
    const intent = (await row(booking.id))?.paymentIntentId ?? '';
    // As a cancellation's transaction decides it; the request never gets to ask the provider.
    await server.handle.db.transaction((tx) =>
      refundDue(tx, {
        bookingId: booking.id,
        key: `died-${booking.id}`,
        cents: 5200,
        userId: null,
        now: server.clock.now(),
        reason: 'cancelled',
      }),
    );
    // The job waits a minute for the request to make it itself; then it runs.
    expect(await server.app.services.jobs.drain()).toBe(0);
    await server.handle.db.execute(
      sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET start_after = now() WHERE data->>'kind' = 'refund'`,
    );
    await server.app.services.jobs.drain();
    expect(await providerRefunds(intent)).toHaveLength(1);
    expect(await logs(booking.id, 'refunded')).toHaveLength(1);
    expect(
      one((await cancel(booking.id, asGuest(await guestToken(booking.code, booking.email)))).body).attributes,
    ).toMatchObject({ status: 'cancelled', amountPaid: '0.00' });
    // A refund the request made itself: its job finds it made and asks the provider nothing more.
    await server.handle.db.execute(
      sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET start_after = now() WHERE data->>'kind' = 'refund'`,
    );
    await server.app.services.jobs.drain();
    expect(await providerRefunds(intent)).toHaveLength(1);
  });

  it('within 24 hours keeps the parking and refunds the extras', async () => {
    const booking = await paidGuestBooking({
      relationships: { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
    });
    server.clock.current = new Date('2026-11-30T12:00:00+11:00');
    const token = await guestToken(booking.code, booking.email);
    const cancelled = await cancel(booking.id, asGuest(token));
    expect(one(cancelled.body).attributes).toMatchObject({
      status: 'cancelled',
      refunded: '30.00',
      amountPaid: '52.00',
    });
  });

  it('an unpaid balance can be paid online, and not twice', async () => {
    const owner = await createUser(server.handle.db);
    const ownerToken = await login(server.app, owner.user.email);
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: ownerToken,
      body: bookingDoc(f, {
        attributes: { email: owner.user.email },
        relationships: { customer: { data: { type: 'customers', id: String(owner.customer.id) } } },
      }),
    });
    const id = Number(one(created.body).id);
    const opened = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
      token: ownerToken,
      body: doc('payments', {}),
    });
    expect(opened.status).toBe(201);
    expect(one(opened.body).attributes.amount).toBe('52.00');
    await pay(String(one(opened.body).attributes.clientSecret));
    expect(await row(id)).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountPaid: '52.00' });
    const again = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
      token: ownerToken,
      body: doc('payments', {}),
    });
    expect(firstError(again.body)?.detail).toBe(manageMessages.nothingDue);
  });

  it('staff may open any booking; a token signed with another secret is refused', async () => {
    const booking = await paidGuestBooking();
    const admin = await createUser(server.handle.db, { roles: ['Admins'] });
    expect(
      (
        await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, {
          token: await login(server.app, admin.user.email),
        })
      ).status,
    ).toBe(200);
    const foreign = issueManageToken(
      'another-secret-another-secret-another',
      booking.id,
      server.clock.now(),
    ).token;
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(foreign))).status,
    ).toBe(403);
  });
});
