import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { defaultReportRange, reportRangeFrom, reportRangeProblem } from './report-dates';

describe('report dates', () => {
  it('defaults to six months ago until today', () => {
    expect(defaultReportRange('2026-11-23')).toEqual({ startDate: '2026-05-23', endDate: '2026-11-23' });
    // The end of a longer month lands on the shorter month's last day.
    expect(defaultReportRange('2026-08-31').startDate).toBe('2026-02-28');
  });

  it('takes valid dates from the address and replaces invalid ones by their default', () => {
    expect(reportRangeFrom('2026-01-01', '2026-03-31', '2026-11-23')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
    });
    expect(reportRangeFrom('2026-02-30', 'soon', '2026-11-23')).toEqual({
      startDate: '2026-05-23',
      endDate: '2026-11-23',
    });
    expect(reportRangeFrom(null, '2026-12-01', '2026-11-23')).toEqual({
      startDate: '2026-05-23',
      endDate: '2026-12-01',
    });
  });

  it('refuses an end before the start, allows the same day', () => {
    expect(reportRangeProblem({ startDate: '2026-05-02', endDate: '2026-05-01' })).toBe(
      messages.dateAfterStart,
    );
    expect(reportRangeProblem({ startDate: '2026-05-02', endDate: '2026-05-02' })).toBeNull();
  });
});
