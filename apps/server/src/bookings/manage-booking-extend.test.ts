/**
 * Extend while away (issue 41) through the API: once the car is checked in and until the booked pick-up, the
 * traveller may move the return later (priced and checked like every change, the difference paid by card)
 * and nothing else; an extension racing a new booking for the last place gets it once, nothing oversold.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusedPaymentMessage } from '@parking/domain/ledger';
import { extensionMessages } from '@parking/domain/stay-extension';
import { bookings, custodyEntries, lots } from '../db/schema/index';
import { presentByDay } from '../pricing/presence';
import { bookingDoc } from '../test/booking-fixtures';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, Clock, firstError, one } from '../test/server';

const { server, f, row, pay, paidGuestBooking, guestToken, change, cancel, logs } = useManageBookingServer();

/** The morning after drop-off (1 Dec), the car checked in at the desk. */
async function checkedIn() {
  server.clock.current = new Clock().current;
  const booking = await paidGuestBooking();
  await server.handle.db
    .update(bookings)
    .set({ timeParked: new Date('2026-12-01T05:50:00+11:00') })
    .where(eq(bookings.id, booking.id));
  server.clock.current = new Date('2026-12-02T09:00:00+11:00');
  const token = await guestToken(booking.code, booking.email);
  return { ...booking, token };
}

const view = async (id: number, token: string) =>
  one((await api(server.app, 'GET', `${V1}/manage-bookings/${id}/`, asGuest(token))).body).attributes;

describe('extend while away', () => {
  it('a checked-in booking may move its return later: held until its difference is paid by card, then made', async () => {
    const booking = await checkedIn();
    expect(await view(booking.id, booking.token)).toMatchObject({ canManage: false, canExtend: true });

    const later = '2026-12-05T18:00:00+11:00';
    const quote = await api(server.app, 'POST', `${V1}/manage-bookings/${booking.id}/change-quotes/`, {
      ...asGuest(booking.token),
      body: { data: { type: 'change-quotes', attributes: { endDatetime: later } } },
    });
    expect(quote.status).toBe(200);
    const quoted = one(quote.body).attributes;
    expect(Number(quoted.amountDue)).toBeGreaterThan(0);

    const asked = await change(booking.id, { endDatetime: later }, asGuest(booking.token));
    expect(asked.status).toBe(200);
    const answer = one(asked.body).attributes;
    expect(answer).toMatchObject({ changePending: true, amountDue: quoted.amountDue });
    // Nothing moves before the difference is paid.
    expect((await row(booking.id))?.endDatetime?.toISOString()).toBe('2026-12-03T07:00:00.000Z');

    await pay(String(answer.clientSecret));
    const changed = await row(booking.id);
    expect(changed?.endDatetime?.toISOString()).toBe(new Date(later).toISOString());
    expect(changed?.totalCost).toBe(quoted.totalCost);
    // The desk's Edit History has the extension (stayExtended, the point where it is applied).
    const extended = await logs(booking.id, 'extended');
    expect(extended).toHaveLength(1);
    expect(extended[0]?.info).toEqual({
      endDatetime: ['2026-12-03T07:00:00.000Z', new Date(later).toISOString()],
    });
    expect(await view(booking.id, booking.token)).toMatchObject({
      endDatetime: changed?.endDatetime?.toISOString(),
    });
  });

  it('a later hour of the booked day costs nothing more: made at once, and logged as an extension', async () => {
    const booking = await checkedIn();
    const later = '2026-12-03T21:00:00+11:00';
    const made = await change(booking.id, { endDatetime: later }, asGuest(booking.token));
    expect(made.status).toBe(200);
    expect(one(made.body).attributes).toMatchObject({ changePending: false, clientSecret: null });
    expect((await row(booking.id))?.endDatetime?.toISOString()).toBe(new Date(later).toISOString());
    expect(await logs(booking.id, 'extended')).toHaveLength(1);
  });

  it('refuses an earlier return (it needs no change), anything else changed, and a cancellation', async () => {
    const booking = await checkedIn();
    const earlier = await change(
      booking.id,
      { endDatetime: '2026-12-02T18:00:00+11:00' },
      asGuest(booking.token),
    );
    expect(earlier.status).toBe(400);
    expect(firstError(earlier.body)).toMatchObject({
      code: 'earlier_return',
      detail: extensionMessages.earlierNeedsNoChange,
      source: { pointer: '/data/attributes/endDatetime' },
    });
    for (const attributes of [
      { endDatetime: '2026-12-05T18:00:00+11:00', rego: 'NEW 1' },
      { startDatetime: '2026-12-02T10:00:00+11:00', endDatetime: '2026-12-05T18:00:00+11:00' },
      { flightNumberIn: 'QF1599' },
    ]) {
      const other = await change(booking.id, attributes, asGuest(booking.token));
      expect(other.status).toBe(400);
      expect(firstError(other.body)).toMatchObject({
        code: 'extension_only',
        detail: extensionMessages.laterOnly,
      });
    }
    const extras = await change(
      booking.id,
      { endDatetime: '2026-12-05T18:00:00+11:00' },
      asGuest(booking.token),
      {
        extras: { data: [{ type: 'extras', id: String(f.wash.id) }] },
      },
    );
    expect(firstError(extras.body)?.code).toBe('extension_only');
    const cancelled = await cancel(booking.id, asGuest(booking.token));
    expect(cancelled.status).toBe(400);
    expect(firstError(cancelled.body)?.code).toBe('past_cutoff');
    expect((await row(booking.id))?.status).toBe('complete');
  });

  it('an extension paid after the car was handed back is refused and its payment refunded', async () => {
    const booking = await checkedIn();
    const asked = await change(
      booking.id,
      { endDatetime: '2026-12-05T18:00:00+11:00' },
      asGuest(booking.token),
    );
    const { clientSecret, amountDue } = one(asked.body).attributes;
    await server.handle.db.insert(custodyEntries).values({
      bookingId: booking.id,
      kind: 'handed_back',
      at: new Date('2026-12-02T08:30:00+11:00'),
    });
    const paid = await api(server.app, 'POST', `${V1}/local-payments/`, {
      body: {
        data: {
          type: 'local-payments',
          attributes: { clientSecret, number: '4242424242424242', expiry: '12 / 30', cvc: '123' },
        },
      },
    });
    expect(paid.status).toBe(400);
    expect(firstError(paid.body)?.detail).toBe(
      refusedPaymentMessage('extension_closed', `$${String(amountDue)}`),
    );
    expect((await row(booking.id))?.endDatetime?.toISOString()).toBe('2026-12-03T07:00:00.000Z');
    expect((await logs(booking.id, 'change_refused'))[0]?.info).toMatchObject({ reason: 'handed_back' });
    expect(await logs(booking.id, 'extended')).toHaveLength(0);
  });

  it('closes at the booked pick-up and after hand-back', async () => {
    const booking = await checkedIn();
    await server.handle.db.insert(custodyEntries).values({
      bookingId: booking.id,
      kind: 'handed_back',
      at: new Date('2026-12-02T08:30:00+11:00'),
    });
    expect(await view(booking.id, booking.token)).toMatchObject({ canManage: false, canExtend: false });
    const refused = await change(
      booking.id,
      { endDatetime: '2026-12-05T18:00:00+11:00' },
      asGuest(booking.token),
    );
    expect(firstError(refused.body)).toMatchObject({ code: 'past_cutoff', detail: extensionMessages.closed });

    const other = await checkedIn();
    // The booked pick-up (3 Dec, 18:00): a fresh look-up finds it closed.
    server.clock.current = new Date('2026-12-03T18:00:00+11:00');
    const token = await guestToken(other.code, other.email);
    expect(await view(other.id, token)).toMatchObject({ canExtend: false });
    const late = await change(other.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token));
    expect(firstError(late.body)?.code).toBe('past_cutoff');
  });

  it('an extension racing a new booking for the last place: one gets it, nothing is oversold', async () => {
    const booking = await checkedIn();
    const days = ['2026-12-04', '2026-12-05'] as const;
    const present = async () =>
      (
        await presentByDay(
          server.handle.db,
          [f.outdoor.id],
          days[0],
          days[1],
          server.config.timeZone,
          server.clock.now(),
        )
      ).get(f.outdoor.id) ?? [];
    const spaces = Math.max(0, ...(await present())) + 1;
    await server.handle.db
      .update(lots)
      .set({ spaces, fillRateThreshold: '1' })
      .where(eq(lots.id, f.outdoor.id));
    try {
      const [extension, newBooking] = await Promise.all([
        change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(booking.token)),
        api(server.app, 'POST', `${V1}/bookings/`, {
          body: bookingDoc(f, {
            attributes: {
              email: 'racer@example.com',
              startDatetime: '2026-12-04T06:00:00+11:00',
              endDatetime: '2026-12-05T18:00:00+11:00',
            },
          }),
        }),
      ]);
      const won = [extension.status === 200, newBooking.status === 201];
      expect(won.filter(Boolean)).toHaveLength(1);
      const loser = extension.status === 200 ? newBooking : extension;
      expect(loser.status).toBe(400);
      if (extension.status !== 200) expect(firstError(extension.body)?.code).toBe('lot_full');
      if (extension.status === 200) await pay(String(one(extension.body).attributes.clientSecret));
      else await pay(String(one(newBooking.body).attributes.clientSecret));
      // Held or paid, the place is taken once: no day is over the lot's spaces.
      for (const count of await present()) expect(count).toBeLessThanOrEqual(spaces);
      expect(Math.max(...(await present()))).toBe(spaces);
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.outdoor.spaces, fillRateThreshold: f.outdoor.fillRateThreshold })
        .where(eq(lots.id, f.outdoor.id));
    }
  });
});
