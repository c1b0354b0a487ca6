import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { followDeparture, quoteDateOrderProblems } from './quote-dates';

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
