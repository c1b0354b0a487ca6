import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { followDeparture, plusDays, quoteDateOrderProblems, stayTooLong } from './quote-dates';
import { DEFAULT_STAY_LIMITS, stayLimitProblems, tooFarAhead } from './stay-limits';

const TODAY = '2026-11-21';

describe('quote date order rules (zod-free, shared with the home page)', () => {
  it('accepts today to today and reports nothing', () => {
    expect(quoteDateOrderProblems(TODAY, TODAY, TODAY)).toEqual([]);
  });

  it('answers the spec messages', () => {
    expect(quoteDateOrderProblems('2026-11-20', '2026-11-19', TODAY)).toEqual([
      { field: 'startDate', message: messages.dateInFuture },
      { field: 'endDate', message: messages.dateAfterDeparture },
    ]);
    expect(quoteDateOrderProblems('', '', TODAY)).toEqual([
      { field: 'startDate', message: messages.required },
      { field: 'endDate', message: messages.required },
    ]);
  });

  it('moves the return date up to a later departure, and leaves a later return alone', () => {
    expect(followDeparture('2026-12-05', '2026-12-01')).toBe('2026-12-05');
    expect(followDeparture('2026-12-05', '')).toBe('2026-12-05');
    expect(followDeparture('2026-12-05', '2026-12-09')).toBe('2026-12-09');
    expect(followDeparture('', '2026-12-09')).toBe('2026-12-09');
  });
});

describe('calendar days', () => {
  it('adds days across daylight-saving changes without drifting', () => {
    expect(plusDays('2026-04-04', 1)).toBe('2026-04-05');
    expect(plusDays('2026-10-03', 2)).toBe('2026-10-05');
    expect(plusDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the stay limits on the quote form (the server’s settings, the booking save’s rule and text)', () => {
  const limits = { maxStayDays: 30, horizonDays: 60 };

  it('allows a departure exactly the horizon ahead, not a day more', () => {
    expect(quoteDateOrderProblems('2027-01-20', '2027-01-20', TODAY, limits)).toEqual([]);
    expect(quoteDateOrderProblems('2027-01-21', '2027-01-21', TODAY, limits)).toEqual([
      { field: 'startDate', message: tooFarAhead(60) },
    ]);
  });

  it('allows the longest stay (both ends counted), not a day more', () => {
    expect(quoteDateOrderProblems('2026-12-01', '2026-12-30', TODAY, limits)).toEqual([]);
    expect(quoteDateOrderProblems('2026-12-01', '2026-12-31', TODAY, limits)).toEqual([
      { field: 'endDate', message: stayTooLong(30) },
    ]);
  });

  it('defaults to a year and two years ahead, and agrees with the booking save', () => {
    expect(quoteDateOrderProblems('2028-11-21', '2028-11-22', TODAY)).toEqual([
      { field: 'startDate', message: tooFarAhead(730) },
    ]);
    for (const [start, end] of [
      ['2028-11-20', '2029-11-19'],
      ['2028-11-21', '2029-11-21'],
      ['2026-12-01', '2027-12-01'],
    ] as const) {
      const quote = quoteDateOrderProblems(start, end, TODAY).map((problem) => problem.message);
      const save = stayLimitProblems(start, end, TODAY, DEFAULT_STAY_LIMITS).map(
        (problem) => problem.message,
      );
      expect(quote).toEqual(save);
    }
  });
});
