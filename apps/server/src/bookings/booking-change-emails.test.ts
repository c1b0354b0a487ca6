import { describe, expect, it } from 'vitest';
import { bookingCancelledMessage, bookingChangedMessage, type MailBooking } from './booking-change-emails';

const booking: MailBooking = {
  id: 7,
  bookingCode: 'Q6H8RQZG',
  email: 'ada@example.com',
  firstName: 'Ada',
  lotName: 'Outdoor',
  // 06:00 and 18:00 in Hobart (UTC+11 in December).
  startDatetime: new Date('2026-12-14T19:00:00Z'),
  endDatetime: new Date('2026-12-18T07:00:00Z'),
  rego: 'ABC123',
  totalCost: '143.90',
  amountPaid: '143.90',
  extras: [],
};
const options = {
  timeZone: 'Australia/Hobart',
  manageUrl: 'https://example.com/m',
  bookUrl: 'https://example.com',
};

describe('change and cancellation emails', () => {
  it('write dates as the confirmation does (D/MM/YYYY), never "Tue, 15 Dec 2026"', () => {
    for (const message of [
      bookingChangedMessage(
        booking,
        { fields: ['endDatetime'], dueCents: 0, refundedCents: 0, creditCents: 0 },
        options,
      ),
      bookingCancelledMessage(booking, { refundedCents: 14390, creditCents: 0 }, options),
    ]) {
      expect(message.text).toContain('Drop-off: Tue 15/12/2026, 6:00 am');
      expect(message.text).toContain('Pick-up: Fri 18/12/2026, 6:00 pm');
      expect(message.text).not.toMatch(/Dec 2026/);
      expect(message.html).toContain('Tue 15/12/2026');
    }
  });

  it('names what changed in words, never the columns', () => {
    const message = bookingChangedMessage(
      booking,
      {
        fields: ['startDatetime', 'endDatetime', 'parkingCost', 'totalCost', 'extras'],
        dueCents: 0,
        refundedCents: 0,
        creditCents: 0,
      },
      options,
    );
    expect(message.text).toContain('has been changed (drop-off, pick-up, price and extras).');
    expect(message.text).not.toMatch(/Datetime|parkingCost/);
  });
});
