/**
 * Manage my booking (/manage-booking): a guest finds a booking by its code and email and gets a
 * short-lived token for it; a customer opens their own from My Bookings; staff may open any. Then:
 * read it, price a change, change it, cancel it, or pay what is owing. Each call is a declared action;
 * the work is bookings/manage-booking.ts's.
 *
 *   POST manage-booking-sessions/              {bookingCode, email} → {token, expires, bookingId}
 *   POST manage-booking-links/                 {bookingId, token of an emailed link} → the same
 *   GET  manage-bookings/{id}/                 the booking as the page shows it, with its rules
 *   POST manage-bookings/{id}/change-quotes/   what a change would cost (nothing saved)
 *   POST manage-bookings/{id}/changes/         the change; clientSecret when there is more to pay
 *   POST manage-bookings/{id}/cancellation/    cancel and refund (repeatable: refunds once)
 *   POST manage-bookings/{id}/payments/        a card payment for the balance → clientSecret
 *   DELETE manage-bookings/{id}/pending-change/ drop the change waiting for its payment, free its hold
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type {
  BalancePaymentAttributes,
  BookingChangeAttributes,
  CancellationAttributes,
  ChangeQuoteAttributes,
  ManageBookingSessionAttributes,
} from '@parking/domain/api-contract/manage-booking';
import {
  bookingChangeSchema,
  manageLinkSchema,
  manageLookupSchema,
  manageMessages,
} from '@parking/domain/manage-booking';
import { formatMoney } from '@parking/domain/money';
import { costsToStrings } from '@parking/domain/pricing';
import { findBookingToManage } from './manage-lookup';
import { issueManageToken, MANAGE_TOKEN_HEADER, readManageToken } from './manage-tokens';
import { isStaff, type RequestContext } from '../context';
import { bookings } from '../db/schema/index';
import { action, type ActionInput } from '../http/action';
import { errors } from '../jsonapi/errors';
import { manageLinkBookingId, readManageLinkToken } from './manage-link';
import {
  assertFlightFitsReturn,
  manageableBooking,
  planChange,
  type ChangeRelationships,
} from './booking-changes';
import type { BookingRow } from '../db/rows';
import { cancelManagedBooking, changeManagedBooking, payManagedBalance } from './manage-booking';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { MANAGE_TYPE, presentManagedBooking } from './manage-booking-presenter';
import { withdrawPendingChange } from './pending-change';

/**
 * Who may manage this booking: staff; the customer it belongs to; anyone holding a valid token for
 * it. Anyone else is told nothing exists (404) when logged in, or asked for the code and email (403).
 */
export async function authorise(
  ctx: RequestContext,
  target: { id: number; request: FastifyRequest },
): Promise<BookingRow> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, target.id));
  const header = target.request.headers[MANAGE_TOKEN_HEADER];
  const tokenBooking =
    typeof header === 'string' ? readManageToken(ctx.services.config.sessionSecret, header, ctx.now) : null;
  if (booking && (isStaff(ctx.user) || tokenBooking === booking.id)) return booking;
  if (booking && ctx.user && ctx.user.customerId !== null && booking.customerId === ctx.user.customerId)
    return booking;
  if (ctx.user && tokenBooking === null) throw errors.notFound();
  throw errors.forbidden(
    typeof header === 'string'
      ? manageMessages.linkExpired
      : 'Please find your booking with its booking code and email address.',
  );
}

const CHANGE_RELATIONSHIPS = {
  vehicleType: 'one',
  airlineOut: 'one',
  airlineIn: 'one',
  extras: 'many',
} as const;
type ChangeRelationship = keyof typeof CHANGE_RELATIONSHIPS;

/** The change's relationships as the booking rules take them (a vehicle type cannot be taken away). */
function changeRelationships(
  input: ActionInput<unknown, ChangeRelationship, BookingRow>,
): ChangeRelationships {
  if (input.ids.vehicleType === null)
    throw errors.invalid('This field may not be null.', '/data/relationships/vehicleType', 'null');
  return {
    vehicleType: input.ids.vehicleType,
    airlineOut: input.ids.airlineOut,
    airlineIn: input.ids.airlineIn,
    extras: input.lists.extras,
  };
}

const change = {
  input: bookingChangeSchema.strict(),
  relationships: CHANGE_RELATIONSHIPS,
  otherRelationships: 'ignore',
  access: 'anyone',
  load: authorise,
} as const;

/** A guest's short-lived access to a booking, as both ways in answer it. */
function manageSession(ctx: RequestContext, bookingId: number) {
  const { token, expires } = issueManageToken(ctx.services.config.sessionSecret, bookingId, ctx.now);
  return {
    data: {
      type: 'manage-booking-sessions',
      id: String(bookingId),
      attributes: {
        token,
        expires: expires.toISOString(),
        bookingId: String(bookingId),
      } satisfies ManageBookingSessionAttributes,
    },
  };
}

export const manageBookingActions = [
  action({
    method: 'POST',
    path: 'manage-booking-sessions/',
    type: 'manage-booking-sessions',
    input: manageLookupSchema,
    access: 'anyone',
    async handle(ctx, { attributes }) {
      // Limited per network, and wrong guesses per booking code and network (bookings/manage-lookup.ts).
      const bookingId = await findBookingToManage(ctx, attributes.bookingCode, attributes.email);
      return manageSession(ctx, bookingId);
    },
  }),

  action({
    method: 'POST',
    path: 'manage-booking-links/',
    type: 'manage-booking-links',
    input: manageLinkSchema,
    access: 'anyone',
    async handle(ctx, { attributes }) {
      // The emailed link's token, checked here (signature, expiry, the booking it names and the address it was
      // sent to, as the booking has it now), for a session. A cancelled booking's link has done its work.
      const named = manageLinkBookingId(attributes.token);
      if (named === null || String(named) !== attributes.bookingId)
        throw errors.forbidden(manageMessages.linkExpired);
      const [booking] = await ctx.db
        .select({ id: bookings.id, email: bookings.email, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, named));
      const { sessionSecret } = ctx.services.config;
      if (
        !booking ||
        booking.status === 'cancelled' ||
        readManageLinkToken(sessionSecret, attributes.token, ctx.now, booking.email) !== booking.id
      )
        throw errors.forbidden(manageMessages.linkExpired);
      return manageSession(ctx, booking.id);
    },
  }),

  action({
    method: 'GET',
    path: `${MANAGE_TYPE}/:id/`,
    access: 'anyone',
    load: authorise,
    async handle(ctx, { loaded }) {
      return { data: await presentManagedBooking(ctx, loaded) };
    },
  }),

  action({
    ...change,
    method: 'POST',
    path: `${MANAGE_TYPE}/:id/change-quotes/`,
    type: 'change-quotes',
    readOnly: true,
    status: 200,
    async handle(ctx, input) {
      const booking = input.loaded;
      const target = await manageableBooking(ctx, booking.id, false, 'change');
      await assertFlightFitsReturn(ctx, booking, input.attributes);
      const plan = await planChange(ctx, target, input.attributes, changeRelationships(input));
      return {
        data: {
          type: 'change-quotes',
          id: String(booking.id),
          attributes: {
            // The charges as the change would save them (its booking columns), and the GST.
            ...costsToStrings(plan.costs),
            amountPaid: booking.amountPaid,
            amountDue: formatMoney(plan.dueCents),
            refund: formatMoney(plan.refundCents),
            changed: Object.keys(plan.changed),
            promoDropped: plan.promoDropped,
          } satisfies ChangeQuoteAttributes,
        },
      };
    },
  }),

  action({
    ...change,
    method: 'POST',
    path: `${MANAGE_TYPE}/:id/changes/`,
    type: 'booking-changes',
    status: 200,
    async handle(ctx, input) {
      const outcome = await changeManagedBooking(
        ctx,
        input.loaded.id,
        input.attributes,
        changeRelationships(input),
      );
      const data = await presentManagedBooking(ctx, outcome.booking);
      const pending = outcome.applied.pendingChangeId !== null;
      return {
        data: {
          ...data,
          attributes: {
            ...data.attributes,
            ...(pending ? { amountDue: formatMoney(outcome.applied.plan.dueCents) } : {}),
            changePending: pending,
            holdExpires: pending ? new Date(ctx.now.getTime() + PENDING_HOLD_MS).toISOString() : null,
            promoDropped: outcome.applied.plan.promoDropped,
            clientSecret: outcome.clientSecret,
            refunded: formatMoney(outcome.refund.refundedCents),
            credit: formatMoney(outcome.refund.creditCents),
          } satisfies BookingChangeAttributes,
        },
      };
    },
  }),

  action({
    method: 'POST',
    path: `${MANAGE_TYPE}/:id/cancellation/`,
    access: 'anyone',
    load: authorise,
    status: 200,
    async handle(ctx, { loaded }) {
      const { booking, refundCents } = await cancelManagedBooking(ctx, loaded.id);
      const data = await presentManagedBooking(ctx, booking);
      return {
        data: {
          ...data,
          attributes: {
            ...data.attributes,
            refunded: formatMoney(refundCents),
          } satisfies CancellationAttributes,
        },
      };
    },
  }),

  action({
    // "Keep my booking as it is" (issue 40): the booking stays as booked, the change's places are free at once.
    method: 'DELETE',
    path: `${MANAGE_TYPE}/:id/pending-change/`,
    access: 'anyone',
    load: authorise,
    status: 200,
    async handle(ctx, { loaded }) {
      await withdrawPendingChange(ctx, loaded.id);
      const [fresh] = await ctx.db.select().from(bookings).where(eq(bookings.id, loaded.id));
      return { data: await presentManagedBooking(ctx, fresh ?? loaded) };
    },
  }),

  action({
    method: 'POST',
    path: `${MANAGE_TYPE}/:id/payments/`,
    access: 'anyone',
    load: authorise,
    async handle(ctx, { loaded }) {
      const { amountCents, clientSecret } = await payManagedBalance(ctx, loaded);
      return {
        data: {
          type: 'payments',
          id: String(loaded.id),
          attributes: { amount: formatMoney(amountCents), clientSecret } satisfies BalancePaymentAttributes,
        },
      };
    },
  }),
];
