/**
 * How long a stay may be and how far ahead it may start (found accepting a 10-year stay and a
 * booking in 2036). Both are settings (MAX_STAY_DAYS, BOOKING_HORIZON_DAYS on the server, which
 * tells the browser through the form blockout check's meta); the defaults are a year and two years
 * ahead. The booking save, the quotes and the quote forms all apply these rules: one text everywhere.
 */
import { stayDays } from './day-arithmetic';

/** The longest stay by default (a year, both ends counted): the quote form's and the booking's. */
export const MAX_QUOTE_DAYS = 365;

export const stayTooLong = (max: number) => `A stay can be at most ${max} days.`;

export interface StayLimits {
  maxStayDays: number;
  horizonDays: number;
}

export const DEFAULT_STAY_LIMITS: StayLimits = { maxStayDays: MAX_QUOTE_DAYS, horizonDays: 730 };

export const tooFarAhead = (days: number) => `Date must be no more than ${days} days from today`;

export interface StayLimitProblem {
  field: 'startDatetime' | 'endDatetime';
  message: string;
}

/**
 * Business dates 'YYYY-MM-DD' of the drop-off, the pick-up (null: open-ended, staff only) and today.
 * The drop-off may be at most `horizonDays` after today (that day allowed); the stay, both ends
 * counted, at most `maxStayDays`.
 */
export function stayLimitProblems(
  startDate: string,
  endDate: string | null,
  today: string,
  limits: StayLimits,
): StayLimitProblem[] {
  const problems: StayLimitProblem[] = [];
  if (startDate >= today && stayDays(today, startDate) - 1 > limits.horizonDays) {
    problems.push({ field: 'startDatetime', message: tooFarAhead(limits.horizonDays) });
  }
  if (endDate !== null && endDate >= startDate && stayDays(startDate, endDate) > limits.maxStayDays) {
    problems.push({ field: 'endDatetime', message: stayTooLong(limits.maxStayDays) });
  }
  return problems;
}
