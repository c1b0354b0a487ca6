import { describe, expect, it } from 'vitest';
import { DEFAULT_STAY_LIMITS, stayLimitProblems, tooFarAhead } from './stay-limits';
import { stayTooLong } from './quote-dates';

const limits = { maxStayDays: 365, horizonDays: 730 };

describe('stay limits', () => {
  it('allows a drop-off exactly the horizon ahead, not a day more', () => {
    expect(stayLimitProblems('2028-11-20', '2028-11-21', '2026-11-21', limits)).toEqual([]);
    expect(stayLimitProblems('2028-11-21', '2028-11-22', '2026-11-21', limits)).toEqual([
      { field: 'startDatetime', message: tooFarAhead(730) },
    ]);
  });

  it('allows a stay of the maximum length (both ends counted), not a day more', () => {
    expect(stayLimitProblems('2026-12-01', '2027-11-30', '2026-11-21', limits)).toEqual([]);
    expect(stayLimitProblems('2026-12-01', '2027-12-01', '2026-11-21', limits)).toEqual([
      { field: 'endDatetime', message: stayTooLong(365) },
    ]);
  });

  it('refuses the 10-year stay and the booking in 2036 that were accepted', () => {
    expect(
      stayLimitProblems('2026-12-01', '2036-12-01', '2026-11-21', DEFAULT_STAY_LIMITS).map((p) => p.field),
    ).toEqual(['endDatetime']);
    expect(
      stayLimitProblems('2036-01-10', '2036-01-12', '2026-11-21', DEFAULT_STAY_LIMITS).map((p) => p.field),
    ).toEqual(['startDatetime']);
  });

  it('leaves open-ended stays and past drop-offs to the other rules', () => {
    expect(stayLimitProblems('2026-12-01', null, '2026-11-21', limits)).toEqual([]);
    expect(stayLimitProblems('2020-01-01', '2020-01-05', '2026-11-21', limits)).toEqual([]);
  });
});
