/**
 * Money you can trust, findings 4 and 5 (issue 20): a payment that arrives too late. After the place
 * was given up it meets the lot as it is (refunded if full); a cancelled booking cannot be paid, and a
 * payment the provider took before the cancellation reached it is refunded.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusedPaymentMessage } from '@parking/domain/ledger';
import { manageMessages } from '@parking/domain/manage-booking';
import { bookingMovements, bookings, lots } from '../db/schema/index';
import { chargeAtProvider } from '../test/provider-charge';
import { mailTo } from '../test/mail';
import { intentOf, useMoneyDesk, V1 } from '../test/money-desk';
import { api, doc, firstError, one } from '../test/server';
import { presentByDay } from '../pricing/presence';

const { server, f, desk, row, refundsOf, card, movements, guestBooking, paidGuestBooking, staffBooking } =
  useMoneyDesk();

describe('4. a payment after the place was given up meets the lot as it is', () => {
  it('declined, then the lot fills, then 4242… pays: refunded at once, and the lot is not oversold', async () => {
    await server.handle.db
      .update(lots)
      .set({ spaces: 2, fillRateThreshold: null })
      .where(eq(lots.id, f.indoor.id));
    try {
      const stay = { startDatetime: '2026-12-20T06:00:00+11:00', endDatetime: '2026-12-21T18:00:00+11:00' };
      const indoor = { lot: { data: { type: 'lots', id: String(f.indoor.id) } } };
      const x = await guestBooking({ attributes: stay, relationships: indoor });
      expect((await card(x.clientSecret, '4000000000000002')).status).toBe(400);
      expect((await row(x.id))?.status).toBe('payment_failed');
      await paidGuestBooking({ attributes: stay, relationships: indoor });
      await paidGuestBooking({ attributes: stay, relationships: indoor });

      const late = await card(x.clientSecret);
      expect(late.status).toBe(400);
      expect(firstError(late.body)?.detail).toBe(refusedPaymentMessage('no_space', `$${x.total}`));
      expect(await row(x.id)).toMatchObject({
        status: 'cancelled',
        amountPaid: '0.00',
        paymentStatus: 'refunded',
      });
      expect((await refundsOf(intentOf(x.clientSecret))).length).toBe(1);
      const present = (
        await presentByDay(
          server.handle.db,
          [f.indoor.id],
          '2026-12-20',
          '2026-12-21',
          'Australia/Hobart',
          server.clock.now(),
        )
      ).get(f.indoor.id);
      expect(present).toEqual([2, 2]);
      expect(mailTo(server, x.email).some((message) => message.subject.includes('has been refunded'))).toBe(
        true,
      );
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
        .where(eq(lots.id, f.indoor.id));
    }
  });
});

describe('5. a cancelled booking cannot be paid', () => {
  it('cancelling closes the open payment link at the provider', async () => {
    const created = await staffBooking({
      startDatetime: '2026-12-15T06:00:00+11:00',
      endDatetime: '2026-12-16T18:00:00+11:00',
    });
    const id = Number(one(created.body).id);
    const balance = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
      token: desk.staff,
      body: doc('payments', {}),
    });
    expect(balance.status).toBe(201);
    const secret = String(one(balance.body).attributes.clientSecret);
    expect(
      (
        await api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
          token: desk.staff,
          body: doc('cancellations', {}),
        })
      ).status,
    ).toBe(200);
    const paid = await card(secret);
    expect(paid.status).toBe(400);
    expect(firstError(paid.body)?.detail).toBe('This payment has been cancelled.');
    expect(await row(id)).toMatchObject({ status: 'cancelled', amountPaid: '0.00' });
    expect(await movements(id)).toEqual([]);
  });

  it('a payment the provider took before the cancellation reached it is refunded at once', async () => {
    const booking = await guestBooking();
    await server.handle.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    await chargeAtProvider(server, booking.clientSecret);
    const confirmed = await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
      body: doc('payment-confirmations', { clientSecret: booking.clientSecret }),
    });
    expect(firstError(confirmed.body)?.detail).toBe(refusedPaymentMessage('cancelled', `$${booking.total}`));
    expect(await row(booking.id)).toMatchObject({
      status: 'cancelled',
      amountPaid: '0.00',
      paymentStatus: 'refunded',
    });
    expect(await movements(booking.id)).toEqual([
      `payment stripe ${booking.total}`,
      `refund stripe ${booking.total}`,
    ]);
    expect(manageMessages.alreadyCancelled).toBeTruthy();
    expect(
      await server.handle.db
        .select()
        .from(bookingMovements)
        .where(and(eq(bookingMovements.bookingId, booking.id), eq(bookingMovements.kind, 'refund'))),
    ).toHaveLength(1);
  });
});
