import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  extraUnavailableReasons,
  isExtraAvailable,
  unavailableExtraIds,
  type ExtraCalendar,
  type Stay,
} from './availability';

const TZ = 'Australia/Hobart';
// 1-5 December 2026 in Hobart (AEDT, +11:00).
const stay: Stay = {
  start: new Date('2026-12-01T08:00:00+11:00'),
  end: new Date('2026-12-05T18:00:00+11:00'),
};
const wash = { id: 1, available: true };
const empty: ExtraCalendar = { blockouts: [], exceptionalDays: [] };

const blockout = (
  start: string,
  end: string,
  extraIds: number[],
  blockType: 'extra' | 'parking' | 'online_form' = 'extra',
) => ({
  blockType,
  startDatetime: new Date(start),
  endDatetime: new Date(end),
  extraIds,
});

describe('extra availability for a stay', () => {
  it('is available with nothing against it', () => {
    expect(extraUnavailableReasons(wash, stay, empty, TZ)).toEqual([]);
    expect(isExtraAvailable(wash, stay, empty, TZ)).toBe(true);
  });

  it('is unavailable when switched off, whatever the dates', () => {
    expect(extraUnavailableReasons({ id: 1, available: false }, stay, empty, TZ)).toEqual(['switched_off']);
  });

  it('is unavailable when an extra blockout overlapping the stay lists it', () => {
    const calendar = {
      blockouts: [blockout('2026-12-04T00:00:00+11:00', '2026-12-10T00:00:00+11:00', [1, 2])],
      exceptionalDays: [],
    };
    expect(extraUnavailableReasons(wash, stay, calendar, TZ)).toEqual(['blockout']);
    expect(isExtraAvailable({ id: 3, available: true }, stay, calendar, TZ)).toBe(true);
  });

  it('ignores blockouts that only touch the stay, end before it, or are of another type', () => {
    const calendar = {
      blockouts: [
        blockout('2026-11-20T00:00:00+11:00', '2026-12-01T08:00:00+11:00', [1]),
        blockout('2026-12-05T18:00:00+11:00', '2026-12-06T00:00:00+11:00', [1]),
        blockout('2026-12-02T00:00:00+11:00', '2026-12-03T00:00:00+11:00', [1], 'parking'),
      ],
      exceptionalDays: [],
    };
    expect(isExtraAvailable(wash, stay, calendar, TZ)).toBe(true);
  });

  it('is unavailable when an exceptional day inside the stay lists it, first and last days included', () => {
    for (const date of ['2026-12-01', '2026-12-03', '2026-12-05']) {
      const calendar = { blockouts: [], exceptionalDays: [{ date, unavailableExtraIds: [1] }] };
      expect(extraUnavailableReasons(wash, stay, calendar, TZ)).toEqual(['exceptional_day']);
    }
    const outside = {
      blockouts: [],
      exceptionalDays: [
        { date: '2026-11-30', unavailableExtraIds: [1] },
        { date: '2026-12-06', unavailableExtraIds: [1] },
      ],
    };
    expect(isExtraAvailable(wash, stay, outside, TZ)).toBe(true);
  });

  it('counts days in the business time zone, not UTC', () => {
    // 00:30 on 2 December in Hobart is still 1 December in UTC.
    const lateStay = { start: new Date('2026-12-01T13:30:00Z'), end: new Date('2026-12-02T12:00:00Z') };
    const first = { blockouts: [], exceptionalDays: [{ date: '2026-12-01', unavailableExtraIds: [1] }] };
    expect(isExtraAvailable(wash, lateStay, first, TZ)).toBe(true);
    expect(isExtraAvailable(wash, lateStay, first, 'UTC')).toBe(false);
  });

  it('lists every reason, and answers the unavailable ids of many extras', () => {
    const calendar: ExtraCalendar = {
      blockouts: [blockout('2026-12-02T00:00:00+11:00', '2026-12-03T00:00:00+11:00', [1])],
      exceptionalDays: [{ date: '2026-12-04', unavailableExtraIds: [1, 2] }],
    };
    expect(extraUnavailableReasons({ id: 1, available: false }, stay, calendar, TZ)).toEqual([
      'switched_off',
      'blockout',
      'exceptional_day',
    ]);
    const extras = [
      wash,
      { id: 2, available: true },
      { id: 3, available: true },
      { id: 4, available: false },
    ];
    expect(unavailableExtraIds(extras, stay, calendar, TZ)).toEqual(new Set([1, 2, 4]));
  });
});

describe('unavailableExtraIds over many stays and calendars', () => {
  it('is exactly the extras extraUnavailableReasons gives a reason for', () => {
    const instant = fc
      .integer({ min: 0, max: 40 * 24 })
      .map((hours) => new Date(Date.UTC(2026, 10, 25) + hours * 3_600_000));
    const day = fc
      .integer({ min: 0, max: 40 })
      .map((n) => new Date(Date.UTC(2026, 10, 25 + n)).toISOString().slice(0, 10));
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 });
    const calendar = fc.record({
      blockouts: fc.array(
        fc
          .record({
            blockType: fc.constantFrom('extra' as const, 'parking' as const, 'online_form' as const),
            from: instant,
            hours: fc.integer({ min: 1, max: 200 }),
            extraIds: ids,
          })
          .map(({ from, hours, ...rest }) => ({
            ...rest,
            startDatetime: from,
            endDatetime: new Date(from.getTime() + hours * 3_600_000),
          })),
        { maxLength: 4 },
      ),
      exceptionalDays: fc.array(fc.record({ date: day, unavailableExtraIds: ids }), { maxLength: 4 }),
    });
    const extras = fc.array(fc.record({ id: fc.integer({ min: 1, max: 6 }), available: fc.boolean() }), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(extras, calendar, instant, fc.integer({ min: 1, max: 300 }), (list, cal, start, hours) => {
        const span = { start, end: new Date(start.getTime() + hours * 3_600_000) };
        const expected = new Set(
          list
            .filter((extra) => extraUnavailableReasons(extra, span, cal, TZ).length > 0)
            .map((extra) => extra.id),
        );
        expect(unavailableExtraIds(list, span, cal, TZ)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
