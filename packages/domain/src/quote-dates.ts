/**
 * The quote form's date order rules (public-site §5) without zod, so that the home page's quote form can
 * use them without downloading a schema library. `quotes.ts` checks the format first and then applies the
 * same rules, so the browser and the API answer with one text.
 */
import { stayDays } from './day-arithmetic';
import { messages } from './messages';

/** The longest stay the quote form prices (a year, both ends counted). */
export const MAX_QUOTE_DAYS = 365;

export const stayTooLong = (max: number) => `A stay can be at most ${max} days.`;

export type QuoteDateField = 'startDate' | 'endDate';
export interface DateProblem {
  field: QuoteDateField;
  message: string;
}

/**
 * The order rules for two well-formed dates ('YYYY-MM-DD', or '' when not chosen yet): departure
 * required and not before `today` (today allowed), return required and not before departure (same day
 * allowed), at most `maxDays` days. `today` is the business date. At most one problem per field.
 */
export function quoteDateOrderProblems(
  startDate: string,
  endDate: string,
  today: string,
  maxDays: number = MAX_QUOTE_DAYS,
): DateProblem[] {
  const problems: DateProblem[] = [];
  if (!startDate) problems.push({ field: 'startDate', message: messages.required });
  else if (startDate < today) problems.push({ field: 'startDate', message: messages.dateInFuture });
  if (!endDate) problems.push({ field: 'endDate', message: messages.required });
  else if (startDate && endDate < startDate)
    problems.push({ field: 'endDate', message: messages.dateAfterDeparture });
  else if (startDate && stayDays(startDate, endDate) > maxDays)
    problems.push({ field: 'endDate', message: stayTooLong(maxDays) });
  return problems;
}

/** Moving the departure after the return moves the return up to it (public-site §4, quote form). */
export function followDeparture(startDate: string, endDate: string): string {
  return startDate && (!endDate || endDate < startDate) ? startDate : endDate;
}

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic: no time zone or daylight saving can shift it). */
export function plusDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The stay the home quote form suggests: leaving tomorrow, back a week later. Today to today is rarely
 * a trip, and a first quote for a real week shows what parking costs.
 */
export function suggestedStay(today: string): { startDate: string; endDate: string } {
  const startDate = plusDays(today, 1);
  return { startDate, endDate: plusDays(startDate, 7) };
}
