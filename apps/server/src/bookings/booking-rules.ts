/** The checks a stay must pass before it is saved: blockouts, capacity, extras, promo code. */
import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { businessDate } from '@parking/domain/dates';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import { messages } from '@parking/domain/messages';
import { stayBlockoutProblem, type BlockoutPeriod } from '@parking/domain/parking-blockouts';
import { extraPriceCents } from '@parking/domain/pricing';
import { promoApplies } from '@parking/domain/promo';
import { quoteMessages } from '@parking/domain/quotes';
import { stayLimitProblems } from '@parking/domain/stay-limits';
import type { RequestContext } from '../context';
import type { Executor } from '../db/client';
import { blockoutPeriods, discounts, extras, extraVariations, lots } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { unavailableExtraIds } from '../pricing/extras-availability';
import { websitePresentByDay } from '../pricing/partner-holds';

export type LotRow = typeof lots.$inferSelect;

/**
 * Locks the lot's row for the rest of the transaction. Every booking of a lot takes this lock
 * before counting, so two requests can never both see the last space free.
 */
export function lockLot(ctx: RequestContext, lotId: number): Promise<LotRow> {
  return lockLotIn(ctx.db, lotId);
}

/** lockLot for work outside a request (the flight-status poller), in the caller's transaction. */
export async function lockLotIn(db: Executor, lotId: number): Promise<LotRow> {
  const lot = await lockLotRow(db, lotId);
  if (!lot) throw DomainError.doesNotExist('lot', lotId);
  return lot;
}

/**
 * The same lock where no request is being answered (waitlist/waitlist-sweep.ts); undefined for a lot that has gone.
 * The statement is handed to the connection before this returns (execute()): see lockLotAndCountStay.
 */
export function lockLotRow(db: Executor, lotId: number): Promise<LotRow | undefined> {
  return db
    .select()
    .from(lots)
    .where(eq(lots.id, lotId))
    .for('update')
    .execute()
    .then(([lot]) => lot);
}

/**
 * lockLot, then assertCapacity, as one round trip: the count is sent right behind the lock on the transaction's
 * connection, so the database runs it the moment the lock is granted, in a statement of its own (it sees every
 * booking committed before then, as assertCapacity's would). The lot is not held meanwhile while this process
 * gets round to reading the lock's answer: under load, that wait was most of the time a booking held the lock.
 * The statements are started, in this order, before the first await (lockLotRow and websitePresentByDay hand
 * theirs to the connection when called: the lock, the cars present, the places held for partners; a connection
 * runs statements in the order it is given them).
 */
export async function lockLotAndCountStay(
  ctx: RequestContext,
  lotId: number,
  start: Date,
  end: Date,
): Promise<LotRow> {
  const locked = lockLotRow(ctx.db, lotId);
  const counted = countStay(ctx, lotId, start, end);
  // Awaited together: a refused lock (the lot has gone) aborts the transaction, and the count's failure with it.
  const [lot, present] = await Promise.all([locked, counted]);
  if (!lot) throw DomainError.doesNotExist('lot', lotId);
  refuseWhenFull(lot, present);
  return lot;
}

/**
 * The lot's threshold against the places taken on each day of the stay (the cars present and the places held for
 * partners): a stay that passes it is refused.
 */
function refuseWhenFull(lot: LotRow, present: Map<number, number[]>): void {
  if (stayExceedsThreshold(present.get(lot.id) ?? [], lot.spaces, lot.fillRateThreshold)) {
    throw new DomainError('lot_full', messages.lotFull, { relationship: 'lot' });
  }
}

export async function assertCapacity(
  ctx: RequestContext,
  lot: LotRow,
  start: Date,
  end: Date,
  excludeBookingId?: number,
  /** A waitlist hold being booked by its holder: its place is the one this stay takes. */
  excludeWaitlistEntryId?: number,
): Promise<void> {
  refuseWhenFull(lot, await countStay(ctx, lot.id, start, end, excludeBookingId, excludeWaitlistEntryId));
}

/**
 * The places taken in the lot on each business day of the stay as the website counts them: the cars present and
 * the places still held for partners (websitePresentByDay: its statements are sent at once).
 */
function countStay(
  ctx: RequestContext,
  lotId: number,
  start: Date,
  end: Date,
  excludeBookingId?: number,
  excludeWaitlistEntryId?: number,
): Promise<Map<number, number[]>> {
  const tz = ctx.services.config.timeZone;
  const [from, to] = [businessDate(start, tz), businessDate(end, tz)];
  return websitePresentByDay(ctx.db, {
    lotIds: [lotId],
    startDate: from,
    endDate: to,
    timeZone: tz,
    now: ctx.now,
    excludeBookingId,
    excludeWaitlistEntryId,
  });
}

/** A stay no longer than MAX_STAY_DAYS, starting at most BOOKING_HORIZON_DAYS ahead (settings). */
export function assertStayLimits(ctx: RequestContext, start: Date, end: Date | null): void {
  const tz = ctx.services.config.timeZone;
  const [problem] = stayLimitProblems(
    businessDate(start, tz),
    end && businessDate(end, tz),
    businessDate(ctx.now, tz),
    ctx.services.config.stayLimits,
  );
  if (problem) throw new DomainError('stay_limit', problem.message, { field: problem.field });
}

/** The online_form blockouts current at `now` (the public form is closed while one is). */
export const currentFormBlockout = (now: Date) =>
  and(
    eq(blockoutPeriods.blockType, 'online_form'),
    lte(blockoutPeriods.startDatetime, now),
    gt(blockoutPeriods.endDatetime, now),
  );

/** The refusal while an online_form blockout is current: its message, or the standard one. */
export function assertNoFormBlockout(blockout: { message: string | null } | undefined): void {
  if (blockout)
    throw new DomainError('online_form_blocked', blockout.message || messages.onlineBookingUnavailable);
}

/** The parking blockouts a drop-off at `start` or a pick-up at `end` falls inside. */
export const parkingBlockoutsAt = (start: Date, end: Date) => {
  const inside = (instant: Date) =>
    and(lte(blockoutPeriods.startDatetime, instant), gt(blockoutPeriods.endDatetime, instant));
  return and(eq(blockoutPeriods.blockType, 'parking'), or(inside(start), inside(end)));
};

/** The refusal of a stay that drops off or picks up inside one of `rows` (parkingBlockoutsAt's). */
export function assertNotBlockedOutBy(rows: readonly BlockoutPeriod[], start: Date, end: Date): void {
  const problem = stayBlockoutProblem(rows, start, end);
  if (problem) throw new DomainError('blocked_out', problem.message, { field: problem.field });
}

/** No drop-off or pick-up inside a parking blockout (the domain's rule, which the quotes and the wizard apply too). */
export async function assertNotBlockedOut(ctx: RequestContext, start: Date, end: Date): Promise<void> {
  const rows = await ctx.db
    .select({
      message: blockoutPeriods.message,
      startDatetime: blockoutPeriods.startDatetime,
      endDatetime: blockoutPeriods.endDatetime,
    })
    .from(blockoutPeriods)
    .where(parkingBlockoutsAt(start, end));
  assertNotBlockedOutBy(rows, start, end);
}

export interface PricedExtra {
  id: number;
  cents: number;
}

/** Each chosen extra must exist, be offered to this caller, be available for the stay; priced per vehicle type. */
export async function priceExtras(
  ctx: RequestContext,
  extraIds: number[],
  vehicleTypeId: number,
  start: Date,
  end: Date,
  staff: boolean,
): Promise<PricedExtra[]> {
  const ids = [...new Set(extraIds)];
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(extras).where(inArray(extras.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || (!row.public && !staff)) {
      throw DomainError.doesNotExist('extras', id);
    }
  }
  const unavailable = await unavailableExtraIds(ctx.db, start, end, ctx.services.config.timeZone);
  if (ids.some((id) => unavailable.has(id) || byId.get(id)?.available === false)) {
    throw new DomainError('extra_unavailable', messages.extrasUnavailable, { relationship: 'extras' });
  }
  const variations = await ctx.db
    .select({ extraId: extraVariations.extraId, price: extraVariations.price })
    .from(extraVariations)
    .where(and(inArray(extraVariations.extraId, ids), eq(extraVariations.vehicleTypeId, vehicleTypeId)));
  return ids.map((id) => {
    const variation = variations.find((v) => v.extraId === id);
    const base = byId.get(id)?.basePrice ?? '0';
    return {
      id,
      cents: extraPriceCents(
        base,
        new Map(variation ? [[vehicleTypeId, variation.price]] : []),
        vehicleTypeId,
      ),
    };
  });
}

export type DiscountRow = typeof discounts.$inferSelect;

/**
 * The one promo code look-up (a booking's save, a staff edit, the cost calculation, the wizard's check):
 * the discount a code names (saved upper-cased; what was typed is trimmed and upper-cased the same way)
 * when it may be used now for a drop-off at `dropOff`, else a 400 on `field` that does not say whether
 * the code exists.
 */
export async function applicablePromo(
  ctx: RequestContext,
  code: string,
  dropOff: Date | null,
  field = 'promoCode',
): Promise<DiscountRow> {
  const [discount] = await ctx.db
    .select()
    .from(discounts)
    .where(eq(discounts.promoCode, code.trim().toUpperCase()))
    .limit(1);
  if (!discount || !promoApplies(discount, ctx.now, dropOff))
    throw new DomainError('promo_invalid', messages.promoInvalid, { field });
  return discount;
}

/**
 * Every look-up of a code counts against the caller's IP, and a logged-in caller's account, wherever
 * it happens (the check, a cost calculation or a booking with a code), so that neither can be used to
 * guess codes, from one network or from one account on many.
 */
export async function throttlePromoLookups(ctx: RequestContext): Promise<void> {
  const limits = ctx.services.config.rateLimits;
  await ctx.services.rateLimiter.consume(
    `promo:ip:${ctx.ip}`,
    limits.requestsPerIp,
    limits.windowMs,
    quoteMessages.tooManyPromoChecks,
  );
  if (ctx.user)
    await ctx.services.rateLimiter.consume(
      `promo:user:${ctx.user.id}`,
      limits.requestsPerAccount,
      limits.windowMs,
      quoteMessages.tooManyPromoChecks,
    );
}
