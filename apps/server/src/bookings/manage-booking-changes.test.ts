/**
 * Manage my booking through the API, changing a booking: a dearer stay paid by card, a cheaper one
 * refunded, no change, extras and vehicle type priced as the booking engine prices them, and the
 * cut-off. A change against a full lot is in manage-booking-capacity.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manageMessages } from '@parking/domain/manage-booking';
import { messages } from '@parking/domain/messages';
import { extras } from '../db/schema/index';
import { mailTo } from '../test/mail';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, one } from '../test/server';

const { server, f, row, providerRefunds, pay, paidGuestBooking, guestToken, change, cancel, logs } =
  useManageBookingServer();

describe('changing dates', () => {
  it('a later return costs more: the difference is paid by card (4242…), logged and emailed', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const quote = await api(server.app, 'POST', `${V1}/manage-bookings/${booking.id}/change-quotes/`, {
      ...asGuest(token),
      body: doc('change-quotes', { endDatetime: '2026-12-05T18:00:00+11:00' }),
    });
    expect(one(quote.body).attributes).toMatchObject({
      totalCost: '70.00',
      amountDue: '18.00',
      refund: '0.00',
    });
    expect((await row(booking.id))?.totalCost).toBe('52.00');

    const changed = await change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token));
    expect(changed.status).toBe(200);
    const attributes = one(changed.body).attributes;
    // The change waits for its difference: the booking stays as booked (and paid) until then.
    expect(attributes).toMatchObject({
      totalCost: '52.00',
      amountPaid: '52.00',
      amountDue: '18.00',
      paymentStatus: 'paid',
      changePending: true,
    });
    expect(String(attributes.clientSecret)).toMatch(/^pi_/);
    expect(await logs(booking.id, 'updated')).toEqual([]);

    await pay(String(attributes.clientSecret));
    expect(await row(booking.id)).toMatchObject({
      totalCost: '70.00',
      amountPaid: '70.00',
      paymentStatus: 'paid',
      status: 'complete',
    });
    const [updated] = await logs(booking.id, 'updated');
    expect(updated?.info).toMatchObject({
      endDatetime: ['2026-12-03T07:00:00.000Z', '2026-12-05T07:00:00.000Z'],
      totalCost: ['52.00', '70.00'],
    });
    const mail = mailTo(server, booking.email).find((message) =>
      message.subject.includes('has been changed'),
    );
    expect(mail?.text).toContain('Thank you for paying the difference of $18.00.');
    expect(mail?.html).toContain('Manage my booking');
  });

  it('an earlier return costs less: the difference goes back to the card, once', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const changed = await change(booking.id, { endDatetime: '2026-12-01T18:00:00+11:00' }, asGuest(token));
    expect(changed.status).toBe(200);
    expect(one(changed.body).attributes).toMatchObject({
      totalCost: '25.00',
      amountPaid: '25.00',
      amountDue: '0.00',
      refunded: '27.00',
      clientSecret: null,
    });
    const intent = (await row(booking.id))?.paymentIntentId ?? '';
    expect(
      (await providerRefunds(intent)).map((object) => (object.data as { amount: number }).amount),
    ).toEqual([2700]);
    expect(await logs(booking.id, 'refunded')).toHaveLength(1);
    expect(mailTo(server, booking.email).at(-1)?.text).toContain('We have refunded $27.00 to your card.');
  });

  it('the same dates again change nothing and log nothing', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    expect(
      (await change(booking.id, { endDatetime: '2026-12-03T18:00:00+11:00' }, asGuest(token))).status,
    ).toBe(200);
    expect(await logs(booking.id, 'updated')).toHaveLength(0);
  });

  it('extras and vehicle type are priced as the booking engine prices them; kept extras keep their sold price', async () => {
    const booking = await paidGuestBooking({
      relationships: { extras: { data: [{ type: 'extras', id: String(f.valet.id) }] } },
    });
    const token = await guestToken(booking.code, booking.email);
    // The valet's price changes after the sale: the booking keeps its $120.
    await server.handle.db.update(extras).set({ basePrice: '150.00' }).where(eq(extras.id, f.valet.id));
    try {
      const added = await change(booking.id, {}, asGuest(token), {
        extras: {
          data: [
            { type: 'extras', id: String(f.valet.id) },
            { type: 'extras', id: String(f.wash.id) },
          ],
        },
      });
      expect(one(added.body).attributes).toMatchObject({ amountDue: '30.00', changePending: true });
      await pay(String(one(added.body).attributes.clientSecret));
      expect(await row(booking.id)).toMatchObject({
        extrasCost: '150.00',
        totalCost: '202.00',
        amountPaid: '202.00',
      });
      // An SUV: the wash's SUV variation ($40) and the valet at today's price.
      const suv = await change(booking.id, {}, asGuest(token), {
        vehicleType: { data: { type: 'vehicle-types', id: String(f.suv.id) } },
      });
      expect(one(suv.body).attributes).toMatchObject({ amountDue: '40.00', changePending: true });
      await pay(String(one(suv.body).attributes.clientSecret));
      expect(await row(booking.id)).toMatchObject({ extrasCost: '190.00', totalCost: '242.00' });
      const hidden = await change(booking.id, {}, asGuest(token), {
        extras: { data: [{ type: 'extras', id: String(f.hidden.id) }] },
      });
      expect(firstError(hidden.body)?.source?.pointer).toBe('/data/relationships/extras');
      const [updated] = (await logs(booking.id, 'updated')).slice(-1);
      expect(updated?.info).toMatchObject({
        vehicleTypeId: [f.sedan.id, f.suv.id],
        extrasCost: ['150.00', '190.00'],
      });
    } finally {
      await server.handle.db.update(extras).set({ basePrice: '120.00' }).where(eq(extras.id, f.valet.id));
    }
  });

  it('after the cut-off (2 hours before drop-off) nothing can be changed or cancelled', async () => {
    const booking = await paidGuestBooking();
    server.clock.current = new Date('2026-12-01T04:30:00+11:00');
    const token = await guestToken(booking.code, booking.email);
    const refused = await change(booking.id, { endDatetime: '2026-12-04T18:00:00+11:00' }, asGuest(token));
    expect(refused.status).toBe(400);
    expect(firstError(refused.body)?.detail).toBe(manageMessages.pastCutoff(2));
    expect((await cancel(booking.id, asGuest(token))).status).toBe(400);
    const view = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token));
    expect(one(view.body).attributes).toMatchObject({ canManage: false, cancellationRefund: null });
    expect(await row(booking.id)).toMatchObject({ status: 'complete', totalCost: '52.00' });
  });

  it('refuses a change that moves drop-off past its own cut-off, or invalid fields', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const tooSoon = await change(booking.id, { startDatetime: '2026-11-21T10:00:00+11:00' }, asGuest(token));
    expect(firstError(tooSoon.body)?.detail).toBe(manageMessages.pastCutoff(2));
    const inverted = await change(booking.id, { endDatetime: '2026-11-30T10:00:00+11:00' }, asGuest(token));
    expect(firstError(inverted.body)).toMatchObject({
      detail: messages.arrivalBeforeDeparture,
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const unknown = await change(booking.id, { totalCost: '1.00' }, asGuest(token));
    expect(unknown.status).toBe(400);
  });
});
