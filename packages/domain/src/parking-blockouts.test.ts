import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  blockoutAt,
  blockoutOnDay,
  blockoutText,
  stayBlockoutProblem,
  stayDayBlockouts,
} from './parking-blockouts';

const ZONE = 'Australia/Hobart';
// Hobart is +11 in December.
const at = (local: string) => new Date(`${local}+11:00`);
const christmas = {
  startDatetime: at('2026-12-25T00:00:00'),
  endDatetime: at('2026-12-26T00:00:00'),
  message: 'Closed on Christmas Day.',
};
const overnight = {
  startDatetime: at('2026-12-10T21:30:00'),
  endDatetime: at('2026-12-11T04:00:00'),
  message: '',
};

describe('parking blockouts', () => {
  it('refuse a drop-off or pick-up inside the period, half-open', () => {
    expect(blockoutAt([overnight], at('2026-12-10T21:30:00'))).toBe(overnight);
    expect(blockoutAt([overnight], at('2026-12-11T03:59:59'))).toBe(overnight);
    expect(blockoutAt([overnight], at('2026-12-11T04:00:00'))).toBeUndefined();
    expect(blockoutAt([overnight], at('2026-12-10T21:29:59'))).toBeUndefined();
  });

  it('refuse the drop-off first, then the pick-up, with the message or the product’s text', () => {
    expect(stayBlockoutProblem([christmas], at('2026-12-25T08:00:00'), at('2026-12-27T08:00:00'))).toEqual({
      field: 'startDatetime',
      message: 'Closed on Christmas Day.',
    });
    expect(stayBlockoutProblem([overnight], at('2026-12-08T08:00:00'), at('2026-12-10T23:00:00'))).toEqual({
      field: 'endDatetime',
      message: messages.parkingBlockedOut,
    });
    // A stay across a period, with both ends outside it, is not refused.
    expect(
      stayBlockoutProblem([christmas], at('2026-12-24T08:00:00'), at('2026-12-26T08:00:00')),
    ).toBeUndefined();
    expect(blockoutText('  ')).toBe(messages.parkingBlockedOut);
  });

  it('tell the days a period takes whole from those it takes in part', () => {
    expect(blockoutOnDay(christmas, '2026-12-25', ZONE)).toBe('whole');
    expect(blockoutOnDay(christmas, '2026-12-24', ZONE)).toBe('none');
    expect(blockoutOnDay(christmas, '2026-12-26', ZONE)).toBe('none');
    expect(blockoutOnDay(overnight, '2026-12-10', ZONE)).toBe('part');
    expect(blockoutOnDay(overnight, '2026-12-11', ZONE)).toBe('part');
  });

  it('give a quote the periods on its departure and return days only, with the days they close', () => {
    expect(stayDayBlockouts([christmas, overnight], '2026-12-25', '2026-12-28', ZONE)).toEqual([
      { blockout: christmas, closes: ['startDate'] },
    ]);
    expect(stayDayBlockouts([christmas, overnight], '2026-12-11', '2026-12-25', ZONE)).toEqual([
      { blockout: overnight, closes: [] },
      { blockout: christmas, closes: ['endDate'] },
    ]);
    expect(stayDayBlockouts([christmas], '2026-12-25', '2026-12-25', ZONE)).toEqual([
      { blockout: christmas, closes: ['startDate', 'endDate'] },
    ]);
    // Christmas Day inside the stay: the car stays parked, nothing is refused.
    expect(stayDayBlockouts([christmas], '2026-12-20', '2026-12-28', ZONE)).toEqual([]);
  });
});
