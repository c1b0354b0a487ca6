/**
 * Money you can trust, finding 3 (issue 20): a change passes every rule a new booking passes. The
 * stay limits (quickly, even in year 9999), a promo code's drop-off dates, and an unpaid difference
 * held no longer than an unpaid booking.
 */
import { describe, expect, it } from 'vitest';
import { stayTooLong, tooFarAhead } from '@parking/domain/stay-limits';
import { discounts } from '../db/schema/index';
import { useMoneyDesk } from '../test/money-desk';
import { firstError, one } from '../test/server';
import { presentByDay } from '../pricing/presence';

const { server, f, row, card, paidGuestBooking, manage } = useMoneyDesk();

describe('3. changes pass every rule a new booking passes', () => {
  it('refuses a stay beyond the horizon or too long, in a quote and in a change, quickly even in year 9999', async () => {
    const booking = await paidGuestBooking();
    const far = await manage(booking.id, 'changes', {
      startDatetime: '2029-01-10T06:00:00+11:00',
      endDatetime: '2029-01-12T18:00:00+11:00',
    });
    expect(firstError(far.body)).toMatchObject({
      detail: tooFarAhead(730),
      source: { pointer: '/data/attributes/startDatetime' },
    });
    const long = await manage(booking.id, 'changes', { endDatetime: '2029-01-12T18:00:00+11:00' });
    expect(firstError(long.body)).toMatchObject({
      detail: stayTooLong(365),
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const quote = await manage(booking.id, 'change-quotes', {
      startDatetime: '2031-01-10T06:00:00+11:00',
      endDatetime: '2031-01-12T18:00:00+11:00',
    });
    expect(quote.status).toBe(400);
    for (const year of ['4000', '9999']) {
      const started = performance.now();
      const answer = await manage(booking.id, 'change-quotes', {
        endDatetime: `${year}-01-12T18:00:00+11:00`,
      });
      expect(answer.status).toBe(400);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(await row(booking.id)).toMatchObject({ totalCost: booking.total, status: 'complete' });
  });

  it('a promo code limited to January drop-offs does not follow a stay moved to July', async () => {
    const [january] = await server.handle.db
      .insert(discounts)
      .values({
        name: 'January',
        promoCode: 'JAN50',
        rate: '0.5',
        validFrom: new Date('2026-01-01T00:00:00Z'),
        validTo: new Date('2027-12-31T00:00:00Z'),
        dropOffStart: new Date('2027-01-01T00:00:00+11:00'),
        dropOffEnd: new Date('2027-01-31T23:59:59+11:00'),
      })
      .returning();
    if (!january) throw new Error('discount');
    const booking = await paidGuestBooking({
      attributes: {
        promoCode: 'JAN50',
        startDatetime: '2027-01-10T06:00:00+11:00',
        endDatetime: '2027-01-12T18:00:00+11:00',
      },
    });
    expect(Number(booking.total)).toBe(26);
    const moved = await manage(booking.id, 'change-quotes', {
      startDatetime: '2027-07-10T06:00:00+10:00',
      endDatetime: '2027-07-12T18:00:00+10:00',
    });
    expect(one(moved.body).attributes).toMatchObject({
      promoDropped: 'JAN50',
      amountDiscounted: '0.00',
      totalCost: '52.00',
      amountDue: '26.00',
    });
    const within = await manage(booking.id, 'change-quotes', {
      startDatetime: '2027-01-20T06:00:00+11:00',
      endDatetime: '2027-01-22T18:00:00+11:00',
    });
    expect(one(within.body).attributes).toMatchObject({ promoDropped: null, totalCost: '26.00' });
  });

  it('an unpaid difference holds the added days only as long as an unpaid booking is held, and the booking is never complete owing them', async () => {
    const booking = await paidGuestBooking();
    const changed = await manage(booking.id, 'changes', { endDatetime: '2026-12-05T18:00:00+11:00' });
    expect(one(changed.body).attributes).toMatchObject({ changePending: true, amountDue: '18.00' });
    expect(await row(booking.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      totalCost: '52.00',
    });
    const held = async () =>
      (
        await presentByDay(
          server.handle.db,
          [f.outdoor.id],
          '2026-12-04',
          '2026-12-05',
          'Australia/Hobart',
          server.clock.now(),
        )
      ).get(f.outdoor.id) ?? [];
    const during = await held();
    server.clock.advance(16 * 60_000);
    const after = await held();
    expect(during).toEqual(after.map((count) => count + 1));
    // Paid after the hold, with room still there: the change is made.
    expect((await card(String(one(changed.body).attributes.clientSecret))).status).toBe(201);
    expect(await row(booking.id)).toMatchObject({
      totalCost: '70.00',
      amountPaid: '70.00',
      paymentStatus: 'paid',
    });
  });
});
