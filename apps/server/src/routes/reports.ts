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
import type { FastifyInstance } from 'fastify';
import { calendarMonthOf, reportMessages, reportPeriodSchema } from '@parking/domain/report-period';
import { isAdmin, type RequestContext, type Services } from '../context';
import type { Executor } from '../db/client';
import { buildContext } from '../http/context';
import { route } from '../http/route';
import { checkMediaType, readDocument } from '../jsonapi/document';
import { errors, fromZod } from '../jsonapi/errors';
import { single, type RawQuery } from '../jsonapi/query';
import type { JsonValue } from '../jsonapi/resource';
import { arrivalDepartureGraph } from '../reports/arrival-departure';
import { bookingTypeStats } from '../reports/booking-type-stats';
import { extrasGraph, extrasStats } from '../reports/extras-stats';
import { kpiSummary, kpiSummaryCsv } from '../reports/kpi-summary';
import { lotVolumeGraph } from '../reports/lot-volume';
import { reportDays, type ReportDays } from '../reports/report-days';
import { sendCsv } from './exports';

type Report = (db: Executor, days: ReportDays, timeZone: string) => Promise<{ [key: string]: JsonValue }>;

export const REPORTS: Record<string, Report> = {
  'lot-volume-graphs': lotVolumeGraph,
  'arrival-departure-graphs': arrivalDepartureGraph,
  'extras-stats': extrasStats,
  'extras-graphs': extrasGraph,
  'booking-type-stats': bookingTypeStats,
};

function requireAdmin(ctx: RequestContext): void {
  if (!isAdmin(ctx.user)) throw ctx.user ? errors.forbidden() : errors.unauthorized();
}

export function registerReportRoutes(app: FastifyInstance, services: Services, prefix: string) {
  const periodSchema = reportPeriodSchema(services.config.timeZone);

  for (const [type, report] of Object.entries(REPORTS)) {
    app.post(
      `${prefix}/${type}/`,
      route(services, async (ctx, request, reply) => {
        requireAdmin(ctx);
        checkMediaType(request.headers['content-type']);
        const doc = readDocument(request.body, type);
        const parsed = periodSchema.safeParse(doc.attributes);
        if (!parsed.success) throw fromZod(parsed.error);
        const { startDate, endDate } = parsed.data;
        const attributes = await report(ctx.db, reportDays(startDate, endDate, services.config.timeZone), services.config.timeZone);
        reply.status(201);
        return { data: { type, id: `${startDate}_${endDate}`, attributes } };
      }, { readOnly: true }),
    );
  }

  app.get(`${prefix}/kpi-summary-csv/`, async (request, reply) => {
    const ctx = await buildContext(request, reply, services, []);
    requireAdmin(ctx);
    const month = calendarMonthOf(single(request.query as RawQuery, 'month'));
    if (!month) throw errors.parameter(reportMessages.monthRequired, 'month');
    const timeZone = services.config.timeZone;
    const summary = await kpiSummary(ctx.db, reportDays(month.startDate, month.endDate, timeZone), timeZone);
    return sendCsv(reply, kpiSummaryCsv(summary), `kpi-summary-${month.startDate.slice(0, 7)}.csv`);
  });
}
