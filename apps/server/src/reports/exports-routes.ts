/**
 * CSV exports of the bookings and customers lists (back-office §7 "Plain GETs opened in tabs": "CSV
 * exports of bookings and customers with the current filter as query string"), opened in a new tab and so
 * authorised by the session cookie as well as the Token header. Staff only.
 *
 * - GET bookings/export/?filter[...]=...  every booking the list's filters match, in the list's order
 * - GET customers/export/?filter[...]=... every customer the filters match
 *
 * The rows come through the list machinery (filters, row scope, sort), a page of 10,000 at a time, so an
 * export always agrees with the screen it was asked from. At least one filter is required, as the screens
 * ask for one (a whole-database dump is not what this is for).
 */
import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { bookingChannel } from '@parking/domain/booking-channel';
import { PAGE_SIZE_MAX } from '@parking/domain/constants';
import { businessDate, businessLocalDatetime } from '@parking/domain/dates';
import type { RequestContext } from '../context';
import { lots } from '../db/schema/index';
import { csvDocument, type CsvCell } from '../documents/csv';
import { action, type Action } from '../http/action';
import { listRows } from '../jsonapi/engine';
import { errors } from '../jsonapi/errors';
import type { RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import type { AnyRow } from '../jsonapi/resource';
import type { CustomerRow } from '../accounts/customers-resource';
import type { BookingListRow } from '../bookings/booking-read';

export interface ExportSpec<Row> {
  type: string;
  header: string[];
  /** Loads what the rows refer to (lot names), once per page. */
  prepare?: (ctx: RequestContext, rows: Row[]) => Promise<(row: Row) => CsvCell[]>;
  line?: (ctx: RequestContext, row: Row) => CsvCell[];
}

/** Rows read per statement by the exports and the printed reports. */
const EXPORT_BATCH_ROWS = PAGE_SIZE_MAX;

/**
 * Every row the request's list query matches, a batch at a time (the list's order, which ends with the id,
 * so batches never repeat or skip a row), read only when the one before has been taken: a reader that
 * stops pulling (a slow download) stops the reads.
 */
async function* rowBatches(
  ctx: RequestContext,
  registry: Registry,
  type: string,
  query: RawQuery,
  batchRows = EXPORT_BATCH_ROWS,
  fields?: SelectedFields,
): AsyncGenerator<AnyRow[]> {
  const def = registry.get(type);
  for (let page = 1; ; page += 1) {
    const result = await listRows(
      def,
      ctx,
      registry,
      { ...query, 'page[number]': String(page), 'page[size]': String(batchRows) },
      { uncounted: true, ...(fields ? { fields } : {}) },
    );
    if (result.rows.length) yield result.rows;
    if (result.rows.length < batchRows) return;
  }
}

/**
 * Every row the request's list query matches (a printed report holds them all); only `fields` when
 * given (the rows are then that selection's).
 */
export async function allRows(
  ctx: RequestContext,
  registry: Registry,
  type: string,
  query: RawQuery,
  fields?: SelectedFields,
): Promise<AnyRow[]> {
  const rows: AnyRow[] = [];
  for await (const batch of rowBatches(ctx, registry, type, query, EXPORT_BATCH_ROWS, fields))
    rows.push(...batch);
  return rows;
}

const local = (ctx: RequestContext, instant: Date | null) =>
  instant ? businessLocalDatetime(instant, ctx.services.config.timeZone).replace('T', ' ') : '';

const bookingsExport: ExportSpec<BookingListRow> = {
  type: 'bookings',
  header: [
    'ID',
    'Booking Code',
    'Status',
    'Payment Status',
    'Booking Type',
    'Channel',
    'Title',
    'First Name',
    'Last Name',
    'Email',
    'Phone Number',
    'Business',
    'Rego',
    'Make',
    'Model',
    'Colour',
    'Carpark',
    'Drop Off',
    'Pick Up',
    'Flight Out',
    'Flight In',
    'Bus Departure Time',
    'Passengers Out',
    'Passengers In',
    'Parking',
    'Extras',
    'Discount',
    'Subscription Discount',
    'Total',
    'Amount Paid',
    'Payment Method',
    'Payment Date',
    'Promo Code',
    'Created',
  ],
  async prepare(ctx, rows) {
    const ids = [...new Set(rows.map((row) => row.lotId))];
    const names = new Map(
      (ids.length
        ? await ctx.db.select({ id: lots.id, name: lots.name }).from(lots).where(inArray(lots.id, ids))
        : []
      ).map((lot) => [lot.id, lot.name]),
    );
    return (row) => [
      row.id,
      row.bookingCode,
      row.status,
      row.paymentStatus,
      row.bookingType ?? '',
      bookingChannel(row).label,
      row.title,
      row.firstName,
      row.lastName,
      row.email,
      row.phoneNumber,
      row.business,
      row.rego,
      row.make,
      row.model,
      row.colour,
      names.get(row.lotId) ?? '',
      local(ctx, row.startDatetime),
      local(ctx, row.endDatetime),
      row.flightNumberOut,
      row.flightNumberIn,
      row.busDepartureTime?.slice(0, 5) ?? '',
      row.passengersOut,
      row.passengersIn,
      row.parkingCost,
      row.extrasCost,
      row.amountDiscounted,
      row.subscriptionDiscount,
      row.totalCost,
      row.amountPaid,
      row.paymentMethod ?? '',
      local(ctx, row.paymentDatetime),
      row.promoCode,
      local(ctx, row.created),
    ];
  },
};

const customersExport: ExportSpec<CustomerRow> = {
  type: 'customers',
  header: [
    'ID',
    'Title',
    'First Name',
    'Last Name',
    'Email',
    'Phone Number',
    'Business',
    'Permission Groups',
    'Has Subscription',
    'Email Confirmed',
    'Created',
  ],
  line: (ctx, row) => [
    row.id,
    row.title,
    row.firstName,
    row.lastName,
    row.email,
    row.phoneNumber,
    row.business,
    (row.roles ?? []).join(', '),
    row.hasSubscription ? 'yes' : 'no',
    row.emailConfirmed ? 'yes' : 'no',
    local(ctx, row.created),
  ],
};

/** Excel opens a UTF-8 CSV correctly only with a byte-order mark; every other reader ignores it. */
const BOM = '\uFEFF';

export function sendCsv(reply: FastifyReply, csv: string | Readable, filename: string) {
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(typeof csv === 'string' ? BOM + csv : csv);
}

/**
 * An export as a stream of CSV text: the byte-order mark and the header, then each batch of rows as it is
 * read. A batch is read only when the reply has taken the text before it (Readable.from pulls the next
 * chunk when its buffer has room), so a large export never sits whole in memory.
 */
export function csvStream<Row>(
  ctx: RequestContext,
  registry: Registry,
  spec: ExportSpec<Row>,
  query: RawQuery,
  {
    batchRows = EXPORT_BATCH_ROWS,
    highWaterMark = 64 * 1024,
  }: { batchRows?: number; highWaterMark?: number } = {},
): Readable {
  async function* text(): AsyncGenerator<string> {
    yield BOM + csvDocument([spec.header]);
    for await (const batch of rowBatches(ctx, registry, spec.type, query, batchRows)) {
      const rows = batch as Row[];
      const line = spec.prepare ? await spec.prepare(ctx, rows) : (row: Row) => spec.line?.(ctx, row) ?? [];
      yield csvDocument(rows.map(line));
    }
  }
  return Readable.from(text(), { objectMode: false, highWaterMark });
}

/** GET {type}/export/: every row the list's filters match, as a CSV file. */
function exportAction<Row>(registry: Registry, spec: ExportSpec<Row>): Action {
  return action({
    method: 'GET',
    path: `${spec.type}/export/`,
    access: 'staff',
    async handle(ctx, input, reply) {
      const query = { ...input.query };
      delete query['page[number]'];
      delete query['page[size]'];
      if (!Object.keys(query).some((key) => key.startsWith('filter['))) {
        throw errors.parameter('Choose at least one filter before exporting.', 'filter');
      }
      // The query is checked (filters, sort) before the reply starts: a bad one is a 400, not a cut file.
      await listRows(
        registry.get(spec.type),
        ctx,
        registry,
        { ...query, 'page[size]': '1' },
        { uncounted: true },
      );
      const filename = `${spec.type}-${businessDate(ctx.now, ctx.services.config.timeZone)}.csv`;
      return sendCsv(reply, csvStream(ctx, registry, spec, query), filename);
    },
  });
}

export const exportSpecs = { bookings: bookingsExport, customers: customersExport };

export function exportActions(registry: Registry): Action[] {
  return [exportAction(registry, bookingsExport), exportAction(registry, customersExport)];
}
