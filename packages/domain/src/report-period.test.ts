import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { calendarMonthOf, reportMessages, reportPeriodSchema } from './report-period';

const hobart = reportPeriodSchema('Australia/Hobart');
const errorOf = (input: unknown) => {
  const parsed = hobart.safeParse(input);
  return parsed.success
    ? undefined
    : { path: parsed.error.issues[0]?.path.join('/'), message: parsed.error.issues[0]?.message };
};

describe('report period', () => {
  it('answers the business dates of the range, in the business time zone', () => {
    // 23:59:59 on 31 March in Hobart is 12:59:59 UTC: still the 31st there.
    const parsed = hobart.parse({
      startDatetime: '2026-01-01T00:00:00+11:00',
      endDatetime: '2026-03-31T12:59:59Z',
    });
    expect(parsed).toMatchObject({ startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(parsed.startDatetime.toISOString()).toBe('2025-12-31T13:00:00.000Z');
  });

  it('allows one day, refuses an end before the start with the spec’s words', () => {
    expect(
      errorOf({ startDatetime: '2026-05-02T00:00:00+10:00', endDatetime: '2026-05-02T00:00:00+10:00' }),
    ).toBeUndefined();
    expect(
      errorOf({ startDatetime: '2026-05-02T00:00:00+10:00', endDatetime: '2026-05-01T23:59:59+10:00' }),
    ).toEqual({
      path: 'endDatetime',
      message: messages.dateAfterStart,
    });
  });

  it('covers at most 1,100 days', () => {
    // 1 Jan 2026 to 4 Jan 2029 is 1,100 days counting both.
    expect(
      errorOf({ startDatetime: '2026-01-01T00:00:00+11:00', endDatetime: '2029-01-04T23:59:59+11:00' }),
    ).toBeUndefined();
    expect(
      errorOf({ startDatetime: '2026-01-01T00:00:00+11:00', endDatetime: '2029-01-05T00:00:00+11:00' }),
    ).toEqual({
      path: 'endDatetime',
      message: reportMessages.rangeTooLong,
    });
    expect(reportMessages.rangeTooLong).toBe('A report covers at most 1,100 days: choose a shorter range.');
  });

  it('requires both datetimes with an offset', () => {
    expect(errorOf({ endDatetime: '2026-05-02T00:00:00+10:00' })).toEqual({
      path: 'startDatetime',
      message: messages.required,
    });
    expect(
      errorOf({ startDatetime: '2026-05-02T00:00:00', endDatetime: '2026-05-02T00:00:00+10:00' })?.message,
    ).toBe(messages.invalidDatetime);
  });
});

describe('calendar month of a date', () => {
  it('answers the first and last dates of the month', () => {
    expect(calendarMonthOf('2026-02-10')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(calendarMonthOf('2028-02-29')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(calendarMonthOf('2026-12-31')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('answers null for anything that is not a date', () => {
    for (const value of [undefined, '', '2026-02', '2026-02-30', '2026-13-01', 'soon', '2026-2-1'])
      expect(calendarMonthOf(value)).toBeNull();
  });
});
