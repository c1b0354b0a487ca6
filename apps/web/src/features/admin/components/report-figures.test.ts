import { describe, expect, it } from 'vitest';
import { fillSummary, percent, shortDate } from './report-figures';

describe('report figures', () => {
  it('rounds the average and keeps the maximum, in cars and in percent', () => {
    expect(fillSummary([10, 11, 14], [0.1, 0.11, 0.146])).toEqual({
      averageCars: 12,
      maximumCars: 14,
      averageFill: 12,
      maximumFill: 15,
    });
  });

  it('answers zeros for an empty range', () => {
    expect(fillSummary([], [])).toEqual({ averageCars: 0, maximumCars: 0, averageFill: 0, maximumFill: 0 });
  });

  it('formats percentages and axis dates', () => {
    expect(percent(0.4567)).toBe(46);
    expect(shortDate('2026-03-07')).toBe('7/3');
  });
});
