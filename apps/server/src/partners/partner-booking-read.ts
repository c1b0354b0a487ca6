/**
 * A partner's booking as the partner API answers it (partnerBookingResponseSchema in
 * @parking/domain/partner-bookings: the OpenAPI document's schema). A partner reads only its own bookings: any
 * other code, another partner's included, is 404 (nothing says it exists).
 */
import { and, eq } from 'drizzle-orm';
import { iso } from '@parking/domain/api-values';
import { DomainError } from '@parking/domain/errors';
import { partnerBookingMessages, type PartnerBookingResponse } from '@parking/domain/partner-bookings';
import type { RequestContext } from '../context';
import type { Executor } from '../db/client';
import { bookings, lots } from '../db/schema/index';
import type { PartnerContext } from './partner-auth';

const partnerBookingFields = {
  id: bookings.id,
  code: bookings.bookingCode,
  status: bookings.status,
  lot: lots.slug,
  start: bookings.startDatetime,
  end: bookings.endDatetime,
  title: bookings.title,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  phoneNumber: bookings.phoneNumber,
  rego: bookings.rego,
  make: bookings.make,
  model: bookings.model,
  colour: bookings.colour,
  flightNumberOut: bookings.flightNumberOut,
  flightNumberIn: bookings.flightNumberIn,
  passengersOut: bookings.passengersOut,
  passengersIn: bookings.passengersIn,
  totalCost: bookings.totalCost,
  amountPaid: bookings.amountPaid,
  created: bookings.created,
};

const selectPartnerBooking = (db: Executor) =>
  db.select(partnerBookingFields).from(bookings).innerJoin(lots, eq(lots.id, bookings.lotId));
type PartnerBookingRow = Awaited<ReturnType<typeof selectPartnerBooking>>[number];

/** A booking by its id (one just saved), with its lot's slug. */
export async function readPartnerBooking(
  ctx: RequestContext,
  { id }: { id: number },
): Promise<PartnerBookingRow> {
  const [row] = await selectPartnerBooking(ctx.db).where(eq(bookings.id, id)).limit(1);
  if (!row) throw DomainError.notFound();
  return row;
}

/** The calling partner's booking by its code, locked when asked; 404 for any other (a sandbox partner has none). */
export async function ownPartnerBooking(
  ctx: PartnerContext,
  code: string,
  lock = false,
): Promise<PartnerBookingRow> {
  const query = selectPartnerBooking(ctx.db)
    .where(and(eq(bookings.bookingCode, code.trim().toUpperCase()), eq(bookings.partnerId, ctx.partner.id)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  if (!row) {
    if (ctx.partner.status === 'sandbox') throw DomainError.notFound(partnerBookingMessages.sandboxNotSaved);
    throw DomainError.notFound();
  }
  return row;
}

export function partnerBookingAnswer(
  row: PartnerBookingRow,
  { sandbox }: { sandbox: boolean },
): PartnerBookingResponse {
  const code = sandbox ? `SANDBOX-${row.code}` : row.code;
  return {
    data: {
      type: 'bookings',
      id: code,
      attributes: {
        code,
        sandbox,
        status: row.status,
        lot: row.lot,
        start: iso(row.start),
        end: row.end ? iso(row.end) : iso(row.start),
        title: row.title,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phoneNumber: row.phoneNumber,
        rego: row.rego,
        make: row.make,
        model: row.model,
        colour: row.colour,
        flightNumberOut: row.flightNumberOut,
        flightNumberIn: row.flightNumberIn,
        passengersOut: row.passengersOut,
        passengersIn: row.passengersIn,
        totalCost: row.totalCost,
        // What the partner took and owes on account: the ledger's net of its account payments and credits.
        owedByPartner: row.amountPaid,
        currency: 'AUD',
        created: iso(row.created),
      },
    },
  };
}
