/**
 * Money you can trust, finding 2 (issue 20): money is a ledger of movements, not one overwritten
 * amount. Cash then card, a paid booking plus an extra paid online then cancelled, and the payment
 * fields the ledger cannot honour.
 */
import { describe, expect, it } from 'vitest';
import { ledgerMessages } from '@parking/domain/ledger';
import { intentOf, useMoneyDesk, V1 } from '../test/money-desk';
import { api, doc, firstError, one } from '../test/server';

const { server, f, desk, row, refundsOf, card, movements, paidGuestBooking, staffBooking, manage } =
  useMoneyDesk();

describe('2. money is a ledger', () => {
  it('$30 cash taken by staff and the rest by card (Make Payment) pays the booking in full', async () => {
    const created = await staffBooking({ amountPaid: '30.00', paymentMethod: 'cash' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = one(created.body);
    const total = String(booking.attributes.totalCost);
    expect(booking.attributes).toMatchObject({
      amountPaid: '30.00',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
    });
    const rest = (Number(total) - 30).toFixed(2);
    const payment = await api(server.app, 'POST', `${V1}/payments/`, {
      token: desk.staff,
      body: doc(
        'payments',
        { amount: rest },
        { relationships: { booking: { data: { type: 'bookings', id: booking.id } } } },
      ),
    });
    expect(payment.status).toBe(201);
    expect((await card(String(one(payment.body).attributes.clientSecret))).status).toBe(201);
    expect(await row(Number(booking.id))).toMatchObject({
      amountPaid: total,
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      stripeComplete: false,
    });
    expect(await movements(Number(booking.id))).toEqual(['payment cash 30.00', `payment stripe ${rest}`]);
  });

  it('a paid booking plus an extra paid online has both paid; cancelling gives each back the way it came', async () => {
    const created = await staffBooking({
      startDatetime: '2026-12-10T06:00:00+11:00',
      endDatetime: '2026-12-12T18:00:00+11:00',
    });
    const booking = one(created.body);
    const id = Number(booking.id);
    const total = String(booking.attributes.totalCost);
    const patched = await api(server.app, 'PATCH', `${V1}/bookings/${id}/`, {
      token: desk.staff,
      body: {
        data: {
          type: 'bookings',
          id: String(id),
          attributes: { amountPaid: total, paymentMethod: 'eftpos' },
        },
      },
    });
    expect(one(patched.body).attributes).toMatchObject({
      amountPaid: total,
      paymentStatus: 'paid',
      paymentMethod: 'eftpos',
    });

    // The traveller adds an extra ($30) online and pays it by card.
    const changed = await manage(
      id,
      'changes',
      {},
      { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
    );
    expect(one(changed.body).attributes).toMatchObject({ changePending: true, amountDue: '30.00' });
    const secret = String(one(changed.body).attributes.clientSecret);
    expect((await card(secret)).status).toBe(201);
    const both = (Number(total) + 30).toFixed(2);
    expect(await row(id)).toMatchObject({
      amountPaid: both,
      totalCost: both,
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
    });

    // Cancelled well ahead: everything is refunded; the card's $30 through the provider, the EFTPOS by staff.
    const cancelled = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
      token: desk.staff,
      body: doc('cancellations', {}),
    });
    expect(one(cancelled.body).attributes).toMatchObject({ status: 'cancelled', refunded: both });
    expect(
      (await refundsOf(intentOf(secret))).map((refund) => (refund.data as { amount: number }).amount),
    ).toEqual([3000]);
    expect(await row(id)).toMatchObject({ amountPaid: total, paymentStatus: 'refunded' });
    expect(await movements(id)).toEqual([
      `payment eftpos ${total}`,
      'payment stripe 30.00',
      'refund stripe 30.00',
    ]);
    // Staff hand the EFTPOS back and record it: nothing is left paid.
    const handedBack = await api(server.app, 'PATCH', `${V1}/bookings/${id}/`, {
      token: desk.staff,
      body: {
        data: {
          type: 'bookings',
          id: String(id),
          attributes: { amountPaid: '0.00', paymentMethod: 'eftpos' },
        },
      },
    });
    expect(one(handedBack.body).attributes).toMatchObject({ amountPaid: '0.00', paymentStatus: 'refunded' });
  });

  it('payment fields the ledger cannot honour are refused beside the field, and nothing is saved', async () => {
    const noMethod = await staffBooking({ amountPaid: '10.00' });
    expect(firstError(noMethod.body)).toMatchObject({
      detail: ledgerMessages.methodRequired,
      source: { pointer: '/data/attributes/paymentMethod' },
    });
    const byHand = await staffBooking({ amountPaid: '10.00', paymentMethod: 'stripe' });
    expect(firstError(byHand.body)?.detail).toBe(ledgerMessages.cardByHand);
    const status = await staffBooking({ paymentStatus: 'paid' });
    expect(firstError(status.body)).toMatchObject({
      detail: ledgerMessages.statusDerived('unpaid'),
      source: { pointer: '/data/attributes/paymentStatus' },
    });

    const paid = await paidGuestBooking();
    const cashRefund = await api(server.app, 'PATCH', `${V1}/bookings/${paid.id}/`, {
      token: desk.staff,
      body: {
        data: {
          type: 'bookings',
          id: String(paid.id),
          attributes: { amountPaid: '0.00', paymentMethod: 'cash' },
        },
      },
    });
    expect(firstError(cashRefund.body)?.source?.pointer).toBe('/data/attributes/amountPaid');
    expect(await row(paid.id)).toMatchObject({ amountPaid: paid.total, paymentStatus: 'paid' });
  });
});
