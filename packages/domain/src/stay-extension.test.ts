import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  extensionFormSchema,
  extensionMessages,
  extensionRefusal,
  manageStanding,
  type StandingInput,
} from './stay-extension';

const rules = { cutoffHours: 2 };
const HOUR = 3_600_000;
const dropOff = new Date('2026-12-01T08:00:00+11:00');
const pickUp = new Date('2026-12-03T18:00:00+11:00');
const parked: StandingInput = {
  status: 'complete',
  startDatetime: dropOff,
  endDatetime: pickUp,
  timeParked: new Date('2026-12-01T07:50:00+11:00'),
  handedBack: false,
};
const at = (iso: string) => new Date(iso);

describe('manageStanding: when a return may be moved later', () => {
  it('before check-in: the usual rules (any change up to the cut-off, then nothing)', () => {
    const booked = { ...parked, timeParked: null };
    expect(manageStanding(booked, at('2026-11-30T08:00:00+11:00'), rules)).toBe('open');
    expect(manageStanding(booked, at('2026-12-01T07:00:00+11:00'), rules)).toBe('closed');
    // Past the drop-off but never checked in: no extension either (the car is not with us).
    expect(manageStanding(booked, at('2026-12-02T09:00:00+11:00'), rules)).toBe('closed');
  });

  it('after drop-off (checked in) and before the booked pick-up: a later return only', () => {
    expect(manageStanding(parked, at('2026-12-02T09:00:00+11:00'), rules)).toBe('extend');
    // Checked in early, even before the cut-off: the car is with us, so only the return moves.
    expect(manageStanding(parked, at('2026-11-30T23:00:00+11:00'), rules)).toBe('extend');
    expect(manageStanding(parked, new Date(pickUp.getTime() - 1), rules)).toBe('extend');
  });

  it('at or after the booked pick-up, after hand-back, or on a booking not going ahead: nothing', () => {
    expect(manageStanding(parked, pickUp, rules)).toBe('closed');
    expect(manageStanding(parked, at('2026-12-04T09:00:00+11:00'), rules)).toBe('closed');
    expect(manageStanding({ ...parked, handedBack: true }, at('2026-12-02T09:00:00+11:00'), rules)).toBe(
      'closed',
    );
    expect(manageStanding({ ...parked, endDatetime: null }, at('2026-12-02T09:00:00+11:00'), rules)).toBe(
      'closed',
    );
    expect(manageStanding({ ...parked, status: 'cancelled' }, at('2026-12-02T09:00:00+11:00'), rules)).toBe(
      'closed',
    );
  });

  it('property: extend exactly while checked in, not handed back, and before the pick-up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -72, max: 120 }),
        fc.boolean(),
        fc.boolean(),
        (hours, checkedIn, handedBack) => {
          const now = new Date(dropOff.getTime() + hours * HOUR);
          const booking = { ...parked, timeParked: checkedIn ? parked.timeParked : null, handedBack };
          const standing = manageStanding(booking, now, rules);
          const expected = checkedIn && !handedBack && now.getTime() < pickUp.getTime();
          expect(standing === 'extend').toBe(expected);
          // Once the car is in, the full change form never opens again.
          if (checkedIn) expect(standing).not.toBe('open');
        },
      ),
    );
  });
});

describe('extensionRefusal: a later return, nothing else', () => {
  it('takes a later pick-up alone', () => {
    expect(
      extensionRefusal(pickUp, {
        endDatetime: at('2026-12-05T10:00:00+11:00'),
        changedFields: ['endDatetime'],
      }),
    ).toBeNull();
  });

  it('refuses an earlier return: it needs no change', () => {
    expect(
      extensionRefusal(pickUp, {
        endDatetime: at('2026-12-02T10:00:00+11:00'),
        changedFields: ['endDatetime'],
      }),
    ).toEqual({
      code: 'earlier_return',
      message: extensionMessages.earlierNeedsNoChange,
      field: 'endDatetime',
    });
  });

  it('refuses anything else changed with it (drop-off, car, flights, extras)', () => {
    for (const other of ['startDatetime', 'rego', 'flightNumberIn', 'extras', 'vehicleTypeId']) {
      expect(
        extensionRefusal(pickUp, {
          endDatetime: at('2026-12-05T10:00:00+11:00'),
          changedFields: ['endDatetime', other],
        }),
      ).toMatchObject({ code: 'extension_only', message: extensionMessages.laterOnly });
    }
  });

  it('property: allowed exactly when only the pick-up moves, and not earlier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -48 * 60, max: 30 * 24 * 60 }),
        fc.subarray(['startDatetime', 'rego', 'extras', 'passengersIn']),
        (minutes, others) => {
          const end = new Date(pickUp.getTime() + minutes * 60_000);
          const refusal = extensionRefusal(pickUp, {
            endDatetime: end,
            changedFields: ['endDatetime', ...others],
          });
          expect(refusal === null).toBe(others.length === 0 && minutes >= 0);
        },
      ),
    );
  });
});

describe('extensionFormSchema: the page’s own check', () => {
  const schema = extensionFormSchema('2026-12-03T18:00');
  const problem = (endLocal: string) => {
    const parsed = schema.safeParse({ endLocal });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };
  it('takes a later pick-up, and says an earlier one needs no change', () => {
    expect(problem('2026-12-05T10:00')).toBeNull();
    expect(problem('2026-12-03T18:01')).toBeNull();
    expect(problem('2026-12-02T10:00')).toBe(extensionMessages.earlierNeedsNoChange);
    expect(problem('2026-12-03T18:00')).toBe(extensionMessages.sameAsBooked);
    expect(problem('')).toBe(messages.required);
    expect(problem('5 Dec')).toBe(messages.invalidDatetime);
  });
});
