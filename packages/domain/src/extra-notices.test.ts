import { describe, expect, it } from 'vitest';
import type { ExtraCalendar, Stay } from './availability';
import { extraNotices } from './extra-notices';

const TZ = 'Australia/Hobart';
// 1-5 December 2026 in Hobart (AEDT, +11:00).
const stay: Stay = {
  start: new Date('2026-12-01T08:00:00+11:00'),
  end: new Date('2026-12-05T18:00:00+11:00'),
};
const extras = [
  { id: 1, name: 'Exterior wash' },
  { id: 2, name: 'Full valet' },
  { id: 3, name: 'Logbook service' },
];
const washBay = {
  blockType: 'extra' as const,
  startDatetime: new Date('2026-11-28T00:00:00+11:00'),
  endDatetime: new Date('2026-12-03T00:00:00+11:00'),
  extraIds: [2, 1],
  message: 'Our wash bay is being upgraded.',
};

describe('extraNotices', () => {
  it('is empty with nothing against the stay', () => {
    expect(extraNotices(extras, stay, { blockouts: [], exceptionalDays: [] }, TZ)).toEqual([]);
  });

  it('tells an overlapping extra blockout by its own message, with the extras it names', () => {
    const calendar: ExtraCalendar = { blockouts: [washBay], exceptionalDays: [] };
    expect(extraNotices(extras, stay, calendar, TZ)).toEqual([
      { message: 'Our wash bay is being upgraded.', extraIds: [1, 2] },
    ]);
  });

  it('names the extras of a blockout without a message, and ignores blockouts that do not touch the stay', () => {
    const silent = { ...washBay, message: '  ' };
    const later = {
      ...washBay,
      startDatetime: new Date('2026-12-05T18:00:00+11:00'),
      endDatetime: new Date('2026-12-09T00:00:00+11:00'),
      message: 'Later.',
    };
    const parking = { ...washBay, blockType: 'parking' as const, message: 'Closed.' };
    const calendar: ExtraCalendar = { blockouts: [silent, later, parking], exceptionalDays: [] };
    expect(extraNotices(extras, stay, calendar, TZ)).toEqual([
      { message: 'Exterior wash and Full valet: not available at the selected dates.', extraIds: [1, 2] },
    ]);
  });

  it('names an exceptional day inside the stay and its extras, after an earlier blockout', () => {
    const calendar: ExtraCalendar = {
      blockouts: [washBay],
      exceptionalDays: [
        { date: '2026-12-04', unavailableExtraIds: [3], name: 'Show day' },
        { date: '2026-12-06', unavailableExtraIds: [1], name: 'After the stay' },
      ],
    };
    expect(extraNotices(extras, stay, calendar, TZ)).toEqual([
      { message: 'Our wash bay is being upgraded.', extraIds: [1, 2] },
      { message: 'Logbook service: not available on Show day (4/12/2026).', extraIds: [3] },
    ]);
  });

  it('merges two periods with the same message into one notice', () => {
    const second = { ...washBay, extraIds: [3], startDatetime: new Date('2026-12-02T00:00:00+11:00') };
    const calendar: ExtraCalendar = { blockouts: [washBay, second], exceptionalDays: [] };
    expect(extraNotices(extras, stay, calendar, TZ)).toEqual([
      { message: 'Our wash bay is being upgraded.', extraIds: [1, 2, 3] },
    ]);
  });
});
