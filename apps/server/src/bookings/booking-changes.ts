/**
 * Manage my booking: a traveller changes or cancels their own booking before the cut-off. Prices come
 * from the booking engine's own rules (priceExtras, loadLotPricing, computeCosts); capacity is
 * re-checked under the lot's lock, as when booking; every change is logged for the Edit History.
 */
import { eq } from 'drizzle-orm';
import { businessDate } from '@parking/domain/dates';
import { arrivalFitsPickUp, flightDelayMessages, normaliseFlightNumber } from '@parking/domain/flight-delay';
import {
  addedDaySpans,
  canManage,
  manageMessages,
  priceDifference,
  type BookingChangeInput,
  type DateSpan,
} from '@parking/domain/manage-booking';
import { parseMoney, type Cents } from '@parking/domain/money';
import { messages } from '@parking/domain/messages';
import type { Costs } from '@parking/domain/pricing';
import { promoApplies } from '@parking/domain/promo';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import type { SlotField } from '@parking/domain/slots';
import { isStaff, type RequestContext } from '../context';
import type { Executor } from '../db/client';
import {
  airlines,
  bookingExtras,
  bookings,
  customers,
  discounts,
  lots,
  vehicleTypes,
} from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import {
  assertNotBlockedOut,
  assertStayLimits,
  priceExtras,
  type LotRow,
  type PricedExtra,
} from './booking-rules';
import type { BookingRow } from '../db/rows';
import { mustExist } from './relationship-lookups';
import { assertExtension, bookingStanding, closedRefusal } from './stay-extension';
import { costColumns, priceStay } from '../pricing/price-stay';
import { websitePresentByDay } from '../pricing/partner-holds';
import { assertSlotRoom } from '../pricing/slot-load';

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

/** A booking the traveller may change: `extending` while the car is with us (a later return only). */
export interface Manageable {
  booking: BookingRow;
  extending: boolean;
}

/**
 * The booking, locked when asked, refused once it can no longer be managed. A change (`purpose`) is also
 * taken while the car is with us, as an extension (stay-extension.ts); a cancellation is not.
 */
export async function manageableBooking(
  ctx: RequestContext,
  bookingId: number,
  lock: boolean,
  purpose: 'change' | 'cancel',
): Promise<Manageable> {
  const query = ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [booking] = lock ? await query.for('update') : await query;
  if (!booking) throw DomainError.notFound();
  const rules = ctx.services.config.manageBooking;
  if (booking.status === 'cancelled') throw new DomainError('cancelled', manageMessages.alreadyCancelled);
  const standing = await bookingStanding(ctx.db, booking, ctx.now, rules);
  if (standing === 'open') return { booking, extending: false };
  if (standing === 'extend' && purpose === 'change') return { booking, extending: true };
  throw closedRefusal(booking, standing, rules.cutoffHours);
}

/**
 * A return flight named on a change (or a pick-up moved under one) must be a flight that lands on the
 * return day near the pick-up, when the flight-status provider knows its timetable: else the change is
 * refused beside the flight field (the pick-up's, when only it moved). A flight it does not know is accepted (and moves nothing later). Asked
 * before any lock is taken: the provider may be a network call.
 */
export async function assertFlightFitsReturn(
  ctx: RequestContext,
  booking: BookingRow,
  input: BookingChangeInput,
): Promise<void> {
  const provider = ctx.services.flightStatus;
  if (!provider) return;
  const flight = normaliseFlightNumber(input.flightNumberIn ?? booking.flightNumberIn ?? '');
  const pickUp = input.endDatetime ?? booking.endDatetime;
  const flightChanged =
    input.flightNumberIn !== undefined && flight !== normaliseFlightNumber(booking.flightNumberIn ?? '');
  const pickUpChanged =
    input.endDatetime !== undefined && input.endDatetime.getTime() !== booking.endDatetime?.getTime();
  if (!flight || !pickUp || !(flightChanged || pickUpChanged)) return;
  const timeZone = ctx.services.config.timeZone;
  const arrival = await provider.arrival(flight, businessDate(pickUp, timeZone)).catch((error: unknown) => {
    console.error(`flight status of ${flight} for a change failed`, error);
    return null;
  });
  if (arrival?.scheduledArrival && !arrivalFitsPickUp(arrival.scheduledArrival, pickUp, timeZone))
    // Beside the field the traveller changed: the flight's, or the pick-up's when only it moved.
    throw new DomainError('flight_not_on_return', flightDelayMessages.flightNotOnReturn, {
      field: flightChanged ? 'flightNumberIn' : 'endDatetime',
    });
}

/**
 * What the change would make of the booking and its price, without writing anything. Run inside
 * the change's transaction (after the lot is locked) it is also the decision.
 */
export async function planChange(
  ctx: RequestContext,
  { booking, extending }: Manageable,
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
    throw new DomainError('required', messages.required, { relationship: 'airlineOut' });

  const start = input.startDatetime ?? booking.startDatetime;
  const end = input.endDatetime ?? booking.endDatetime ?? booking.startDatetime;
  if (end.getTime() <= start.getTime())
    throw new DomainError('invalid', messages.arrivalBeforeDeparture, { field: 'endDatetime' });
  const datesChanged =
    start.getTime() !== booking.startDatetime.getTime() || end.getTime() !== booking.endDatetime?.getTime();
  // While the car is with us only a later return is taken (checked first: an earlier one needs no change).
  if (extending) assertExtension(booking, end, await travellerChanges(ctx, booking, input, rel));
  if (datesChanged) {
    // A changed stay passes every rule a new one does, the stay length and horizon first: nothing below
    // walks the stay's days before they are known to be a bookable stay. An extension keeps its drop-off,
    // which has passed.
    assertStayLimits(ctx, start, end);
    if (!extending && businessDate(start, tz) < businessDate(ctx.now, tz))
      throw new DomainError('invalid', messages.dateInFuture, { field: 'startDatetime' });
    // The new drop-off must itself be before the cut-off, or the change would close its own door.
    if (
      !extending &&
      !canManage({ startDatetime: start, status: booking.status }, ctx.now, ctx.services.config.manageBooking)
    ) {
      throw new DomainError(
        'past_cutoff',
        manageMessages.pastCutoff(ctx.services.config.manageBooking.cutoffHours),
        { field: 'startDatetime' },
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
  // An extension keeps the terms it was booked at.
  const promoDropped =
    datesChanged && !extending && booking.promoCode && !(await promoStillApplies(ctx, booking, start))
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
  if (added.length > 0) await assertRoom(ctx.db, lot, added, ctx, booking);
  // A moved drop-off or pick-up needs a place in its new slot (one kept where it was is not re-judged).
  const moved = movedTimes(booking, start, end);
  if (moved.length > 0) await assertSlotRoom(ctx, lot, { start, end, excludeBookingId: booking.id, moved });
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

/** What the traveller asked to change, as [before, after] (the prices aside): the request's own fields. */
async function travellerChanges(
  ctx: RequestContext,
  booking: BookingRow,
  input: BookingChangeInput,
  rel: ChangeRelationships,
): Promise<Record<string, [unknown, unknown]>> {
  const asked: Record<string, unknown> = { ...input };
  if (rel.vehicleType !== undefined) asked.vehicleTypeId = rel.vehicleType;
  if (rel.airlineOut !== undefined) asked.airlineOutId = rel.airlineOut;
  if (rel.airlineIn !== undefined) asked.airlineInId = rel.airlineIn;
  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(asked)) {
    const before = comparable(booking[key as keyof BookingRow]);
    if (String(before) !== String(comparable(value))) changed[key] = [before, comparable(value)];
  }
  if (rel.extras !== undefined) {
    const sold = await ctx.db
      .select({ id: bookingExtras.extraId })
      .from(bookingExtras)
      .where(eq(bookingExtras.bookingId, booking.id));
    const before = sold.map((row) => row.id).sort((a, b) => a - b);
    const after = [...new Set(rel.extras)].sort((a, b) => a - b);
    if (before.join() !== after.join()) changed.extras = [before, after];
  }
  return changed;
}

/** Which of the booking's desk times a stay moves. */
export function movedTimes(booking: BookingRow, start: Date, end: Date | null): SlotField[] {
  const moved: SlotField[] = [];
  if (start.getTime() !== booking.startDatetime.getTime()) moved.push('startDatetime');
  if ((end?.getTime() ?? null) !== (booking.endDatetime?.getTime() ?? null)) moved.push('endDatetime');
  return moved;
}

async function promoStillApplies(ctx: RequestContext, booking: BookingRow, start: Date): Promise<boolean> {
  if (booking.discountId === null) return true;
  const [discount] = await ctx.db.select().from(discounts).where(eq(discounts.id, booking.discountId));
  return discount ? promoApplies(discount, booking.created, start) : false;
}

/**
 * The added days must find room, counted as for a new booking (this booking and its own held changes aside): the
 * cars present and the places held for partners, but for a partner's own booking its own allotment's.
 */
export async function roomFor(
  db: Executor,
  lot: LotRow,
  added: DateSpan[],
  timeZone: string,
  now: Date,
  booking: Pick<BookingRow, 'id' | 'partnerId'>,
): Promise<boolean> {
  for (const span of added) {
    const present = await websitePresentByDay(db, {
      lotIds: [lot.id],
      startDate: span.first,
      endDate: span.last,
      timeZone,
      now,
      excludeBookingId: booking.id,
      exceptPartnerId: booking.partnerId,
    });
    if (stayExceedsThreshold(present.get(lot.id) ?? [], lot.spaces, lot.fillRateThreshold)) return false;
  }
  return true;
}

async function assertRoom(
  db: Executor,
  lot: LotRow,
  added: DateSpan[],
  ctx: RequestContext,
  booking: Pick<BookingRow, 'id' | 'partnerId'>,
): Promise<void> {
  if (!(await roomFor(db, lot, added, ctx.services.config.timeZone, ctx.now, booking)))
    throw new DomainError('lot_full', messages.lotFull, { relationship: 'lot' });
}
