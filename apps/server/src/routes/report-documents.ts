/**
 * The printable reports (back-office §2 "Common form behaviour", §7 "Plain GETs opened in tabs"), PDFs
 * opened in new tabs and so authorised by the session cookie as well as the Token header; staff only:
 *
 * - GET bookings/currently-parked/: the cars on site now (the bookings list's currently_parked rule),
 *   by lot.
 * - GET bookings/income-owed/: complete bookings with a balance owing (the list's owing filter), by
 *   pick-up date, with the grand total.
 *
 * Both read their bookings through the bookings list machinery, so any other list filter given in the
 * query string (filter[lot]=, filter[end_datetime__lte]=...) narrows them as it would the list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStaff, type RequestContext, type Services } from '../context';
import { renderTableReportPdf } from '../documents/table-report';
import { buildContext } from '../http/context';
import { errors } from '../jsonapi/errors';
import type { RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import { currentlyParkedReport, loadParkedLookups } from '../reports/currently-parked';
import { incomeOwedReport } from '../reports/income-owed';
import type { BookingRow } from '../services/create-booking';
import { allRows } from './exports';
import { sendPdf } from './invoices';

async function staffContext(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<RequestContext> {
  const ctx = await buildContext(request, reply, services, []);
  if (!isStaff(ctx.user)) throw ctx.user ? errors.forbidden() : errors.unauthorized();
  return ctx;
}

/** The caller's list filters, without paging: a printed report holds every row. */
function listQuery(request: FastifyRequest, fixed: RawQuery): RawQuery {
  const query: RawQuery = { ...(request.query as RawQuery), ...fixed };
  delete query['page[number]'];
  delete query['page[size]'];
  delete query.include;
  return query;
}

const renderOptions = (ctx: RequestContext) => ({ compress: ctx.services.config.env !== 'test', business: ctx.services.config.business });

export function registerReportDocumentRoutes(app: FastifyInstance, services: Services, registry: Registry, prefix: string) {
  const timeZone = services.config.timeZone;

  app.get(`${prefix}/bookings/currently-parked/`, async (request, reply) => {
    const ctx = await staffContext(services, request, reply);
    const bookings = (await allRows(ctx, registry, 'bookings', listQuery(request, { 'filter[currently_parked]': 'true', sort: 'id' }))) as BookingRow[];
    const lookups = await loadParkedLookups(ctx.db, bookings);
    const pdf = await renderTableReportPdf(currentlyParkedReport(bookings, lookups, timeZone, ctx.now), renderOptions(ctx));
    return sendPdf(reply, pdf, 'currently-parked-cars.pdf');
  });

  app.get(`${prefix}/bookings/income-owed/`, async (request, reply) => {
    const ctx = await staffContext(services, request, reply);
    const query = listQuery(request, { 'filter[status]': 'complete', 'filter[owing]': 'true', sort: 'endDatetime,bookingCode' });
    const bookings = (await allRows(ctx, registry, 'bookings', query)) as BookingRow[];
    const pdf = await renderTableReportPdf(incomeOwedReport(bookings, timeZone, ctx.now), renderOptions(ctx));
    return sendPdf(reply, pdf, 'income-owed.pdf');
  });
}
