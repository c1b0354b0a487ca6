/**
 * Invoices as PDF, opened in a new tab (public-site §7 "Booking invoice", back-office §7 "Plain GETs
 * opened in tabs"), so authorised by the session cookie as well as the Token header:
 *
 * - GET bookings/{id}/invoice/: one booking's tax invoice, for its own customer or staff. The
 *   booking is read through the bookings definition, so its row scope applies: another customer's
 *   booking is simply not found.
 * - GET bookings/invoices/?filter[status]=complete&filter[start_diary_date]=YYYY-MM-DD (or
 *   filter[end_diary_date]): staff only; the diary's drop-offs (or pick-ups) of a day, one invoice
 *   to a page. Any booking list filter, sort and page applies, through the list machinery.
 *
 * Errors stay JSON:API documents.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PAGE_SIZE_MAX } from '@parking/domain/constants';
import type { RequestContext } from '../context';
import { currentBusiness } from './business-contact';
import { invoiceTitle } from './business';
import { renderInvoicesPdf } from './invoice';
import { loadInvoiceModels } from './invoice-data';
import { action, type Action } from '../http/action';
import { authorize, fetchOne, listRows, parseId } from '../jsonapi/engine';
import { errors } from '../jsonapi/errors';
import { single, type RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import type { BookingRow } from '../db/rows';
import { and, eq } from 'drizzle-orm';
import { bookings, payments } from '../db/schema/index';
import { bookingCalendarFile } from '../bookings/booking-confirmation';

const START = 'filter[start_diary_date]';
const END = 'filter[end_diary_date]';

/** The business as the site shows it (Site details over BUSINESS_*, documents/business-contact.ts). */
const renderOptions = async (ctx: RequestContext) => ({
  compress: ctx.services.config.env !== 'test',
  business: await currentBusiness(ctx.db, ctx.services.config),
});

export function sendPdf(reply: FastifyReply, pdf: Buffer | Readable, filename: string) {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '-');
  return (
    reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${safe}"`)
      .header('cache-control', 'private, no-store')
      // The site's policy has object-src 'none', which blocks Chrome's built-in PDF viewer (an
      // embedded plugin): a document of ours only keeps the framing rule.
      .header('content-security-policy', "frame-ancestors 'self'")
      .send(pdf)
  );
}

/**
 * The booking a document is asked for: by its own customer or staff (row scope), or by whoever holds
 * the booking's payment secret (?client_secret=): the guest who has just paid, on the success page. The
 * path's id is the bookings' own ("Booking not found" for one that is no id), looked at before access.
 */
async function documentBooking(
  ctx: RequestContext,
  registry: Registry,
  rawId: string,
  query: RawQuery,
): Promise<BookingRow> {
  const def = registry.get('bookings');
  const bookingId = parseId(rawId, def.notFound);
  const secret = single(query, 'client_secret');
  if (secret) {
    const [row] = await ctx.db
      .select({ booking: bookings })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.id, bookingId), eq(payments.clientSecret, secret)))
      .limit(1);
    if (!row) throw errors.notFound(def.notFound);
    return row.booking;
  }
  authorize(def, 'read', ctx, 'GET');
  return (await fetchOne(def, ctx, bookingId)) as BookingRow;
}

/**
 * GET bookings/{id}/calendar/ and bookings/{id}/invoice/: one booking's calendar file and tax invoice
 * (anyone may ask; documentBooking decides). GET bookings/invoices/: staff only; the diary's drop-offs
 * (or pick-ups) of a day, one invoice to a page.
 */
export function invoiceActions(registry: Registry): Action[] {
  return [
    action({
      method: 'GET',
      path: 'bookings/:id/calendar/',
      pathId: 'text',
      access: 'anyone',
      async handle(ctx, { params, query }, reply) {
        const booking = await documentBooking(ctx, registry, params.id ?? '', query);
        const ics = await bookingCalendarFile(ctx, booking);
        return reply
          .status(200)
          .header('content-type', 'text/calendar; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="booking-${booking.bookingCode.replace(/[^A-Za-z0-9]/g, '')}.ics"`,
          )
          .header('cache-control', 'private, no-store')
          .send(ics);
      },
    }),
    action({
      method: 'GET',
      path: 'bookings/:id/invoice/',
      pathId: 'text',
      access: 'anyone',
      async handle(ctx, { params, query }, reply) {
        const booking = await documentBooking(ctx, registry, params.id ?? '', query);
        const invoices = await loadInvoiceModels(ctx, [booking]);
        const pdf = await renderInvoicesPdf(invoices, await renderOptions(ctx));
        return sendPdf(reply, pdf, `invoice-${booking.bookingCode}.pdf`);
      },
    }),
    action({
      method: 'GET',
      path: 'bookings/invoices/',
      access: 'staff',
      async handle(ctx, input, reply) {
        const def = registry.get('bookings');
        const query: RawQuery = { ...input.query };
        const start = single(query, START);
        const end = single(query, END);
        if (start === undefined && end === undefined) {
          throw errors.parameter(`Give the diary date as ${START} (drop-offs) or ${END} (pick-ups).`, START);
        }
        // The whole day, in diary order, unless the caller pages or sorts otherwise.
        query['page[size]'] ??= String(PAGE_SIZE_MAX);
        query.sort ??= start !== undefined ? 'startDatetime' : 'endDatetime';
        const { rows } = await listRows(def, ctx, registry, query);
        const invoices = await loadInvoiceModels(ctx, rows as BookingRow[]);
        const what =
          start !== undefined && end !== undefined
            ? 'drop-offs and pick-ups'
            : start !== undefined
              ? 'drop-offs'
              : 'pick-ups';
        const date = start ?? end ?? ''; // a valid YYYY-MM-DD: the filter has checked it
        const [year, month, day] = date.split('-');
        const pdf = await renderInvoicesPdf(invoices, {
          ...(await renderOptions(ctx)),
          title: `${invoiceTitle(ctx.services.config.business)}s`,
          emptyMessage: `No bookings to invoice: no ${what} on ${Number(day)}/${month}/${year} match the filters.`,
        });
        return sendPdf(reply, pdf, `invoices-${what.replace(/ /g, '-')}-${date}.pdf`);
      },
    }),
  ];
}
