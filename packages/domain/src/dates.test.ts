import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import fc from 'fast-check';
import { formatAud } from './money';
import {
  addDaysToDate,
  businessDate,
  businessInstant,
  businessLocalDatetime,
  businessTimeOfDay,
  busTimeForFlight,
  eachDate,
  formatTime12,
  isCountableInstant,
  latestDropOff,
  serviceForDate,
  stayDays,
} from './dates';
import { requiredDatetime } from './fields';
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
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
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

describe('calendar arithmetic without a date library (the quote path)', () => {
  // The reference: date-fns with its time-zone dates, as these functions were first written.
  const zones = [
    'Australia/Hobart',
    'Australia/Perth',
    'Australia/Lord_Howe',
    'UTC',
    'America/New_York',
    'Pacific/Chatham',
  ];
  const instant = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const date = instant.map((d) => d.toISOString().slice(0, 10));

  it('businessDate agrees with date-fns in every zone, across daylight saving', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (at, zone) => {
        expect(businessDate(at, zone)).toBe(format(new TZDate(at.getTime(), zone), 'yyyy-MM-dd'));
      }),
      { numRuns: 2000 },
    );
  });

  it('addDaysToDate and eachDate agree with date-fns, and with stayDays', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -800, max: 800 }), (start, days) => {
        const expected = format(addDays(parseISO(start), days), 'yyyy-MM-dd');
        expect(addDaysToDate(start, days)).toBe(expected);
        if (days >= 0) {
          const all = eachDate(start, expected);
          expect(all).toHaveLength(days + 1);
          expect(all[0]).toBe(start);
          expect(all.at(-1)).toBe(expected);
          expect(stayDays(start, expected)).toBe(days + 1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('serviceForDate agrees with the weekday date-fns gives', () => {
    fc.assert(
      fc.property(date, (day) => {
        const weekday = parseISO(day).getDay();
        expect(serviceForDate(day)).toBe(weekday === 0 || weekday === 6 ? 'weekend' : 'weekday');
      }),
    );
  });
});

describe('businessDate remembers the last minute it answered', () => {
  it('gives the right date on both sides of midnight, in either order', () => {
    const tz = 'Australia/Hobart';
    const beforeMidnight = new Date('2026-11-20T12:59:59.999Z'); // 23:59:59.999 AEDT on the 20th
    const atMidnight = new Date('2026-11-20T13:00:00.000Z'); // 00:00 on the 21st
    for (let round = 0; round < 3; round++) {
      expect(businessDate(beforeMidnight, tz)).toBe('2026-11-20');
      expect(businessDate(atMidnight, tz)).toBe('2026-11-21');
      expect(businessDate(atMidnight, 'UTC')).toBe('2026-11-20');
    }
  });
});

describe('instants the calendar rules can count (issue 20)', () => {
  it.each([
    '1000-01-02T00:00:00Z',
    '2026-12-01T06:00:00+11:00',
    '4000-01-01T06:00:00+11:00',
    '9999-12-31T18:00:00+11:00',
    '9999-12-31T09:59:59Z',
  ])('counts %s', (text) => {
    const instant = new Date(text);
    expect(isCountableInstant(instant)).toBe(true);
    expect(businessDate(instant, 'Australia/Hobart')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(requiredDatetime().safeParse(text).success).toBe(true);
  });

  it.each([
    '9999-12-31T23:59:59-12:00',
    '9999-12-31T23:59:59Z',
    '0999-12-31T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
  ])('refuses %s, whose date somewhere has five digits or fewer than four', (text) => {
    expect(isCountableInstant(new Date(text))).toBe(false);
    expect(requiredDatetime().safeParse(text).success).toBe(false);
  });

  it('gives every countable instant a four-digit business date, whatever the zone', () => {
    const zones = ['Pacific/Kiritimati', 'Etc/GMT+12', 'Australia/Hobart', 'UTC'];
    const ends = [new Date('1000-01-01T14:00:00Z'), new Date(Date.parse('9999-12-31T10:00:00Z') - 1)];
    for (const zone of zones)
      for (const instant of ends)
        expect(businessDate(instant, zone), `${zone} ${instant.toISOString()}`).toMatch(
          /^\d{4}-\d{2}-\d{2}$/,
        );
  });
});

describe('businessLocalDatetime and businessTimeOfDay', () => {
  it('write what date-fns format wrote for the same instant and zone', () => {
    const zones = ['Australia/Hobart', 'Australia/Perth', 'America/St_Johns', 'UTC', 'Asia/Kathmandu'];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const local = new TZDate(instant.getTime(), zone);
          expect(businessLocalDatetime(instant, zone)).toBe(format(local, "yyyy-MM-dd'T'HH:mm"));
          expect(businessTimeOfDay(instant, zone)).toBe(format(local, 'HH:mm'));
        },
      ),
    );
  });
});
