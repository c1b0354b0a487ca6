/**
 * The reports (back-office §2 "Reports", §3 "Report data", §7 "Reports"), Admins only as the Reports menu is:
 *
 * - POST {type}/ with {data: {type, attributes: {startDatetime, endDatetime}}}, for the types below:
 *   the figures of every business day from the start's date to the end's date, answered 201 as
 *   {data: {type, id: 'YYYY-MM-DD_YYYY-MM-DD', attributes}}. Nothing is stored; POST because the spec's
 *   client creates these resources.
 * - GET kpi-summary-csv/?month=YYYY-MM-DD: the KPI summary of that date's calendar month as a CSV file,
 *   opened in a new tab and so authorised by the session cookie as well as the Token header.
 */
import { calendarMonthOf, reportMessages, reportPeriodSchema } from '@parking/domain/report-period';
import type { Executor } from '../db/client';
import { action, type Action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { single } from '../jsonapi/query';
import type { JsonValue } from '../jsonapi/resource';
import { arrivalDepartureGraph } from './arrival-departure';
import { bookingTypeStats } from './booking-type-stats';
import { channelStats } from './channel-stats';
import { extrasGraph, extrasStats } from './extras-stats';
import { kpiSummary, kpiSummaryCsv } from './kpi-summary';
import { lotVolumeGraph } from './lot-volume';
import { reportDays, type ReportDays } from './report-days';
import { sendCsv } from './exports-routes';

type Report = (db: Executor, days: ReportDays, timeZone: string) => Promise<{ [key: string]: JsonValue }>;

const REPORTS: Record<string, Report> = {
  'lot-volume-graphs': lotVolumeGraph,
  'arrival-departure-graphs': arrivalDepartureGraph,
  'extras-stats': extrasStats,
  'extras-graphs': extrasGraph,
  'booking-type-stats': bookingTypeStats,
  'channel-stats': channelStats,
};

/** The reports' actions; the period's business dates are those of the configured time zone. */
export function reportActions(timeZone: string): Action[] {
  const periodSchema = reportPeriodSchema(timeZone);
  return [
    ...Object.entries(REPORTS).map(([type, report]) =>
      action({
        method: 'POST',
        path: `${type}/`,
        type,
        input: periodSchema,
        // The report's document has no relationships of its own; any sent is not looked at.
        otherRelationships: 'ignore',
        access: 'admin',
        readOnly: true,
        async handle(ctx, { attributes: { startDate, endDate } }) {
          const attributes = await report(ctx.db, reportDays(startDate, endDate, timeZone), timeZone);
          return { data: { type, id: `${startDate}_${endDate}`, attributes } };
        },
      }),
    ),
    action({
      method: 'GET',
      path: 'kpi-summary-csv/',
      access: 'admin',
      async handle(ctx, { query }, reply) {
        const month = calendarMonthOf(single(query, 'month'));
        if (!month) throw errors.parameter(reportMessages.monthRequired, 'month');
        const summary = await kpiSummary(
          ctx.db,
          reportDays(month.startDate, month.endDate, timeZone),
          timeZone,
        );
        return sendCsv(reply, kpiSummaryCsv(summary), `kpi-summary-${month.startDate.slice(0, 7)}.csv`);
      },
    }),
  ];
}
