/**
 * A partner amends or cancels its own booking (PATCH and DELETE /partner/v1/bookings/{code}) through Manage my
 * booking's code: the same cut-off, the same re-checks under the lot's lock (stay limits, blockouts, capacity,
 * slots) and re-pricing (bookings/booking-changes.ts, booking-change-apply.ts), the same refund rules
 * (bookings/booking-cancel.ts). The partner collected the money, so the difference moves on its account (an
 * `account` payment for more, an `account` refund for less): no card is charged or refunded.
 */
import type { BookingChangeInput } from '@parking/domain/manage-booking';
import { formatMoney } from '@parking/domain/money';
import {
  partnerBookingAmendSchema,
  partnerBookingDocument,
  type PartnerBookingResponse,
} from '@parking/domain/partner-bookings';
import { inTransaction } from '../context';
import { parseWith } from '../jsonapi/errors';
import { cancelBooking } from '../bookings/booking-cancel';
import { applyChange } from '../bookings/booking-change-apply';
import { assertFlightFitsReturn, manageableBooking } from '../bookings/booking-changes';
import type { PartnerContext } from './partner-auth';
import { ownPartnerBooking, partnerBookingAnswer, readPartnerBooking } from './partner-booking-read';

export async function readOwnBooking(ctx: PartnerContext, code: string): Promise<PartnerBookingResponse> {
  return partnerBookingAnswer(await ownPartnerBooking(ctx, code), { sandbox: false });
}

/** Manage my booking's change, from the partner's fields (only those sent change). */
export async function amendPartnerBooking(
  ctx: PartnerContext,
  code: string,
  body: unknown,
): Promise<PartnerBookingResponse> {
  const own = await ownPartnerBooking(ctx, code);
  const input = parseWith(partnerBookingDocument(partnerBookingAmendSchema), body, '').data.attributes;
  const change: BookingChangeInput = {
    ...(input.start !== undefined ? { startDatetime: input.start } : {}),
    ...(input.end !== undefined ? { endDatetime: input.end } : {}),
    ...(input.rego !== undefined ? { rego: input.rego } : {}),
    ...(input.make !== undefined ? { make: input.make } : {}),
    ...(input.model !== undefined ? { model: input.model } : {}),
    ...(input.colour !== undefined ? { colour: input.colour } : {}),
    ...(input.flightNumberOut !== undefined ? { flightNumberOut: input.flightNumberOut } : {}),
    ...(input.flightNumberIn !== undefined ? { flightNumberIn: input.flightNumberIn } : {}),
  };
  // The flight-status provider may be a network call: asked before the lock, as Manage my booking does.
  await assertFlightFitsReturn(ctx, (await manageableBooking(ctx, own.id, false, 'change')).booking, change);
  await inTransaction(ctx, (tx) => applyChange(tx, own.id, change, {}, 'account'));
  return partnerBookingAnswer(await readPartnerBooking(ctx, { id: own.id }), { sandbox: false });
}

/** Cancels the partner's booking once (again: the same answer); the refund rules credit its account. */
export async function cancelPartnerBooking(
  ctx: PartnerContext,
  code: string,
): Promise<PartnerBookingResponse & { meta: { creditedToPartner: string } }> {
  const own = await ownPartnerBooking(ctx, code);
  const { refundCents } = await inTransaction(ctx, (tx) => cancelBooking(tx, own.id, 'account'));
  const answer = partnerBookingAnswer(await readPartnerBooking(ctx, { id: own.id }), { sandbox: false });
  return { ...answer, meta: { creditedToPartner: formatMoney(refundCents) } };
}
