/**
 * The seed's calendar, on the domain's calendar rules (packages/domain dates.ts): a "day" is a business
 * date numbered as days since 1970-01-01, so that day + 1 is tomorrow whatever daylight saving does and a
 * day indexes the seed's occupancy arrays; a time of day is minutes after local midnight.
 */
import {
  addDaysToDate,
  businessDate,
  businessInstant,
  serviceForDate,
  stayDays,
} from '@parking/domain/dates';
import type { Service } from '@parking/domain/constants';

export type Day = number;

const EPOCH = '1970-01-01';

/** YYYY-MM-DD. */
export const isoDate = (day: Day): string => addDaysToDate(EPOCH, day);

/** The day of a date ('YYYY-MM-DD'). */
const dayOfDate = (date: string): Day => stayDays(EPOCH, date) - 1;

/** The business day of an instant. */
export const localDay = (instant: Date, timeZone: string): Day => dayOfDate(businessDate(instant, timeZone));

/** "HH:mm:ss" for a time column. */
export function timeText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** The instant of a business day and time of day (minutes after midnight). */
export const localInstant = (day: Day, minutes: number, timeZone: string): Date =>
  businessInstant(isoDate(day), timeText(minutes), timeZone);

export const dayOf = (year: number, month: number, date: number): Day =>
  dayOfDate(
    `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`,
  );

const partsOf = (day: Day) => isoDate(day).split('-').map(Number) as [number, number, number];

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (day: Day) => new Date(`${isoDate(day)}T00:00:00Z`).getUTCDay();

/** The bus and flight timetable of a day: Saturday and Sunday run the weekend service. */
export const serviceOf = (day: Day): Service => serviceForDate(isoDate(day));

export const yearOf = (day: Day) => partsOf(day)[0];
export const monthOf = (day: Day) => partsOf(day)[1];
export const dateOf = (day: Day) => partsOf(day)[2];

/** "06:45" -> 405. */
export function minutesOf(clock: string): number {
  const [hours = '0', minutes = '0'] = clock.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** Easter Sunday of a year (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, date);
}

/** The first day after `after` that `make(year)` gives, trying this year and the next two. */
export function nextOccurrence(after: Day, make: (year: number) => Day): Day {
  for (let year = yearOf(after); ; year++) {
    const day = make(year);
    if (day > after) return day;
  }
}
