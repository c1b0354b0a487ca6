/**
 * Manage my booking through the API, a dearer change waiting for its difference (issue 40): the booking's page
 * shows what the change makes of it (dates, charges, difference, hold, its card payment), and DELETE
 * manage-bookings/{id}/pending-change/ ("Keep my booking as it is") drops it, frees its places at once and
 * closes its payment; asked again it changes nothing. Only those who may manage the booking may drop it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { bookingChanges, payments } from '../db/schema/index';
import { presentByDay } from '../pricing/presence';
import { createUser, login } from '../test/factories';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, one } from '../test/server';

const { server, f, row, paidGuestBooking, guestToken, change, logs } = useManageBookingServer();

const keep = (id: number, auth: { headers?: Record<string, string>; token?: string }) =>
  api(server.app, 'DELETE', `${V1}/manage-bookings/${id}/pending-change/`, auth);

/** Cars present in the outdoor lot on 4 and 5 December (the days the change adds). */
const presentOn4And5 = async () =>
  (
    await presentByDay(
      server.handle.db,
      [f.outdoor.id],
      '2026-12-04',
      '2026-12-05',
      server.config.timeZone,
      server.clock.now(),
    )
  ).get(f.outdoor.id) ?? [];

describe('a change waiting for its payment', () => {
  it('is shown with its dates, charges and hold; Keep my booking as it is drops it and frees its places', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const before = await presentOn4And5();
    const changed = await change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token));
    expect(changed.status).toBe(200);
    const secret = String(one(changed.body).attributes.clientSecret);
    expect((await presentOn4And5()).map((cars, day) => cars - (before[day] ?? 0))).toEqual([1, 1]);

    // Read again (a reload of the page), the booking is as booked and the change is named beside it.
    const read = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token));
    expect(read.status).toBe(200);
    const attributes = one(read.body).attributes;
    expect(attributes).toMatchObject({ totalCost: '52.00', endDatetime: '2026-12-03T07:00:00.000Z' });
    expect(attributes.pendingChange).toEqual({
      startDatetime: attributes.startDatetime,
      endDatetime: '2026-12-05T07:00:00.000Z',
      parkingCost: '70.00',
      subscriptionDiscount: '0.00',
      amountDiscounted: '0.00',
      extrasCost: '0.00',
      totalCost: '70.00',
      gst: '6.36',
      changed: expect.arrayContaining(['endDatetime', 'totalCost']) as unknown,
      amountDue: '18.00',
      holdExpires: new Date(server.clock.now().getTime() + PENDING_HOLD_MS).toISOString(),
      clientSecret: secret,
      promoDropped: null,
    });

    const kept = await keep(booking.id, asGuest(token));
    expect(kept.status).toBe(200);
    expect(one(kept.body).attributes).toMatchObject({ pendingChange: null, totalCost: '52.00' });
    expect(await row(booking.id)).toMatchObject({
      totalCost: '52.00',
      amountPaid: '52.00',
      status: 'complete',
    });
    // Its places are free at once, not when its hold would have lapsed.
    expect(await presentOn4And5()).toEqual(before);
    const [dropped] = await server.handle.db
      .select({ status: bookingChanges.status, intent: bookingChanges.paymentIntentId })
      .from(bookingChanges)
      .where(eq(bookingChanges.bookingId, booking.id));
    expect(dropped?.status).toBe('cancelled');
    // Its card payment can no longer take money.
    const [payment] = await server.handle.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.providerPaymentId, dropped?.intent ?? '')));
    expect(payment?.status).toBe('canceled');
    expect(await logs(booking.id, 'change_withdrawn')).toHaveLength(1);

    // Asked again: nothing to drop, nothing logged twice.
    expect((await keep(booking.id, asGuest(token))).status).toBe(200);
    expect(await logs(booking.id, 'change_withdrawn')).toHaveLength(1);
  });

  it('is dropped only by those who may manage the booking: 403 without access, another booking’s token, 404 for a stranger', async () => {
    const booking = await paidGuestBooking();
    const other = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    expect(
      (await change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token))).status,
    ).toBe(200);

    expect((await keep(booking.id, {})).status).toBe(403);
    expect((await keep(booking.id, asGuest(await guestToken(other.code, other.email)))).status).toBe(403);
    const stranger = await login(server.app, (await createUser(server.handle.db)).user.email);
    expect((await keep(booking.id, { token: stranger })).status).toBe(404);
    expect((await keep(999_999, asGuest(token))).status).toBe(403);
    const [waiting] = await server.handle.db
      .select({ status: bookingChanges.status })
      .from(bookingChanges)
      .where(eq(bookingChanges.bookingId, booking.id));
    expect(waiting?.status).toBe('awaiting_payment');

    // Staff may drop it for the traveller.
    const admin = await login(
      server.app,
      (await createUser(server.handle.db, { roles: ['Admins'] })).user.email,
    );
    expect((await keep(booking.id, { token: admin })).status).toBe(200);
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, { token: admin })).body,
    ).toMatchObject({ data: { attributes: { pendingChange: null } } });
  });

  it('a change body on the DELETE is not read; an unknown booking id in the path is not found', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const kept = await api(server.app, 'DELETE', `${V1}/manage-bookings/${booking.id}/pending-change/`, {
      ...asGuest(token),
      body: doc('booking-changes', { endDatetime: '2026-12-09T18:00:00+11:00' }),
    });
    expect(kept.status).toBe(200);
    expect((await row(booking.id))?.endDatetime?.toISOString()).toBe('2026-12-03T07:00:00.000Z');
    expect((await keep(Number.NaN, asGuest(token))).status).toBe(404);
  });
});
