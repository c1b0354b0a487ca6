import { describe, expect, it } from 'vitest';
import { bookingFieldLabel, describeBookingLog, listInWords } from './booking-history';

describe('booking history in sentences', () => {
  it('names changed fields by the booking form’s labels, joined in words', () => {
    expect(describeBookingLog('updated', { endDatetime: ['a', 'b'], extras: [[], [1]] })).toBe(
      'Changed Arrival Date and Extras',
    );
    expect(
      describeBookingLog('updated', { amountPaid: ['0', '5'], paymentMethod: [null, 'cash'], lotId: [1, 2] }),
    ).toBe('Changed Amount Paid, Payment Method and Parking Space');
  });

  it('says what a payment did, never its internal keys', () => {
    const sentence = describeBookingLog('payment_succeeded', {
      amount: '122.30',
      paymentIntent: 'pi_123',
      source: 'webhook',
    });
    expect(sentence).toBe('Card payment of $122.30 received');
    expect(sentence).not.toMatch(/intent|source|amount/i);
  });

  it('tells creation, cancellation, refunds and refusals apart', () => {
    expect(describeBookingLog('created', { source: 'website', totalCost: '63.00' })).toBe(
      'Booked online for $63.00',
    );
    expect(describeBookingLog('created', { source: 'staff', totalCost: '0' })).toBe(
      'Created in the back office',
    );
    expect(
      describeBookingLog('cancelled', { source: 'manage-booking', refund: '143.90', retained: '0.00' }),
    ).toBe('Cancelled online by the traveller, $143.90 to refund');
    expect(describeBookingLog('cancelled', { source: 'payment', reason: 'no_space' })).toBe(
      'Cancelled: the car park filled up before the payment arrived',
    );
    expect(describeBookingLog('refunded', { amount: '20.00', credit: '0.00', key: 'k' })).toBe(
      'Refunded $20.00 to the card',
    );
    expect(describeBookingLog('refund_due', { amount: '20.00', key: 'k', reason: 'x' })).toBe(
      'Refund of $20.00 due',
    );
    expect(describeBookingLog('abandoned', {})).toMatch(/^Abandoned/);
    expect(describeBookingLog('some_new_action', null)).toBe('Some new action');
  });

  it('words an unknown field and lists', () => {
    expect(bookingFieldLabel('someNewFieldId')).toBe('Some new field');
    expect(listInWords(['A'])).toBe('A');
    expect(listInWords(['A', 'B', 'C'])).toBe('A, B and C');
  });

  it('says what a late or cancelled arriving flight did (issue 24)', () => {
    expect(describeBookingLog('flight_delay', { delayMinutes: 130, source: 'local' })).toBe(
      'Arriving flight delayed +2 h 10 min: pick-up moved free of charge',
    );
    expect(describeBookingLog('flight_delay', { delayMinutes: 180, problem: 'lot_full' })).toBe(
      'Arriving flight delayed +3 h: pick-up not moved, the car park is full',
    );
    expect(describeBookingLog('flight_delay', { delayMinutes: 0 })).toBe(
      'Arriving flight on time: pick-up as booked',
    );
    expect(describeBookingLog('flight_cancelled', {})).toBe(
      'Arriving flight cancelled: traveller told, nothing charged',
    );
  });
});
