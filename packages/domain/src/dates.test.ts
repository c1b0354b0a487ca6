import { describe, expect, it } from 'vitest';
import { formatAud } from './money';
import { businessDate, businessInstant, busTimeForFlight, eachDate, formatTime12, latestDropOff, serviceForDate, stayDays } from './dates';
import { remainingSpaces, wouldExceed } from './capacity';

describe('numbers the spec states', () => {
  it.each([
    ['2026-11-21', 'weekend'], // Saturday
    ['2026-11-22', 'weekend'], // Sunday
    ['2026-11-23', 'weekday'], // Monday
    ['2026-11-27', 'weekday'], // Friday
  ])('%s departs on the %s timetable', (date, service) => {
    expect(serviceForDate(date)).toBe(service);
  });

  it.each([
    ['06:00:00', '05:00:00'],
    ['00:30:00', '23:30:00'],
    ['13:45:00', '12:45:00'],
  ])('a custom bus for a %s flight leaves at %s (one hour before)', (flight, bus) => {
    expect(busTimeForFlight(flight)).toBe(bus);
  });

  it('drop-off is at least 10 minutes before the bus', () => {
    expect(latestDropOff('05:00:00')).toBe('04:50:00');
  });

  it.each([
    [4500, '$45'],
    [4550, '$45.50'],
    [123400, '$1,234'],
  ])('a quote of %i cents shows as %s (no .00)', (cents, text) => {
    expect(formatAud(cents, { dropZeroCents: true })).toBe(text);
  });

  it('12-hour times', () => {
    expect(formatTime12('05:30:00')).toBe('5:30 am');
    expect(formatTime12('12:05:00')).toBe('12:05 pm');
    expect(formatTime12('00:00:00')).toBe('12:00 am');
  });
});

describe('business days (Australia/Hobart)', () => {
  const tz = 'Australia/Hobart';
  it('an instant belongs to its local date, across daylight saving', () => {
    expect(businessDate(new Date('2026-11-20T14:30:00Z'), tz)).toBe('2026-11-21'); // 01:30 AEDT
    expect(businessDate(new Date('2026-07-20T13:30:00Z'), tz)).toBe('2026-07-20'); // 23:30 AEST
    expect(businessInstant('2026-11-21', '09:00', tz).toISOString()).toBe('2026-11-20T22:00:00.000Z');
    expect(businessInstant('2026-07-21', '09:00', tz).toISOString()).toBe('2026-07-20T23:00:00.000Z');
  });

  it('stay length counts both ends', () => {
    expect(stayDays('2026-11-21', '2026-11-21')).toBe(1);
    expect(stayDays('2026-11-21', '2026-11-28')).toBe(8);
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('capacity', () => {
  it('one more car must stay within the threshold', () => {
    // 150 spaces at 0.9 → 135 cars.
    expect(remainingSpaces(130, 150, '0.9')).toBe(5);
    expect(wouldExceed(134, 150, '0.9')).toBe(false);
    expect(wouldExceed(135, 150, '0.9')).toBe(true);
    expect(wouldExceed(399, 400, null)).toBe(false);
    expect(wouldExceed(400, 400, null)).toBe(true);
  });
});
