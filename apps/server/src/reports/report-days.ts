/**
 * The business days a report covers, and how SQL sorts instants into them.
 *
 * A day is the business time zone's midnight to the next midnight (23 or 25 hours when daylight
 * saving starts or ends). Every report buckets instants with width_bucket() over those midnights,
 * worked out once here by the domain's date rules: the same rule the capacity and quote code uses
 * (pricing/pricing-data.ts), and cheaper than converting every row AT TIME ZONE.
 */
import { sql, type SQL } from 'drizzle-orm';
import { eachDate } from '@parking/domain/dates';
import { businessDayBounds, timestampArray } from '../pricing/presence';

export interface ReportDays {
  startDate: string;
  endDate: string;
  /** Every business date of the range, in order: the reports' labels. */
  dates: string[];
  /** The first instant of each date and of the day after the last (dates.length + 1 instants, ISO). */
  bounds: string[];
}

export function reportDays(startDate: string, endDate: string, timeZone: string): ReportDays {
  return {
    startDate,
    endDate,
    dates: eachDate(startDate, endDate),
    bounds: businessDayBounds(startDate, endDate, timeZone),
  };
}

/** The first instant of the range and the first instant after it. */
function rangeOf(days: ReportDays): { from: string; to: string } {
  return { from: days.bounds[0] ?? '', to: days.bounds[days.bounds.length - 1] ?? '' };
}

/** `column` falls on one of the range's days (a half-open range the column's B-tree index serves). */
export function withinDays(column: SQL, days: ReportDays): SQL {
  const { from, to } = rangeOf(days);
  return sql`${column} >= ${from}::timestamptz AND ${column} < ${to}::timestamptz`;
}

/** The index (0 = the first date) of the day an instant in the range falls on. */
export function dayIndexOf(column: SQL, days: ReportDays): SQL<number> {
  return sql<number>`(width_bucket(${column}, ${timestampArray(days.bounds)}) - 1)`;
}

/** One number a day from sparse (day, value) rows; days with no row are 0. */
export function perDay(days: ReportDays, rows: Iterable<{ day: number; value: number }>): number[] {
  const values = new Array<number>(days.dates.length).fill(0);
  for (const row of rows) {
    if (row.day >= 0 && row.day < values.length) values[row.day] = (values[row.day] ?? 0) + row.value;
  }
  return values;
}

/** A fraction rounded to 4 places, as the API answers rates and shares. */
export const round4 = (value: number): number => Math.round(value * 10000) / 10000;
