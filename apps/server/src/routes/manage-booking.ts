/**
 * Manage my booking (/manage-booking): a guest finds a booking by its code and email and gets a
 * short-lived token for it; a customer opens their own from My Bookings; staff may open any. Then:
 * read it, price a change, change it, cancel it, or pay what is owing.
 *
 *   POST manage-booking-sessions/              {bookingCode, email} → {token, expires, bookingId}
 *   GET  manage-bookings/{id}/                 the booking as the page shows it, with its rules
 *   POST manage-bookings/{id}/change-quotes/   what a change would cost (nothing saved)
 *   POST manage-bookings/{id}/changes/         the change; clientSecret when there is more to pay
 *   POST manage-bookings/{id}/cancellation/    cancel and refund (repeatable: refunds once)
 *   POST manage-bookings/{id}/payments/        a card payment for the balance → clientSecret
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_PATTERN } from '@parking/domain/constants';
import { bookingChangeSchema, canManage, cancellationRefund, manageCutoff, manageLookupSchema, manageMessages } from '@parking/domain/manage-booking';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { gstCents } from '@parking/domain/pricing';
import { findBookingToManage } from '../auth/manage-lookup';
import { issueManageToken, MANAGE_TOKEN_HEADER, readManageToken } from '../auth/manage-tokens';
import { isStaff, type RequestContext, type Services } from '../context';
import { airlines, bookings, lots, vehicleTypes } from '../db/schema/index';
import { inTransaction } from '../http/context';
import { route } from '../http/route';
import { checkMediaType, readDocument } from '../jsonapi/document';
import { errors, fromZod } from '../jsonapi/errors';
import { bookingChangedMessage, bookingCancelledMessage, type MailBooking } from '../mail/booking-change-emails';
import { PaymentDeclinedError } from '../payments/provider';
import { applyChange, bookingExtrasWithNames, cancelBooking, manageableBooking, openPaymentIntents, planChange, type ChangeRelationships } from '../services/booking-changes';
import { refundBooking, type RefundOutcome } from '../services/booking-refunds';
import { relationshipIds, type BookingRow } from '../services/create-booking';
import { bookingLedger } from '../services/ledger';
import { closePayments, openBookingPayment, openChangePayment } from '../services/online-payment';
import { PENDING_HOLD_MS } from '../services/pricing-data';

const TYPE = 'manage-bookings';

function bookingIdParam(request: FastifyRequest): number {
  const { id } = request.params as { id?: string };
  if (!id || !/^\d{1,10}$/.test(id)) throw errors.notFound();
  return Number(id);
}

/**
 * Who may manage this booking: staff; the customer it belongs to; anyone holding a valid token for
 * it. Anyone else is told nothing exists (404) when logged in, or asked for the code and email (403).
 */
async function authorise(ctx: RequestContext, request: FastifyRequest, bookingId: number): Promise<BookingRow> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const header = request.headers[MANAGE_TOKEN_HEADER];
  const tokenBooking = typeof header === 'string' ? readManageToken(ctx.services.config.sessionSecret, header, ctx.now) : null;
  if (booking && (isStaff(ctx.user) || tokenBooking === booking.id)) return booking;
  if (booking && ctx.user && ctx.user.customerId !== null && booking.customerId === ctx.user.customerId) return booking;
  if (ctx.user && tokenBooking === null) throw errors.notFound();
  throw errors.forbidden(typeof header === 'string' ? manageMessages.linkExpired : 'Please find your booking with its booking code and email address.');
}

function changeRelationships(request: FastifyRequest, type: string): { input: ReturnType<typeof bookingChangeSchema.parse>; rel: ChangeRelationships } {
  checkMediaType(request.headers['content-type']);
  const doc = readDocument(request.body, type);
  const parsed = bookingChangeSchema.strict().safeParse(doc.attributes);
  if (!parsed.success) throw fromZod(parsed.error);
  const ids = relationshipIds(doc);
  if (ids.vehicleType === null) throw errors.invalid('This field may not be null.', '/data/relationships/vehicleType', 'null');
  return { input: parsed.data, rel: { vehicleType: ids.vehicleType, airlineOut: ids.airlineOut, airlineIn: ids.airlineIn, extras: ids.extras } };
}

async function present(ctx: RequestContext, booking: BookingRow) {
  const rules = ctx.services.config.manageBooking;
  const [lot] = await ctx.db.select({ name: lots.name, slug: lots.slug }).from(lots).where(eq(lots.id, booking.lotId));
  const names = await ctx.db.select({ id: airlines.id, name: airlines.name }).from(airlines);
  const [vehicleType] = booking.vehicleTypeId ? await ctx.db.select({ name: vehicleTypes.name }).from(vehicleTypes).where(eq(vehicleTypes.id, booking.vehicleTypeId)) : [];
  const extras = await bookingExtrasWithNames(ctx, booking.id);
  const total = parseMoney(booking.totalCost);
  const { summary } = await bookingLedger(ctx.db, booking);
  const paid = summary.netPaidCents;
  const manageable = canManage(booking, ctx.now, rules);
  const refund = cancellationRefund(
    { startDatetime: booking.startDatetime, now: ctx.now, totalCents: total, extrasCents: parseMoney(booking.extrasCost), paidCents: paid },
    rules,
  );
  const airline = (id: number | null) => names.find((row) => row.id === id)?.name ?? '';
  return {
    type: TYPE,
    id: String(booking.id),
    attributes: {
      bookingCode: booking.bookingCode,
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      title: booking.title,
      firstName: booking.firstName,
      lastName: booking.lastName,
      email: booking.email,
      startDatetime: booking.startDatetime.toISOString(),
      endDatetime: booking.endDatetime?.toISOString() ?? null,
      lotName: lot?.name ?? '',
      lotSlug: lot?.slug ?? '',
      rego: booking.rego,
      make: booking.make,
      model: booking.model,
      colour: booking.colour,
      vehicleTypeId: booking.vehicleTypeId === null ? null : String(booking.vehicleTypeId),
      vehicleTypeName: vehicleType?.name ?? '',
      airlineOutId: booking.airlineOutId === null ? null : String(booking.airlineOutId),
      airlineOutName: airline(booking.airlineOutId),
      airlineInId: booking.airlineInId === null ? null : String(booking.airlineInId),
      airlineInName: airline(booking.airlineInId),
      flightNumberOut: booking.flightNumberOut,
      flightNumberIn: booking.flightNumberIn,
      busDepartureTime: booking.busDepartureTime,
      passengersOut: booking.passengersOut,
      passengersIn: booking.passengersIn,
      extras: extras.map((extra) => ({ id: String(extra.id), name: extra.name, price: extra.price })),
      promoCode: booking.promoCode,
      parkingCost: booking.parkingCost,
      subscriptionDiscount: booking.subscriptionDiscount,
      amountDiscounted: booking.amountDiscounted,
      extrasCost: booking.extrasCost,
      totalCost: booking.totalCost,
      gst: formatMoney(gstCents(total)),
      amountPaid: formatMoney(paid),
      amountDue: formatMoney(summary.owedCents),
      canManage: manageable,
      cutoffDatetime: manageCutoff(booking.startDatetime, rules).toISOString(),
      cutoffHours: rules.cutoffHours,
      cancellationRefund: manageable ? formatMoney(refund.refundCents) : null,
      fullParkingRefund: refund.fullParking,
      fullRefundHours: rules.fullRefundHours,
    },
  };
}

async function mailBooking(ctx: RequestContext, bookingId: number): Promise<MailBooking | null> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking?.email || PLACEHOLDER_EMAIL_PATTERN.test(booking.email)) return null;
  const [lot] = await ctx.db.select({ name: lots.name }).from(lots).where(eq(lots.id, booking.lotId));
  return { ...booking, lotName: lot?.name ?? '', extras: await bookingExtrasWithNames(ctx, booking.id) };
}

/** A provider refusal (nothing left to refund...) is the request's error, in the provider's words. */
async function refund(ctx: RequestContext, bookingId: number, cents: number, key: string): Promise<RefundOutcome> {
  try {
    return await refundBooking({ database: ctx.services.database, provider: ctx.services.payments, now: ctx.now, userId: ctx.user?.id ?? null }, bookingId, cents, key);
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw errors.invalid(error.message, undefined, error.code);
    throw error;
  }
}

export function registerManageBookingRoutes(app: FastifyInstance, services: Services, prefix: string) {
  app.post(
    `${prefix}/manage-booking-sessions/`,
    route(services, async (ctx, request, reply) => {
      checkMediaType(request.headers['content-type']);
      const parsed = manageLookupSchema.safeParse(readDocument(request.body, 'manage-booking-sessions').attributes);
      if (!parsed.success) throw fromZod(parsed.error);
      // Limited per network, and wrong guesses per booking code and network (auth/manage-lookup.ts).
      const bookingId = await findBookingToManage(ctx, parsed.data.bookingCode, parsed.data.email);
      const { token, expires } = issueManageToken(ctx.services.config.sessionSecret, bookingId, ctx.now);
      reply.status(201);
      return { data: { type: 'manage-booking-sessions', id: String(bookingId), attributes: { token, expires: expires.toISOString(), bookingId: String(bookingId) } } };
    }),
  );

  app.get(
    `${prefix}/${TYPE}/:id/`,
    route(services, async (ctx, request) => ({ data: await present(ctx, await authorise(ctx, request, bookingIdParam(request))) })),
  );

  app.post(
    `${prefix}/${TYPE}/:id/change-quotes/`,
    route(services, async (ctx, request) => {
      const booking = await authorise(ctx, request, bookingIdParam(request));
      const { input, rel } = changeRelationships(request, 'change-quotes');
      await manageableBooking(ctx, booking.id, false);
      const plan = await planChange(ctx, booking, input, rel);
      const costs = plan.values;
      return {
        data: {
          type: 'change-quotes',
          id: String(booking.id),
          attributes: {
            parkingCost: costs.parkingCost,
            subscriptionDiscount: costs.subscriptionDiscount,
            amountDiscounted: costs.amountDiscounted,
            extrasCost: costs.extrasCost,
            totalCost: costs.totalCost,
            gst: formatMoney(plan.costs.gst),
            amountPaid: booking.amountPaid,
            amountDue: formatMoney(plan.dueCents),
            refund: formatMoney(plan.refundCents),
            changed: Object.keys(plan.changed),
            promoDropped: plan.promoDropped,
          },
        },
      };
    }, { readOnly: true }),
  );

  app.post(
    `${prefix}/${TYPE}/:id/changes/`,
    route(services, async (ctx, request, reply) => {
      const booking = await authorise(ctx, request, bookingIdParam(request));
      const { input, rel } = changeRelationships(request, 'booking-changes');
      const applied = await inTransaction(ctx, (tx) => applyChange(tx, booking.id, input, rel));
      // Network calls to the provider only now, with the lot's lock released.
      await closePayments(ctx.services, applied.supersededIntents);
      let clientSecret: string | null = null;
      let outcome: RefundOutcome = { refundedCents: 0, creditCents: 0 };
      if (applied.pendingChangeId !== null) {
        // More to pay: the change is made when its difference is paid (the days it adds are held meanwhile).
        clientSecret = await openChangePayment(ctx, booking.id, applied.pendingChangeId, applied.plan.dueCents);
      } else if (applied.logId !== null) {
        if (applied.plan.refundCents > 0) outcome = await refund(ctx, booking.id, applied.plan.refundCents, `change-${applied.logId}`);
        const mail = await mailBooking(ctx, booking.id);
        if (mail) {
          const message = bookingChangedMessage(
            mail,
            { fields: Object.keys(applied.plan.changed).filter((key) => !COST_FIELDS.has(key)).map(fieldLabel), dueCents: applied.plan.dueCents, ...outcome },
            { timeZone: ctx.services.config.timeZone, manageUrl: `${ctx.services.config.publicUrl}/manage-booking` },
          );
          ctx.defer(() => ctx.services.mailer.send(message));
        }
      }
      const [fresh] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
      if (!fresh) throw errors.notFound();
      const data = await present(ctx, fresh);
      const pending = applied.pendingChangeId !== null;
      reply.status(200);
      return {
        data: {
          ...data,
          attributes: {
            ...data.attributes,
            ...(pending ? { amountDue: formatMoney(applied.plan.dueCents) } : {}),
            changePending: pending,
            holdExpires: pending ? new Date(ctx.now.getTime() + PENDING_HOLD_MS).toISOString() : null,
            promoDropped: applied.plan.promoDropped,
            clientSecret,
            refunded: formatMoney(outcome.refundedCents),
            credit: formatMoney(outcome.creditCents),
          },
        },
      };
    }),
  );

  app.post(
    `${prefix}/${TYPE}/:id/cancellation/`,
    route(services, async (ctx, request) => {
      const booking = await authorise(ctx, request, bookingIdParam(request));
      const cancelled = await inTransaction(ctx, (tx) => cancelBooking(tx, booking.id));
      // Its open payments can no longer take money; then what was paid goes back.
      await closePayments(ctx.services, await openPaymentIntents(ctx.db, booking.id));
      const outcome = await refund(ctx, booking.id, cancelled.refundCents, `cancel-${booking.id}`);
      if (!cancelled.alreadyCancelled) {
        const mail = await mailBooking(ctx, booking.id);
        if (mail) {
          // The refund may have been recorded by a concurrent repeat: the email states what was due.
          const refunded = outcome.refundedCents + outcome.creditCents > 0 ? outcome : { refundedCents: cancelled.refundCents, creditCents: 0 };
          const message = bookingCancelledMessage(mail, refunded, { timeZone: ctx.services.config.timeZone, bookUrl: `${ctx.services.config.publicUrl}/booking/step-1` });
          ctx.defer(() => ctx.services.mailer.send(message));
        }
      }
      const [fresh] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
      if (!fresh) throw errors.notFound();
      const data = await present(ctx, fresh);
      return { data: { ...data, attributes: { ...data.attributes, refunded: formatMoney(cancelled.refundCents) } } };
    }),
  );

  app.post(
    `${prefix}/${TYPE}/:id/payments/`,
    route(services, async (ctx, request, reply) => {
      const booking = await authorise(ctx, request, bookingIdParam(request));
      if (booking.status === 'cancelled') throw errors.invalid(manageMessages.alreadyCancelled, undefined, 'cancelled');
      const due = (await bookingLedger(ctx.db, booking)).summary.owedCents;
      if (due <= 0) throw errors.invalid(manageMessages.nothingDue, undefined, 'nothing_due');
      const clientSecret = await openBookingPayment(ctx, booking.id, due);
      if (!clientSecret) throw errors.invalid(manageMessages.nothingDue, undefined, 'nothing_due');
      reply.status(201);
      return { data: { type: 'payments', id: String(booking.id), attributes: { amount: formatMoney(due), clientSecret } } };
    }),
  );
}

const COST_FIELDS = new Set(['parkingCost', 'extrasCost', 'subscriptionDiscount', 'amountDiscounted', 'hadSubscription']);

const LABELS: Record<string, string> = {
  startDatetime: 'drop-off',
  endDatetime: 'pick-up',
  flightNumberOut: 'departure flight',
  flightNumberIn: 'return flight',
  airlineOutId: 'departure airline',
  airlineInId: 'return airline',
  busDepartureTime: 'bus time',
  passengersOut: 'passengers out',
  passengersIn: 'passengers in',
  vehicleTypeId: 'vehicle type',
  extras: 'extras',
  totalCost: 'price',
};

function fieldLabel(key: string): string {
  return LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
