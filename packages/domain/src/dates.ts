/**
 * Calendar rules in the business's time zone: what day an instant falls on, stay length,
 * weekday/weekend service, bus times. Dates are 'YYYY-MM-DD' strings, times 'HH:mm:ss'.
 */
import { TZDate } from '@date-fns/tz';
import type { Service } from './constants';
import { stayDays } from './day-arithmetic';

export { addDaysToDate, daysBetween, DEFAULT_TIME_ZONE, stayDays } from './day-arithmetic';

/**
 * An Intl formatter of `options` for each time zone, built the first time that zone asks: building it is the
 * expensive part, formatting with it is cheap, and the quote path asks for business dates thousands of times a
 * second.
 */
export function formatterPerZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const built = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = built.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      built.set(timeZone, formatter);
    }
    return formatter;
  };
}

// en-CA writes dates as YYYY-MM-DD.
const dateFormatter = formatterPerZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** Years 1000 to 9999 in every time zone (offsets run from -12:00 to +14:00): start inclusive, end exclusive. */
const FIRST_COUNTABLE = Date.parse('1000-01-01T14:00:00Z');
const END_COUNTABLE = Date.parse('9999-12-31T10:00:00Z');

/**
 * Whether the calendar rules can count an instant: its date is a four-digit year in every time zone.
 * Beyond year 9999 a date has five digits ('10000-01-01', from '9999-12-31T23:59:59-12:00') and before
 * year 1000 fewer than four ('999-12-31'); the day arithmetic answers NaN for both and PostgreSQL
 * refuses the first. Every datetime a request gives is checked with this (issue 20).
 */
export function isCountableInstant(instant: Date): boolean {
  const time = instant.getTime();
  return time >= FIRST_COUNTABLE && time < END_COUNTABLE;
}

/**
 * Answers already worked out, per time zone, by minute: every request asks for today's date, and a stay's
 * dates are asked several times while it is checked and priced. Bounded: emptied when it grows past
 * BUSINESS_DATES_HELD.
 */
const businessDates = new Map<string, Map<number, string>>();
const BUSINESS_DATES_HELD = 20_000;

/** The business date ('YYYY-MM-DD') of an instant. */
export function businessDate(instant: Date, timeZone: string): string {
  // Every zone's midnight falls on a whole minute (offsets are whole minutes), so one minute has one date.
  const minute = Math.floor(instant.getTime() / 60_000);
  let held = businessDates.get(timeZone);
  const known = held?.get(minute);
  if (known !== undefined) return known;
  const parts = dateFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  if (!held || held.size >= BUSINESS_DATES_HELD) {
    held = new Map();
    businessDates.set(timeZone, held);
  }
  held.set(minute, date);
  return date;
}

/** The instant a business-local date and time ('HH:mm' or 'HH:mm:ss') denote. */
export function businessInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  return new Date(new TZDate(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0, timeZone).getTime());
}

/** Start of a business date, as an instant. */
export const startOfBusinessDay = (date: string, timeZone: string) =>
  businessInstant(date, '00:00:00', timeZone);

/** Every date from start to end inclusive. */
export function eachDate(startDate: string, endDate: string): string[] {
  const days = stayDays(startDate, endDate);
  const first = utcMidnight(startDate);
  return Array.from({ length: Math.max(0, days) }, (_, i) => isoDate(first + i * DAY_MS));
}

/**
 * Calendar dates are counted on UTC midnights: no time zone (the server's or the browser's) and no
 * daylight-saving change can move a date, and it needs no date library on the hot paths (quotes).
 */
const DAY_MS = 86_400_000;
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Saturday and Sunday departures use the weekend timetable, every other day the weekday one. */
export function serviceForDate(date: string): Service {
  const day = new Date(utcMidnight(date)).getUTCDay();
  return day === 0 || day === 6 ? 'weekend' : 'weekday';
}

const toSeconds = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};
const fromSeconds = (total: number) => {
  const wrapped = ((total % 86400) + 86400) % 86400;
  const h = Math.floor(wrapped / 3600);
  const m = Math.floor((wrapped % 3600) / 60);
  const s = wrapped % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
};

/** A custom bus leaves one hour before the flight. */
export function busTimeForFlight(flightTime: string): string {
  return fromSeconds(toSeconds(flightTime) - 3600);
}

/** Drop-off is at least 10 minutes before the bus departs: the latest drop-off time. */
export function latestDropOff(busTime: string): string {
  return fromSeconds(toSeconds(busTime) - 600);
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** '05:30:00' → '5:30 am' (spec: 12-hour times like h:mm a). */
export function formatTime12(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** '05:30:00' → '05:30': the back office's times (back-office §9: HH:mm). */
export function formatTime24(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'D/M/YYYY' as the public site shows dates. */
export function formatDateShort(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d}/${m}/${y}`;
}

// Zero-padded by hand rather than with date-fns' format, whose pattern parser and English locale (5 kB
// gzip) every page showing a booking's time downloaded for these two fixed patterns.
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An instant as the business's local 'YYYY-MM-DDTHH:mm' (what the back office's date-and-time fields hold). */
export function businessLocalDatetime(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const date = `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  return `${date}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** 'HH:mm', 24-hour and zero-padded. */
const timeFormatter = formatterPerZone('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The business's local time 'HH:mm' of an instant (the diary asks it of a thousand bookings at once). */
export function businessTimeOfDay(instant: Date, timeZone: string): string {
  return timeFormatter(timeZone).format(instant);
}

/** 'YYYY-MM-DDTHH:mm' in the business's zone, as an instant. */
export function instantOfBusinessLocal(local: string, timeZone: string): Date {
  const [date = '', time = '00:00'] = local.split('T');
  return businessInstant(date, time, timeZone);
}
