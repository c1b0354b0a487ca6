/**
 * What a report is asked for (back-office §3 "Report data", §5, §7 "Reports"): the report resources are
 * POSTed with startDatetime and endDatetime, and cover the business days from the start's date to the
 * end's date, both included; the KPI summary is asked for by one date of a calendar month.
 */
import { z } from 'zod';
import { businessDate, stayDays } from './dates';
import { requiredDatetime } from './fields';
import { messages } from './messages';

/**
 * The longest range a report covers: three years and a little. Every business day of the range is a
 * row of the answer (and a bound of the day buckets in SQL), so the range is what costs, not the data.
 */
export const MAX_REPORT_DAYS = 1100;

export const reportMessages = {
  rangeTooLong: `A report covers at most ${MAX_REPORT_DAYS.toLocaleString('en-AU')} days: choose a shorter range.`,
  monthRequired: 'Give the month as one of its dates: month=YYYY-MM-DD.',
} as const;

export interface ReportPeriod {
  startDatetime: Date;
  endDatetime: Date;
  /** The business dates of the first and the last day covered. */
  startDate: string;
  endDate: string;
}

/**
 * The request attributes, answered with the business dates they cover. An end before the start is
 * refused with the spec's words (the same instant or day is allowed, as the report dates allow it).
 */
export function reportPeriodSchema(timeZone: string) {
  return z
    .object({ startDatetime: requiredDatetime(), endDatetime: requiredDatetime() })
    .transform(({ startDatetime, endDatetime }): ReportPeriod => ({
      startDatetime,
      endDatetime,
      startDate: businessDate(startDatetime, timeZone),
      endDate: businessDate(endDatetime, timeZone),
    }))
    .superRefine((period, ctx) => {
      if (period.endDatetime.getTime() < period.startDatetime.getTime()) {
        ctx.addIssue({ code: 'custom', message: messages.dateAfterStart, path: ['endDatetime'] });
      } else if (stayDays(period.startDate, period.endDate) > MAX_REPORT_DAYS) {
        ctx.addIssue({ code: 'custom', message: reportMessages.rangeTooLong, path: ['endDatetime'] });
      }
    });
}

/** The first and last dates of the calendar month that contains `date` ('YYYY-MM-DD'), or null when it is not a date. */
export function calendarMonthOf(date: string | undefined): { startDate: string; endDate: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Day 0 of the next month is this month's last day; UTC so that no time zone moves it.
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > last) return null;
  const prefix = `${match[1]}-${match[2]}`;
  return { startDate: `${prefix}-01`, endDate: `${prefix}-${String(last).padStart(2, '0')}` };
}
