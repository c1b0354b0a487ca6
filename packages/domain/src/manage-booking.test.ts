import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OTHER_FLIGHT } from './booking-wizard';
import {
  addedDaySpans,
  bookingChangeSchema,
  canManage,
  changeFormSchema,
  cancellationRefund,
  DEFAULT_MANAGE_RULES,
  manageCutoff,
  manageLookupSchema,
  priceDifference,
} from './manage-booking';

const HOUR = 3_600_000;
const dropOff = new Date('2026-12-01T06:00:00+11:00');
const hoursBefore = (hours: number) => new Date(dropOff.getTime() - hours * HOUR);

describe('cut-off', () => {
  it('closes changes 2 hours before drop-off by default', () => {
    expect(manageCutoff(dropOff, DEFAULT_MANAGE_RULES).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(
      canManage({ startDatetime: dropOff, status: 'complete' }, hoursBefore(2.01), DEFAULT_MANAGE_RULES),
    ).toBe(true);
    expect(
      canManage({ startDatetime: dropOff, status: 'complete' }, hoursBefore(2), DEFAULT_MANAGE_RULES),
    ).toBe(false);
    expect(
      canManage({ startDatetime: dropOff, status: 'complete' }, hoursBefore(1), DEFAULT_MANAGE_RULES),
    ).toBe(false);
  });

  it('follows the setting', () => {
    expect(
      canManage({ startDatetime: dropOff, status: 'complete' }, hoursBefore(5), { cutoffHours: 6 }),
    ).toBe(false);
    expect(
      canManage({ startDatetime: dropOff, status: 'complete' }, hoursBefore(7), { cutoffHours: 6 }),
    ).toBe(true);
  });

  it('a cancelled or abandoned booking cannot be managed at any time', () => {
    for (const status of ['cancelled', 'abandoned', 'error']) {
      expect(canManage({ startDatetime: dropOff, status }, hoursBefore(100), DEFAULT_MANAGE_RULES)).toBe(
        false,
      );
    }
  });
});

describe('cancellation refund (default: parking in full more than 24 h ahead, extras always)', () => {
  const rules = DEFAULT_MANAGE_RULES;
  it('refunds everything paid more than 24 hours ahead', () => {
    expect(
      cancellationRefund(
        {
          startDatetime: dropOff,
          now: hoursBefore(25),
          totalCents: 8000,
          extrasCents: 3000,
          paidCents: 8000,
        },
        rules,
      ),
    ).toEqual({
      fullParking: true,
      retainedCents: 0,
      refundCents: 8000,
    });
  });

  it('within 24 hours keeps the parking and refunds the extras', () => {
    expect(
      cancellationRefund(
        {
          startDatetime: dropOff,
          now: hoursBefore(24),
          totalCents: 8000,
          extrasCents: 3000,
          paidCents: 8000,
        },
        rules,
      ),
    ).toEqual({
      fullParking: false,
      retainedCents: 5000,
      refundCents: 3000,
    });
  });

  it('a late share refunds that part of parking', () => {
    const half = { ...rules, lateParkingRefundShare: '0.5' };
    expect(
      cancellationRefund(
        { startDatetime: dropOff, now: hoursBefore(3), totalCents: 8001, extrasCents: 3000, paidCents: 8001 },
        half,
      ).refundCents,
    ).toBe(3000 + 2501);
  });

  it('an unpaid booking refunds nothing; a part-paid one refunds what was paid above what is kept', () => {
    expect(
      cancellationRefund(
        { startDatetime: dropOff, now: hoursBefore(3), totalCents: 8000, extrasCents: 3000, paidCents: 0 },
        rules,
      ).refundCents,
    ).toBe(0);
    expect(
      cancellationRefund(
        { startDatetime: dropOff, now: hoursBefore(3), totalCents: 8000, extrasCents: 3000, paidCents: 6000 },
        rules,
      ).refundCents,
    ).toBe(1000);
  });

  const booking = fc
    .record({
      parking: fc.integer({ min: 0, max: 500_000 }),
      extras: fc.integer({ min: 0, max: 100_000 }),
      paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
      hours: fc.double({ min: 0, max: 2000, noNaN: true }),
    })
    .map(({ parking, extras, paidShare, hours }) => ({
      startDatetime: dropOff,
      now: hoursBefore(hours),
      totalCents: parking + extras,
      extrasCents: extras,
      paidCents: Math.round((parking + extras) * paidShare),
    }));
  const share = fc.integer({ min: 0, max: 10000 }).map((parts) => (parts / 10000).toFixed(4));

  it('never refunds more than was paid, nor less than nothing', () => {
    fc.assert(
      fc.property(booking, share, (input, late) => {
        const { refundCents } = cancellationRefund(input, { ...rules, lateParkingRefundShare: late });
        return Number.isInteger(refundCents) && refundCents >= 0 && refundCents <= input.paidCents;
      }),
    );
  });

  it('a fully paid booking always gets its extras back, and everything when cancelled early', () => {
    fc.assert(
      fc.property(booking, share, (input, late) => {
        const paid = { ...input, paidCents: input.totalCents };
        const decision = cancellationRefund(paid, { ...rules, lateParkingRefundShare: late });
        expect(decision.refundCents).toBeGreaterThanOrEqual(paid.extrasCents);
        if (decision.fullParking) expect(decision.refundCents).toBe(paid.totalCents);
      }),
    );
  });

  it('cancelling earlier never refunds less', () => {
    fc.assert(
      fc.property(booking, fc.double({ min: 0, max: 100, noNaN: true }), (input, earlier) => {
        const later = cancellationRefund(input, rules).refundCents;
        const sooner = cancellationRefund(
          { ...input, now: new Date(input.now.getTime() - earlier * HOUR) },
          rules,
        ).refundCents;
        return sooner >= later;
      }),
    );
  });
});

describe('price difference of a change', () => {
  it('a dearer stay leaves the difference to pay; a cheaper one refunds it', () => {
    expect(priceDifference(9000, 7000)).toEqual({ dueCents: 2000, refundCents: 0 });
    expect(priceDifference(5000, 7000)).toEqual({ dueCents: 0, refundCents: 2000 });
    expect(priceDifference(7000, 7000)).toEqual({ dueCents: 0, refundCents: 0 });
  });

  it('paid + due - refund is always the new total, and only one side is ever non-zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (total, paid) => {
          const { dueCents, refundCents } = priceDifference(total, paid);
          return (
            paid + dueCents - refundCents === total &&
            dueCents >= 0 &&
            refundCents >= 0 &&
            (dueCents === 0 || refundCents === 0)
          );
        },
      ),
    );
  });
});

describe('payloads', () => {
  it('a lookup normalises the code and the email', () => {
    expect(manageLookupSchema.parse({ bookingCode: ' abcd 2345 ', email: 'Grace@Example.com ' })).toEqual({
      bookingCode: 'ABCD2345',
      email: 'grace@example.com',
    });
    expect(
      manageLookupSchema
        .safeParse({ bookingCode: '', email: 'x' })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['This field is required.', 'Email address must be valid']);
  });

  it('a change carries only what it changes, in the booking form rules', () => {
    expect(bookingChangeSchema.parse({ endDatetime: '2026-12-05T18:00:00+11:00' })).toEqual({
      endDatetime: new Date('2026-12-05T07:00:00Z'),
    });
    expect(bookingChangeSchema.parse({ rego: 'abc 123', busDepartureTime: '05:30' })).toEqual({
      rego: 'ABC123',
      busDepartureTime: '05:30:00',
    });
    expect(bookingChangeSchema.safeParse({ passengersOut: 0 }).success).toBe(false);
  });
});

describe('the change form', () => {
  const base = {
    startLocal: '2026-12-01T06:00',
    endLocal: '2026-12-03T18:00',
    passengersOut: '2',
    passengersIn: '2',
    rego: 'abc 1',
    make: 'Kia',
    model: 'Rio',
    colour: 'Red',
    vehicleType: '3',
    extras: ['8'],
  };

  it('needs the pick-up after the drop-off, in the wizard wording', () => {
    expect(changeFormSchema.parse(base)).toMatchObject({
      rego: 'ABC1',
      passengersOut: 2,
      extras: ['8'],
      changeFlights: false,
    });
    expect(
      changeFormSchema.safeParse({ ...base, endLocal: '2026-12-01T06:00' }).error?.issues[0],
    ).toMatchObject({ message: 'Arrival Time has to be before Departure Time', path: ['endLocal'] });
    expect(changeFormSchema.safeParse({ ...base, startLocal: '' }).error?.issues[0]?.message).toBe(
      'This field is required.',
    );
    expect(changeFormSchema.safeParse({ ...base, vehicleType: '' }).error?.issues[0]).toMatchObject({
      message: 'This field is required.',
      path: ['vehicleType'],
    });
  });

  it('leaves the flights alone unless they are being changed', () => {
    expect(changeFormSchema.safeParse({ ...base, airlineOut: '', flightOut: '' }).success).toBe(true);
  });

  it('checks changed flights by the wizard rules: airlines, a flight, Other with its number and time, Not flying with a time', () => {
    const paths = (values: object) =>
      changeFormSchema
        .safeParse({ ...base, changeFlights: true, ...values })
        .error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({})).toEqual(['airlineOut', 'airlineIn']);
    expect(paths({ airlineOut: '2', airlineIn: '2' })).toEqual(['flightOut', 'flightIn']);
    expect(paths({ airlineOut: '2', flightOut: OTHER_FLIGHT, airlineIn: '2', flightIn: '31' })).toEqual([
      'flightNumberOut',
      'flightTimeOut',
    ]);
    expect(
      paths({ airlineOut: '9', notFlyingOut: true, flightTimeOut: '05:30', airlineIn: '2', flightIn: '31' }),
    ).toEqual([]);
  });
});

describe('addedDaySpans', () => {
  const span = (first: string, last: string) => ({ first, last });
  it('is nothing for the same or a shorter stay', () => {
    expect(addedDaySpans(span('2026-12-01', '2026-12-05'), span('2026-12-01', '2026-12-05'))).toEqual([]);
    expect(addedDaySpans(span('2026-12-01', '2026-12-05'), span('2026-12-02', '2026-12-04'))).toEqual([]);
  });
  it('is the days before the booked drop-off and after the booked pick-up', () => {
    expect(addedDaySpans(span('2026-12-03', '2026-12-05'), span('2026-12-01', '2026-12-07'))).toEqual([
      span('2026-12-01', '2026-12-02'),
      span('2026-12-06', '2026-12-07'),
    ]);
    expect(addedDaySpans(span('2026-12-03', '2026-12-05'), span('2026-12-04', '2026-12-09'))).toEqual([
      span('2026-12-06', '2026-12-09'),
    ]);
  });
  it('is the whole new stay when it does not meet the booked one', () => {
    expect(addedDaySpans(span('2026-12-03', '2026-12-05'), span('2027-01-10', '2027-01-12'))).toEqual([
      span('2027-01-10', '2027-01-12'),
    ]);
    expect(addedDaySpans(span('2026-12-03', '2026-12-05'), span('2026-11-25', '2026-11-27'))).toEqual([
      span('2026-11-25', '2026-11-27'),
    ]);
  });
});
