/**
 * Calendar arithmetic with no library: what the home page's quote form needs, kept apart from dates.ts
 * (which brings date-fns) so that the home page does not download a date library for two date fields.
 */

export const DEFAULT_TIME_ZONE = 'Australia/Hobart';

// Dates are counted on UTC midnights: no time zone or daylight-saving change can move a date.
const DAY_MS = 86_400_000;
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** 'YYYY-MM-DD' plus `days` calendar days (negative: before). */
export function addDaysToDate(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from one 'YYYY-MM-DD' to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** Stay length: calendar days from the departure date to the return date, both counted (same day = 1). */
export function stayDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1;
}
