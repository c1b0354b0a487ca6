import { describe, expect, it } from 'vitest';
import {
  accountClosureSchema,
  bookingsGoingAhead,
  daysBefore,
  deIdentifiedBooking,
  deIdentifiedCustomer,
  deIdentifiedEmail,
  isDeIdentifiedEmail,
  pastRetention,
  photosDue,
  privacyMessages,
  yearsBefore,
} from './privacy';

const now = new Date('2026-11-21T00:00:00Z');

describe('retention dates', () => {
  it('counts whole calendar years back, 29 February falling back to 28 February', () => {
    expect(yearsBefore(now, 7).toISOString()).toBe('2019-11-21T00:00:00.000Z');
    expect(yearsBefore(new Date('2028-02-29T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(daysBefore(now, 90).toISOString()).toBe('2026-08-23T00:00:00.000Z');
  });

  it('is past retention only strictly more than the years after the last stay ended', () => {
    expect(pastRetention(new Date('2019-11-20T23:59:59Z'), now, 7)).toBe(true);
    expect(pastRetention(new Date('2019-11-21T00:00:00Z'), now, 7)).toBe(false);
    expect(pastRetention(null, now, 7)).toBe(false);
  });

  it('deletes photos only after the days since hand-back, and never when damage was recorded', () => {
    const longAgo = new Date('2026-08-01T00:00:00Z');
    expect(photosDue(longAgo, false, now, 90)).toBe(true);
    expect(photosDue(longAgo, true, now, 90)).toBe(false);
    expect(photosDue(new Date('2026-11-01T00:00:00Z'), false, now, 90)).toBe(false);
    expect(photosDue(null, false, now, 90)).toBe(false);
  });
});

describe('de-identified placeholders', () => {
  it('replace every personal field and keep nothing of the person', () => {
    expect(deIdentifiedEmail('customer', 12, 'parking.test')).toBe('de-identified-customer-12@parking.test');
    expect(isDeIdentifiedEmail('De-Identified-user-1@parking.test')).toBe(true);
    expect(isDeIdentifiedEmail('dee@example.com')).toBe(false);
    expect(deIdentifiedCustomer(3, 'x.test')).toEqual({
      email: 'de-identified-customer-3@x.test',
      title: '',
      firstName: 'De-identified',
      lastName: 'customer',
      phoneNumber: '',
      business: '',
      privateNotes: '',
    });
    const booking = deIdentifiedBooking(9, 'x.test');
    expect(booking).toMatchObject({ rego: 'REMOVED', email: 'de-identified-booking-9@x.test', notes: '' });
    // Money and dates are not personal details: the placeholder never touches them.
    expect(Object.keys(booking)).not.toContain('totalCost');
  });
});

describe('closing an account', () => {
  it('is held up by paid or unpaid bookings whose pick-up is still to come', () => {
    const at = (iso: string | null) => (iso ? new Date(iso) : null);
    expect(
      bookingsGoingAhead(
        [
          { bookingCode: 'PAST0001', status: 'complete', endDatetime: at('2026-11-01T00:00:00Z') },
          { bookingCode: 'AHEAD001', status: 'complete', endDatetime: at('2026-12-01T00:00:00Z') },
          { bookingCode: 'OPEN0001', status: 'complete', endDatetime: null },
          { bookingCode: 'UNPAID01', status: 'pending', endDatetime: at('2026-12-01T00:00:00Z') },
          { bookingCode: 'CANCEL01', status: 'cancelled', endDatetime: at('2026-12-01T00:00:00Z') },
        ],
        now,
      ),
    ).toEqual(['AHEAD001', 'OPEN0001', 'UNPAID01']);
    expect(privacyMessages.bookingsAhead(['AHEAD001'])).toBe(
      'Your booking AHEAD001 is still going ahead. Cancel it or wait until you have collected your car, then close your account.',
    );
  });

  it('needs the password', () => {
    expect(accountClosureSchema.safeParse({ password: '' }).success).toBe(false);
    expect(accountClosureSchema.safeParse({}).error?.issues[0]?.message).toBe(
      privacyMessages.passwordRequired,
    );
    expect(accountClosureSchema.parse({ password: 'secret' })).toEqual({ password: 'secret' });
  });
});
