/**
 * The printable reports (back-office §2 "Common form behaviour", §7 "Plain GETs opened in tabs"), PDFs
 * opened in new tabs and so authorised by the session cookie as well as the Token header; staff only:
 *
 * - GET bookings/currently-parked/: the cars on site now (the bookings list's currently_parked rule),
 *   by lot.
 * - GET bookings/income-owed/: complete bookings with a balance owing (the list's owing filter), by
 *   pick-up date, with the grand total.
 *
 * Both are written as streams (documents/table-report.ts), a page at a time as the reply takes them.
 * Both read their bookings through the bookings list machinery, so any other list filter given in the
 * query string (filter[lot]=, filter[end_datetime__lte]=...) narrows them as it would the list.
 */
import { currentBusiness } from '../documents/business-contact';
import type { RequestContext } from '../context';
import type { BookingRow } from '../db/rows';
import { tableReportPdfStream } from '../documents/table-report';
import { action } from '../http/action';
import type { RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import { currentlyParkedReport, loadParkedLookups } from './currently-parked';
import { incomeOwedFields, incomeOwedReport, type OwingBooking } from './income-owed';
import { allRows } from './exports-routes';
import { sendPdf } from '../documents/invoices-routes';

/** The caller's list filters, without paging: a printed report holds every row. */
function listQuery(query: RawQuery, fixed: RawQuery): RawQuery {
  const list: RawQuery = { ...query, ...fixed };
  delete list['page[number]'];
  delete list['page[size]'];
  delete list.include;
  return list;
}

/** The business as the site shows it (Site details over BUSINESS_*, documents/business-contact.ts). */
const renderOptions = async (ctx: RequestContext) => ({
  compress: ctx.services.config.env !== 'test',
  business: await currentBusiness(ctx.db, ctx.services.config),
});

export function reportDocumentActions(registry: Registry) {
  return [
    action({
      method: 'GET',
      path: 'bookings/currently-parked/',
      access: 'staff',
      async handle(ctx, { query }, reply) {
        const list = listQuery(query, { 'filter[currently_parked]': 'true', sort: 'id' });
        const bookings = (await allRows(ctx, registry, 'bookings', list)) as BookingRow[];
        const lookups = await loadParkedLookups(ctx.db, bookings);
        const report = currentlyParkedReport(bookings, lookups, ctx.services.config.timeZone, ctx.now);
        return sendPdf(
          reply,
          tableReportPdfStream(report, await renderOptions(ctx)),
          'currently-parked-cars.pdf',
        );
      },
    }),
    action({
      method: 'GET',
      path: 'bookings/income-owed/',
      access: 'staff',
      async handle(ctx, { query }, reply) {
        const list = listQuery(query, {
          'filter[status]': 'complete',
          'filter[owing]': 'true',
          sort: 'endDatetime,bookingCode',
        });
        const bookings = (await allRows(ctx, registry, 'bookings', list, incomeOwedFields)) as OwingBooking[];
        const report = incomeOwedReport(bookings, ctx.services.config.timeZone, ctx.now);
        return sendPdf(reply, tableReportPdfStream(report, await renderOptions(ctx)), 'income-owed.pdf');
      },
    }),
  ];
}
