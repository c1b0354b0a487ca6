/**
 * The quote form's date order rules (public-site §5) without zod, so that the home page's quote form can
 * use them without downloading a schema library. `quotes.ts` checks the format first and then applies the
 * same rules, so the browser and the API answer with one text.
 */
import { homeMessages as messages } from './home-messages';
import { DEFAULT_STAY_LIMITS, stayLimitProblems, type StayLimits } from './stay-limits';

export { MAX_QUOTE_DAYS, stayTooLong } from './stay-limits';

export type QuoteDateField = 'startDate' | 'endDate';
export interface DateProblem {
  field: QuoteDateField;
  message: string;
}

/**
 * The order rules for two well-formed dates ('YYYY-MM-DD', or '' when not chosen yet): departure
 * required, not before `today` (today allowed) and at most the horizon ahead; return required and not
 * before departure (same day allowed), the stay at most the longest stay. `today` is the business
 * date; `limits` the server's settings (stay-limits.ts). At most one problem per field.
 */
export function quoteDateOrderProblems(
  startDate: string,
  endDate: string,
  today: string,
  limits: StayLimits = DEFAULT_STAY_LIMITS,
): DateProblem[] {
  const problems: DateProblem[] = [];
  // The stay rules the booking save applies, on the quote form's fields.
  const limit = (field: 'startDatetime' | 'endDatetime') =>
    stayLimitProblems(startDate, endDate && endDate >= startDate ? endDate : null, today, limits).find(
      (problem) => problem.field === field,
    )?.message;
  if (!startDate) problems.push({ field: 'startDate', message: messages.required });
  else if (startDate < today) problems.push({ field: 'startDate', message: messages.dateInFuture });
  else {
    const tooFar = limit('startDatetime');
    if (tooFar) problems.push({ field: 'startDate', message: tooFar });
  }
  if (!endDate) problems.push({ field: 'endDate', message: messages.required });
  else if (startDate && endDate < startDate)
    problems.push({ field: 'endDate', message: messages.dateAfterDeparture });
  else if (startDate) {
    const tooLong = limit('endDatetime');
    if (tooLong) problems.push({ field: 'endDate', message: tooLong });
  }
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
