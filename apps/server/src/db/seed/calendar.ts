/**
 * Calendar arithmetic for the seed in the business time zone. A "day" is a local calendar date numbered
 * as days since 1970-01-01 (so that day + 1 is tomorrow whatever daylight saving does); a time of day is
 * minutes after local midnight.
 */
import { TZDate } from '@date-fns/tz';

export type Day = number;

const DAY_MS = 86_400_000;

const utcOf = (day: Day) => new Date(day * DAY_MS);

/** The local calendar day of an instant. */
export function localDay(instant: Date, timeZone: string): Day {
  const local = new TZDate(instant.getTime(), timeZone);
  return Math.round(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / DAY_MS);
}

/** The instant of a local day and time of day (minutes after midnight). */
export function localInstant(day: Day, minutes: number, timeZone: string): Date {
  const date = utcOf(day);
  const local = new TZDate(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    Math.floor(minutes / 60),
    minutes % 60,
    timeZone,
  );
  return new Date(local.getTime());
}

export const dayOf = (year: number, month: number, date: number): Day =>
  Math.round(Date.UTC(year, month - 1, date) / DAY_MS);

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (day: Day) => utcOf(day).getUTCDay();

/** The bus and flight timetable of a day: Saturday and Sunday run the weekend service. */
export const serviceOf = (day: Day): 'weekday' | 'weekend' =>
  weekdayOf(day) % 6 === 0 ? 'weekend' : 'weekday';

/** YYYY-MM-DD. */
export const isoDate = (day: Day) => utcOf(day).toISOString().slice(0, 10);

export const yearOf = (day: Day) => utcOf(day).getUTCFullYear();
export const monthOf = (day: Day) => utcOf(day).getUTCMonth() + 1;
export const dateOf = (day: Day) => utcOf(day).getUTCDate();

/** "HH:mm:ss" for a time column. */
export function timeText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** "HH:mm". */
export const clockText = (minutes: number) => timeText(minutes).slice(0, 5);

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
