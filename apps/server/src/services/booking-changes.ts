/**
 * Manage my booking: a traveller changes or cancels their own booking before the cut-off. Prices come
 * from the booking engine's own rules (priceExtras, loadLotPricing, computeCosts); capacity is
 * re-checked under the lot's lock, as when booking; every change is logged for the Edit History.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { businessDate, eachDate } from '@parking/domain/dates';
import { canManage, cancellationRefund, manageMessages, priceDifference, type BookingChangeInput } from '@parking/domain/manage-booking';
import { formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import { messages } from '@parking/domain/messages';
import { computeCosts, costsToStrings, type Costs } from '@parking/domain/pricing';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import { isStaff, type RequestContext } from '../context';
import { airlines, bookingExtras, bookingLogs, bookings, customers, extras, lots, vehicleTypes } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { assertNotBlockedOut, lockLot, priceExtras, type PricedExtra } from './booking-rules';
import type { BookingRow } from './create-booking';
import { loadLotPricing, presentByDay, subscriptionCover } from './pricing-data';

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
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** The booking, locked when asked, refused once it can no longer be managed. */
export async function manageableBooking(ctx: RequestContext, bookingId: number, lock: boolean): Promise<BookingRow> {
  const query = ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [booking] = lock ? await query.for('update') : await query;
  if (!booking) throw errors.notFound();
  const rules = ctx.services.config.manageBooking;
  if (booking.status === 'cancelled') throw errors.invalid(manageMessages.alreadyCancelled, undefined, 'cancelled');
  if (!canManage(booking, ctx.now, rules)) {
    const started = booking.status === 'complete' || booking.status === 'pending' || booking.status === 'payment_failed';
    throw errors.invalid(started ? manageMessages.pastCutoff(rules.cutoffHours) : manageMessages.notManageable, undefined, 'past_cutoff');
  }
  return booking;
}

async function mustExist(ctx: RequestContext, name: string, table: typeof airlines | typeof vehicleTypes, id: number | null | undefined) {
  if (id == null) return;
  const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw errors.invalid(`Invalid pk "${id}" - object does not exist.`, `/data/relationships/${name}`, 'does_not_exist');
}

/**
 * What the change would make of the booking and its price, without writing anything. Run inside
 * the change's transaction (after the lot is locked) it is also the decision.
 */
export async function planChange(ctx: RequestContext, booking: BookingRow, input: BookingChangeInput, rel: ChangeRelationships): Promise<ChangePlan> {
  const tz = ctx.services.config.timeZone;
  const values: Partial<typeof bookings.$inferInsert> = { ...input };
  if (rel.vehicleType !== undefined) values.vehicleTypeId = rel.vehicleType;
  if (rel.airlineOut !== undefined) values.airlineOutId = rel.airlineOut;
  if (rel.airlineIn !== undefined) values.airlineInId = rel.airlineIn;
  await mustExist(ctx, 'vehicleType', vehicleTypes, rel.vehicleType);
  await mustExist(ctx, 'airlineOut', airlines, rel.airlineOut);
  await mustExist(ctx, 'airlineIn', airlines, rel.airlineIn);
  if (rel.airlineOut === null) throw errors.invalid(messages.required, '/data/relationships/airlineOut', 'required');

  const start = input.startDatetime ?? booking.startDatetime;
  const end = input.endDatetime ?? booking.endDatetime ?? booking.startDatetime;
  if (end.getTime() <= start.getTime()) throw errors.invalid(messages.arrivalBeforeDeparture, 'endDatetime');
  const datesChanged = start.getTime() !== booking.startDatetime.getTime() || end.getTime() !== booking.endDatetime?.getTime();
  if (datesChanged) {
    if (businessDate(start, tz) < businessDate(ctx.now, tz)) throw errors.invalid(messages.dateInFuture, 'startDatetime');
    // The new drop-off must itself be before the cut-off, or the change would close its own door.
    if (!canManage({ startDatetime: start, status: booking.status }, ctx.now, ctx.services.config.manageBooking)) {
      throw errors.invalid(manageMessages.pastCutoff(ctx.services.config.manageBooking.cutoffHours), 'startDatetime', 'past_cutoff');
    }
    await assertNotBlockedOut(ctx, start, end);
  }

  // Extras: the list as it will be, priced by the booking engine's rules; those already sold keep their price.
  const vehicleTypeId = values.vehicleTypeId ?? booking.vehicleTypeId ?? 0;
  const sold = await ctx.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, booking.id));
  const extraIds = rel.extras ?? sold.map((row) => row.extraId);
  const kept = extraIds.filter((id) => sold.some((row) => row.extraId === id));
  const added = extraIds.filter((id) => !kept.includes(id));
  // Kept extras may be staff-only ones staff sold; new ones must be public. Both must be available for the stay.
  const keptPriced = await priceExtras(ctx, kept, vehicleTypeId, start, end, true);
  const addedPriced = await priceExtras(ctx, added, vehicleTypeId, start, end, isStaff(ctx.user));
  const vehicleTypeChanged = values.vehicleTypeId !== undefined && values.vehicleTypeId !== booking.vehicleTypeId;
  const chosen = [
    ...keptPriced.map((extra) => ({ id: extra.id, cents: vehicleTypeChanged ? extra.cents : parseMoney(sold.find((row) => row.extraId === extra.id)?.price ?? '0') })),
    ...addedPriced,
  ];
  const extrasChanged = rel.extras !== undefined || vehicleTypeChanged;

  const startDate = businessDate(start, tz);
  const endDate = businessDate(end, tz);
  const [lot] = await ctx.db.select().from(lots).where(eq(lots.id, booking.lotId));
  const pricing = (await loadLotPricing(ctx.db, [booking.lotId], startDate, endDate)).get(booking.lotId);
  if (!lot || !pricing) throw new Error('Lot pricing missing');
  const [customer] = booking.customerId ? await ctx.db.select({ userId: customers.userId }).from(customers).where(eq(customers.id, booking.customerId)) : [];
  const coversUntil = await subscriptionCover(ctx.db, customer?.userId ?? null, lot.productCodename, ctx.now, tz);
  const costs = computeCosts({
    startDate,
    endDate,
    lot: pricing,
    // The promo code the booking was made with still applies to the changed stay.
    discountRate: booking.discountRate,
    extrasCents: chosen.reduce((sum, extra) => sum + extra.cents, 0),
    subscription: coversUntil ? { coversUntil, calculateGaps: true } : undefined,
  });
  const money = costsToStrings(costs);
  Object.assign(values, {
    parkingCost: money.parkingCost,
    extrasCost: money.extrasCost,
    subscriptionDiscount: money.subscriptionDiscount,
    amountDiscounted: money.amountDiscounted,
    totalCost: money.totalCost,
    hadSubscription: costs.subscriptionDiscount > 0,
  });
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
  return { values, extras: extrasChanged ? chosen : undefined, costs, dueCents, refundCents, changed };
}

/** Days of the new stay the booking did not already occupy: only these can run the lot out of space. */
function addedDays(booking: BookingRow, startDate: string, endDate: string, tz: string): boolean[] {
  const oldStart = businessDate(booking.startDatetime, tz);
  const oldEnd = businessDate(booking.endDatetime ?? booking.startDatetime, tz);
  return eachDate(startDate, endDate).map((date) => date < oldStart || date > oldEnd);
}

export interface AppliedChange {
  plan: ChangePlan;
  logId: number | null;
}

/** Applies a change in one transaction: lock the booking and its lot, re-check, re-price, write, log. */
export async function applyChange(ctx: RequestContext, bookingId: number, input: BookingChangeInput, rel: ChangeRelationships): Promise<AppliedChange> {
  const booking = await manageableBooking(ctx, bookingId, true);
  const lot = await lockLot(ctx, booking.lotId);
  const plan = await planChange(ctx, booking, input, rel);
  if (Object.keys(plan.changed).length === 0) return { plan, logId: null };

  const tz = ctx.services.config.timeZone;
  const start = plan.values.startDatetime ?? booking.startDatetime;
  const end = plan.values.endDatetime ?? booking.endDatetime ?? start;
  const startDate = businessDate(start, tz);
  const endDate = businessDate(end, tz);
  const fresh = addedDays(booking, startDate, endDate, tz);
  if (fresh.some(Boolean)) {
    const present = (await presentByDay(ctx.db, [lot.id], startDate, endDate, tz, ctx.now, booking.id)).get(lot.id) ?? [];
    if (stayExceedsThreshold(present.filter((_count, index) => fresh[index]), lot.spaces, lot.fillRateThreshold)) {
      throw errors.invalid(messages.lotFull, '/data/relationships/lot', 'lot_full');
    }
  }

  const owing = parseMoney(plan.values.totalCost ?? booking.totalCost) > parseMoney(booking.amountPaid);
  await ctx.db
    .update(bookings)
    .set({ ...plan.values, ...(owing ? { paymentStatus: 'unpaid', stripeComplete: false } : {}), updated: ctx.now })
    .where(eq(bookings.id, booking.id));
  if (plan.extras) {
    await ctx.db.delete(bookingExtras).where(eq(bookingExtras.bookingId, booking.id));
    if (plan.extras.length) {
      await ctx.db.insert(bookingExtras).values(plan.extras.map((extra) => ({ bookingId: booking.id, extraId: extra.id, price: formatMoney(extra.cents) })));
    }
  }
  const [log] = await ctx.db
    .insert(bookingLogs)
    .values({
      bookingId: booking.id,
      userId: ctx.user?.id ?? null,
      timestamp: ctx.now,
      action: 'updated',
      info: plan.changed,
    })
    .returning({ id: bookingLogs.id });
  return { plan, logId: log?.id ?? null };
}

/** Cancels the booking once: the space is free as soon as this commits. Answers the refund due. */
export async function cancelBooking(ctx: RequestContext, bookingId: number): Promise<{ refundCents: Cents; alreadyCancelled: boolean }> {
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
  const decision = cancellationRefund(
    {
      startDatetime: booking.startDatetime,
      now: ctx.now,
      totalCents: parseMoney(booking.totalCost),
      extrasCents: parseMoney(booking.extrasCost),
      paidCents: parseMoney(booking.amountPaid),
    },
    ctx.services.config.manageBooking,
  );
  await ctx.db.update(bookings).set({ status: 'cancelled', updated: ctx.now }).where(eq(bookings.id, bookingId));
  await ctx.db.insert(bookingLogs).values({
    bookingId,
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    action: 'cancelled',
    info: { status: [booking.status, 'cancelled'], source: 'manage-booking', refund: formatMoney(decision.refundCents), retained: formatMoney(decision.retainedCents) },
  });
  return { refundCents: decision.refundCents, alreadyCancelled: false };
}

/** The extras of a booking with their names, for the manage page and the emails. */
export async function bookingExtrasWithNames(ctx: RequestContext, bookingId: number) {
  const rows = await ctx.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId));
  if (rows.length === 0) return [];
  const named = await ctx.db.select({ id: extras.id, name: extras.name }).from(extras).where(inArray(extras.id, rows.map((row) => row.extraId)));
  return rows.map((row) => ({ id: row.extraId, name: named.find((extra) => extra.id === row.extraId)?.name ?? '', price: row.price }));
}
