/**
 * Manage my booking: a traveller changes or cancels their own booking before the cut-off. Prices come
 * from the booking engine's own rules (priceExtras, loadLotPricing, computeCosts); capacity is
 * re-checked under the lot's lock, as when booking; every change is logged for the Edit History.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { businessDate } from '@parking/domain/dates';
import {
  addedDaySpans,
  canManage,
  cancellationRefund,
  manageMessages,
  priceDifference,
  type BookingChangeInput,
  type DateSpan,
} from '@parking/domain/manage-booking';
import { formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import { messages } from '@parking/domain/messages';
import type { Costs } from '@parking/domain/pricing';
import { promoApplies } from '@parking/domain/promo';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import { isStaff, type RequestContext } from '../context';
import type { Executor } from '../db/client';
import {
  airlines,
  bookingChanges,
  bookingExtras,
  bookingLogs,
  bookings,
  customers,
  discounts,
  extras,
  lots,
  payments,
  vehicleTypes,
} from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import {
  assertNotBlockedOut,
  assertStayLimits,
  lockLot,
  priceExtras,
  type LotRow,
  type PricedExtra,
} from './booking-rules';
import type { BookingRow } from '../db/rows';
import { bookingLedger, syncBookingMoney } from './ledger';
import { mustExist } from './lookups';
import { refundDue } from './booking-refunds';
import { costColumns, priceStay } from './price-stay';
import { presentByDay } from './pricing-data';

export interface ChangeRelationships {
  vehicleType?: number | undefined;
  airlineOut?: number | null | undefined;
  airlineIn?: number | null | undefined;
  extras?: number[] | undefined;
}

export interface ChangePlan {
  values: Partial<typeof bookings.$inferInsert>;
  extras: PricedExtra[] | undefined;
  costs: Costs;
  dueCents: Cents;
  refundCents: Cents;
  changed: Record<string, [unknown, unknown]>;
  /** The business dates the change adds to the booked stay (what it must find room for). */
  added: DateSpan[];
  /** The promo code the booking was made with, when it does not apply to the new drop-off. */
  promoDropped: string | null;
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** The booking, locked when asked, refused once it can no longer be managed. */
export async function manageableBooking(
  ctx: RequestContext,
  bookingId: number,
  lock: boolean,
): Promise<BookingRow> {
  const query = ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [booking] = lock ? await query.for('update') : await query;
  if (!booking) throw errors.notFound();
  const rules = ctx.services.config.manageBooking;
  if (booking.status === 'cancelled')
    throw errors.invalid(manageMessages.alreadyCancelled, undefined, 'cancelled');
  if (!canManage(booking, ctx.now, rules)) {
    const started =
      booking.status === 'complete' || booking.status === 'pending' || booking.status === 'payment_failed';
    throw errors.invalid(
      started ? manageMessages.pastCutoff(rules.cutoffHours) : manageMessages.notManageable,
      undefined,
      'past_cutoff',
    );
  }
  return booking;
}

/**
 * What the change would make of the booking and its price, without writing anything. Run inside
 * the change's transaction (after the lot is locked) it is also the decision.
 */
export async function planChange(
  ctx: RequestContext,
  booking: BookingRow,
  input: BookingChangeInput,
  rel: ChangeRelationships,
): Promise<ChangePlan> {
  const tz = ctx.services.config.timeZone;
  const values: Partial<typeof bookings.$inferInsert> = { ...input };
  if (rel.vehicleType !== undefined) values.vehicleTypeId = rel.vehicleType;
  if (rel.airlineOut !== undefined) values.airlineOutId = rel.airlineOut;
  if (rel.airlineIn !== undefined) values.airlineInId = rel.airlineIn;
  await mustExist(ctx, vehicleTypes, rel.vehicleType, 'vehicleType');
  await mustExist(ctx, airlines, rel.airlineOut, 'airlineOut');
  await mustExist(ctx, airlines, rel.airlineIn, 'airlineIn');
  if (rel.airlineOut === null)
    throw errors.invalid(messages.required, '/data/relationships/airlineOut', 'required');

  const start = input.startDatetime ?? booking.startDatetime;
  const end = input.endDatetime ?? booking.endDatetime ?? booking.startDatetime;
  if (end.getTime() <= start.getTime()) throw errors.invalid(messages.arrivalBeforeDeparture, 'endDatetime');
  const datesChanged =
    start.getTime() !== booking.startDatetime.getTime() || end.getTime() !== booking.endDatetime?.getTime();
  if (datesChanged) {
    // A changed stay passes every rule a new one does, the stay length and horizon first: nothing below
    // walks the stay's days before they are known to be a bookable stay.
    assertStayLimits(ctx, start, end);
    if (businessDate(start, tz) < businessDate(ctx.now, tz))
      throw errors.invalid(messages.dateInFuture, 'startDatetime');
    // The new drop-off must itself be before the cut-off, or the change would close its own door.
    if (
      !canManage({ startDatetime: start, status: booking.status }, ctx.now, ctx.services.config.manageBooking)
    ) {
      throw errors.invalid(
        manageMessages.pastCutoff(ctx.services.config.manageBooking.cutoffHours),
        'startDatetime',
        'past_cutoff',
      );
    }
    await assertNotBlockedOut(ctx, start, end);
  }

  // Extras: the list as it will be, priced by the booking engine's rules; those already sold keep their price.
  const vehicleTypeId = values.vehicleTypeId ?? booking.vehicleTypeId ?? 0;
  const sold = await ctx.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, booking.id));
  const extraIds = rel.extras ?? sold.map((row) => row.extraId);
  const kept = extraIds.filter((id) => sold.some((row) => row.extraId === id));
  const newExtras = extraIds.filter((id) => !kept.includes(id));
  // Kept extras may be staff-only ones staff sold; new ones must be public. Both must be available for the stay.
  const keptPriced = await priceExtras(ctx, kept, vehicleTypeId, start, end, true);
  const addedPriced = await priceExtras(ctx, newExtras, vehicleTypeId, start, end, isStaff(ctx.user));
  const vehicleTypeChanged =
    values.vehicleTypeId !== undefined && values.vehicleTypeId !== booking.vehicleTypeId;
  const chosen = [
    ...keptPriced.map((extra) => ({
      id: extra.id,
      cents: vehicleTypeChanged
        ? extra.cents
        : parseMoney(sold.find((row) => row.extraId === extra.id)?.price ?? '0'),
    })),
    ...addedPriced,
  ];
  const extrasChanged = rel.extras !== undefined || vehicleTypeChanged;

  const [lot] = await ctx.db.select().from(lots).where(eq(lots.id, booking.lotId));
  if (!lot) throw new Error('Lot pricing missing');
  const [customer] = booking.customerId
    ? await ctx.db
        .select({ userId: customers.userId })
        .from(customers)
        .where(eq(customers.id, booking.customerId))
    : [];
  // The promo code the booking was made with applies to the changed stay only if its drop-off window
  // (and its validity when it was used: the booking's creation) still admits the new drop-off.
  const promoDropped =
    datesChanged && booking.promoCode && !(await promoStillApplies(ctx, booking, start))
      ? booking.promoCode
      : null;
  if (promoDropped) Object.assign(values, { discountRate: '0', discountId: null, promoCode: '' });
  const priced = await priceStay(
    ctx.db,
    {
      lot,
      start,
      end,
      discountRate: promoDropped ? '0' : booking.discountRate,
      extrasCents: chosen.reduce((sum, extra) => sum + extra.cents, 0),
      userId: customer?.userId ?? null,
      calculateGaps: true,
    },
    { now: ctx.now, timeZone: tz },
  );
  const { costs, startDate, endDate } = priced;
  Object.assign(values, costColumns(priced));
  const { dueCents, refundCents } = priceDifference(costs.totalCost, parseMoney(booking.amountPaid));

  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(values)) {
    const before = comparable(booking[key as keyof BookingRow]);
    const after = comparable(value);
    if (String(before) !== String(after)) changed[key] = [before, after];
  }
  const soldIds = sold.map((row) => row.extraId).sort((a, b) => a - b);
  const newIds = chosen.map((extra) => extra.id).sort((a, b) => a - b);
  if (soldIds.join() !== newIds.join()) changed.extras = [soldIds, newIds];
  const booked = {
    first: businessDate(booking.startDatetime, tz),
    last: businessDate(booking.endDatetime ?? booking.startDatetime, tz),
  };
  const added = addedDaySpans(booked, { first: startDate, last: endDate });
  if (added.length > 0) await assertRoom(ctx.db, lot, added, ctx, booking.id);
  return {
    values,
    extras: extrasChanged ? chosen : undefined,
    costs,
    dueCents,
    refundCents,
    changed,
    added,
    promoDropped,
  };
}

async function promoStillApplies(ctx: RequestContext, booking: BookingRow, start: Date): Promise<boolean> {
  if (booking.discountId === null) return true;
  const [discount] = await ctx.db.select().from(discounts).where(eq(discounts.id, booking.discountId));
  return discount ? promoApplies(discount, booking.created, start) : false;
}

/** The added days must find room, counted as for a new booking (this booking and its own held changes aside). */
async function roomFor(
  db: Executor,
  lot: LotRow,
  added: DateSpan[],
  timeZone: string,
  now: Date,
  bookingId: number,
): Promise<boolean> {
  for (const span of added) {
    const present =
      (await presentByDay(db, [lot.id], span.first, span.last, timeZone, now, bookingId)).get(lot.id) ?? [];
    if (stayExceedsThreshold(present, lot.spaces, lot.fillRateThreshold)) return false;
  }
  return true;
}

async function assertRoom(
  db: Executor,
  lot: LotRow,
  added: DateSpan[],
  ctx: RequestContext,
  bookingId: number,
): Promise<void> {
  if (!(await roomFor(db, lot, added, ctx.services.config.timeZone, ctx.now, bookingId)))
    throw errors.invalid(messages.lotFull, '/data/relationships/lot', 'lot_full');
}

export interface AppliedChange {
  plan: ChangePlan;
  /** The change's log entry, when it was applied at once (nothing more to pay). */
  logId: number | null;
  /** A change that costs more waits for its payment (booking_changes), holding the days it adds. */
  pendingChangeId: number | null;
  /** Payment intents of earlier changes this one replaces: closed at the provider after commit. */
  supersededIntents: string[];
}

/**
 * Applies a change in one transaction: lock the booking and its lot, re-check every rule, re-price.
 * Nothing more to pay: the booking changes now (a refund of the difference is due). More to pay: the
 * change waits for its payment (applyPaidChange), with the days it adds held for PENDING_HOLD_MS like
 * an unpaid online booking's, and the booking stays as it is until then.
 */
export async function applyChange(
  ctx: RequestContext,
  bookingId: number,
  input: BookingChangeInput,
  rel: ChangeRelationships,
): Promise<AppliedChange> {
  const booking = await manageableBooking(ctx, bookingId, true);
  const lot = await lockLot(ctx, booking.lotId);
  const plan = await planChange(ctx, booking, input, rel);
  if (Object.keys(plan.changed).length === 0)
    return { plan, logId: null, pendingChangeId: null, supersededIntents: [] };
  // Any earlier change still waiting for its payment is replaced by this one.
  const superseded = await ctx.db
    .update(bookingChanges)
    .set({ status: 'superseded' })
    .where(and(eq(bookingChanges.bookingId, booking.id), eq(bookingChanges.status, 'awaiting_payment')))
    .returning({ intent: bookingChanges.paymentIntentId });
  const supersededIntents = superseded.flatMap((row) => (row.intent ? [row.intent] : []));

  // A booking still waiting for its first payment has that payment open for its total: its price stays put.
  if (
    (booking.status === 'pending' || booking.status === 'payment_failed') &&
    plan.costs.totalCost !== parseMoney(booking.totalCost)
  ) {
    throw errors.invalid(manageMessages.payFirst, undefined, 'pay_first');
  }
  // A change that raises the price beyond what was paid waits for its difference; one that does not (or a
  // booking that was never paid online) is made at once, and what is owed stays owed.
  if (plan.dueCents > 0 && plan.costs.totalCost > parseMoney(booking.totalCost)) {
    const [before, after] = plan.added;
    const [pending] = await ctx.db
      .insert(bookingChanges)
      .values({
        bookingId: booking.id,
        lotId: lot.id,
        values: JSON.parse(JSON.stringify(plan.values)) as Record<string, unknown>,
        extras: plan.extras ?? null,
        changed: plan.changed,
        amount: formatMoney(plan.dueCents),
        holdFirst: before?.first ?? null,
        holdLast: before?.last ?? null,
        hold2First: after?.first ?? null,
        hold2Last: after?.last ?? null,
        createdById: ctx.user?.id ?? null,
        created: ctx.now,
      })
      .returning({ id: bookingChanges.id });
    return { plan, logId: null, pendingChangeId: pending?.id ?? null, supersededIntents };
  }

  const logId = await writeChange(
    ctx.db,
    booking.id,
    plan.values,
    plan.extras,
    plan.changed,
    ctx.user?.id ?? null,
    ctx.now,
  );
  await syncBookingMoney(ctx.db, booking.id);
  if (logId !== null)
    await refundDue(ctx.db, {
      bookingId: booking.id,
      key: `change-${logId}`,
      cents: plan.refundCents,
      userId: ctx.user?.id ?? null,
      now: ctx.now,
      reason: 'change',
    });
  return { plan, logId, pendingChangeId: null, supersededIntents };
}

/** Writes a change's values and extras to the booking and logs it for the Edit History. */
async function writeChange(
  db: Executor,
  bookingId: number,
  values: Partial<typeof bookings.$inferInsert>,
  chosenExtras: PricedExtra[] | undefined | null,
  changed: Record<string, [unknown, unknown]>,
  userId: number | null,
  now: Date,
): Promise<number | null> {
  await db
    .update(bookings)
    .set({ ...values, updated: now })
    .where(eq(bookings.id, bookingId));
  if (chosenExtras) {
    await db.delete(bookingExtras).where(eq(bookingExtras.bookingId, bookingId));
    if (chosenExtras.length) {
      await db
        .insert(bookingExtras)
        .values(
          chosenExtras.map((extra) => ({ bookingId, extraId: extra.id, price: formatMoney(extra.cents) })),
        );
    }
  }
  const [log] = await db
    .insert(bookingLogs)
    .values({ bookingId, userId, timestamp: now, action: 'updated', info: changed })
    .returning({ id: bookingLogs.id });
  return log?.id ?? null;
}

const DATE_COLUMNS = new Set(['startDatetime', 'endDatetime']);

/**
 * A change's difference has been paid: the change is applied now, under the lot's lock, if the days it
 * adds still fit (they were held for PENDING_HOLD_MS; a payment after that meets the lot as it is).
 * Answers false when they do not: the change is refused, the booking stays as booked, and the caller
 * refunds the payment.
 */
export async function applyPaidChange(
  db: Executor,
  booking: BookingRow,
  change: typeof bookingChanges.$inferSelect,
  now: Date,
  timeZone: string,
): Promise<boolean> {
  const [lot] = await db.select().from(lots).where(eq(lots.id, booking.lotId)).for('update');
  const values = Object.fromEntries(
    Object.entries(change.values as Record<string, unknown>).map(([key, value]) => [
      key,
      DATE_COLUMNS.has(key) && typeof value === 'string' ? new Date(value) : value,
    ]),
  ) as Partial<typeof bookings.$inferInsert>;
  const start = values.startDatetime ?? booking.startDatetime;
  const end = values.endDatetime ?? booking.endDatetime ?? start;
  const booked = {
    first: businessDate(booking.startDatetime, timeZone),
    last: businessDate(booking.endDatetime ?? booking.startDatetime, timeZone),
  };
  const added = addedDaySpans(booked, {
    first: businessDate(start, timeZone),
    last: businessDate(end, timeZone),
  });
  if (!lot || !(await roomFor(db, lot, added, timeZone, now, booking.id))) {
    await db.update(bookingChanges).set({ status: 'refused' }).where(eq(bookingChanges.id, change.id));
    await db.insert(bookingLogs).values({
      bookingId: booking.id,
      userId: null,
      timestamp: now,
      action: 'change_refused',
      info: { change: change.id, reason: 'no_space' },
    });
    return false;
  }
  await writeChange(
    db,
    booking.id,
    values,
    change.extras as PricedExtra[] | null,
    change.changed as Record<string, [unknown, unknown]>,
    change.createdById,
    now,
  );
  await db.update(bookingChanges).set({ status: 'applied' }).where(eq(bookingChanges.id, change.id));
  return true;
}

/** Cancels the booking once: the space is free as soon as this commits. Answers the refund due. */
export async function cancelBooking(
  ctx: RequestContext,
  bookingId: number,
): Promise<{ refundCents: Cents; alreadyCancelled: boolean }> {
  const [current] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!current) throw errors.notFound();
  if (current.status === 'cancelled') {
    const [log] = await ctx.db
      .select({ info: bookingLogs.info })
      .from(bookingLogs)
      .where(and(eq(bookingLogs.bookingId, bookingId), eq(bookingLogs.action, 'cancelled')))
      .limit(1);
    const refund = (log?.info as { refund?: string } | undefined)?.refund;
    return { refundCents: refund ? parseMoney(refund) : 0, alreadyCancelled: true };
  }
  const booking = await manageableBooking(ctx, bookingId, false);
  const { summary } = await bookingLedger(ctx.db, booking);
  const decision = cancellationRefund(
    {
      startDatetime: booking.startDatetime,
      now: ctx.now,
      totalCents: parseMoney(booking.totalCost),
      extrasCents: parseMoney(booking.extrasCost),
      paidCents: summary.netPaidCents,
    },
    ctx.services.config.manageBooking,
  );
  await ctx.db
    .update(bookings)
    .set({ status: 'cancelled', updated: ctx.now })
    .where(eq(bookings.id, bookingId));
  // Changes waiting for their payment go with the booking; its open payments are closed after commit.
  await ctx.db
    .update(bookingChanges)
    .set({ status: 'cancelled' })
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'awaiting_payment')));
  await ctx.db.insert(bookingLogs).values({
    bookingId,
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    action: 'cancelled',
    info: {
      status: [booking.status, 'cancelled'],
      source: 'manage-booking',
      refund: formatMoney(decision.refundCents),
      retained: formatMoney(decision.retainedCents),
    },
  });
  await refundDue(ctx.db, {
    bookingId,
    key: `cancel-${bookingId}`,
    cents: decision.refundCents,
    userId: ctx.user?.id ?? null,
    now: ctx.now,
    reason: 'cancellation',
  });
  await syncBookingMoney(ctx.db, bookingId);
  return { refundCents: decision.refundCents, alreadyCancelled: false };
}

/** The booking's card payments that can still take money: closed at the provider when it is cancelled. */
export async function openPaymentIntents(db: Executor, bookingId: number): Promise<string[]> {
  const rows = await db
    .select({ intent: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), notInArray(payments.status, ['succeeded', 'canceled'])));
  return rows.map((row) => row.intent);
}

/** The extras of a booking with their names, for the manage page and the emails. */
export async function bookingExtrasWithNames(ctx: RequestContext, bookingId: number) {
  const rows = await ctx.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId));
  if (rows.length === 0) return [];
  const named = await ctx.db
    .select({ id: extras.id, name: extras.name })
    .from(extras)
    .where(
      inArray(
        extras.id,
        rows.map((row) => row.extraId),
      ),
    );
  return rows.map((row) => ({
    id: row.extraId,
    name: named.find((extra) => extra.id === row.extraId)?.name ?? '',
    price: row.price,
  }));
}
