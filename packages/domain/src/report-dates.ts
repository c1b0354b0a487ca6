/**
 * The reports' date range (back-office §2 "Reports", §5, §9): start_date and end_date (YYYY-MM-DD) from the
 * address, six months ago and today by default, an invalid value falling back to its default, and an end
 * before the start refused with "Date must be after the start date" (the same day is allowed).
 */
import { addMonths, format, isValid, parseISO } from 'date-fns';
import { messages } from './messages';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isDate = (value: string | null | undefined): value is string =>
  typeof value === 'string' &&
  DATE.test(value) &&
  isValid(parseISO(value)) &&
  format(parseISO(value), 'yyyy-MM-dd') === value;

export interface ReportRange {
  startDate: string;
  endDate: string;
}

export function defaultReportRange(today: string): ReportRange {
  return { startDate: format(addMonths(parseISO(today), -6), 'yyyy-MM-dd'), endDate: today };
}

/** The range the address asks for, each invalid part replaced by its default. */
export function reportRangeFrom(
  startParam: string | null,
  endParam: string | null,
  today: string,
): ReportRange {
  const defaults = defaultReportRange(today);
  return {
    startDate: isDate(startParam) ? startParam : defaults.startDate,
    endDate: isDate(endParam) ? endParam : defaults.endDate,
  };
}

/** The message for the To date, or null when the range is good. */
export function reportRangeProblem(range: ReportRange): string | null {
  return range.endDate < range.startDate ? messages.dateAfterStart : null;
}
