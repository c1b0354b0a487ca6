/**
 * Staff change a booking (details, stay, extras, check-in, payment). Costs are recomputed from the
 * merged booking whenever what they depend on changes; every changed field is logged.
 */
import { flightResetFor } from '../flights/flight-delays';
import { and, eq } from 'drizzle-orm';
import type { StaffBookingFields } from '@parking/domain/booking';
import { staffChargesSubscriptionGaps } from '@parking/domain/booking-form';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { messages } from '@parking/domain/messages';
import type { RequestContext } from '../context';
import {
  airlines,
  bookingExtras,
  bookingLogs,
  bookings,
  customers,
  lotRegions,
  lots,
  vehicles,
  vehicleTypes,
} from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { queueWalletPassUpdate } from '../wallet/wallet-queue';
import { applicablePromo, assertStayLimits, lockLot, priceExtras } from './booking-rules';
import { movedTimes } from './booking-changes';
import { assertSlotRoom } from '../pricing/slot-load';
import type { BookingRow } from '../db/rows';
import type { BookingLinks } from './save-booking';
import { countAfterCommit, recordStaffMoney, type StaffMoneyInput } from '../payments/ledger';
import { mustExist } from './relationship-lookups';
import { costColumns, priceStay } from '../pricing/price-stay';
import { custodyFollowsBookingEdit } from '../custody/custody-follows-edit';
import { offerFreedPlaces } from '../waitlist/waitlist';

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** Staff's change to a booking: only the fields sent, and what it names (links not sent stay as they are). */
export interface BookingUpdate {
  attributes: Partial<StaffBookingFields>;
  links: BookingLinks;
}

export async function updateBooking(
  ctx: RequestContext,
  row: BookingRow,
  { attributes: sent, links: rel }: BookingUpdate,
): Promise<void> {
  // The payment fields are not columns to set: they are movements for the ledger (recordStaffMoney below).
  const {
    amountPaid: _amountPaid,
    paymentMethod: _paymentMethod,
    paymentDatetime: _paymentDatetime,
    paymentStatus: _paymentStatus,
    ...fields
  } = sent;
  const has = (name: keyof StaffBookingFields) => name in sent;
  const money: StaffMoneyInput = {
    ...(has('amountPaid') ? { amountPaid: sent.amountPaid } : {}),
    ...(has('paymentMethod') ? { paymentMethod: sent.paymentMethod } : {}),
    ...(has('paymentDatetime') ? { paymentDatetime: sent.paymentDatetime } : {}),
    ...(has('paymentStatus') ? { paymentStatus: sent.paymentStatus } : {}),
  };
  const changes: Partial<typeof bookings.$inferInsert> = { ...fields };
  delete (changes as { promoCode?: unknown }).promoCode;

  const relColumns = {
    lot: 'lotId',
    vehicleType: 'vehicleTypeId',
    airlineOut: 'airlineOutId',
    airlineIn: 'airlineInId',
    customer: 'customerId',
    vehicle: 'vehicleId',
    lotRegion: 'lotRegionId',
    discount: 'discountId',
    parkedBy: 'parkedById',
  } as const;
  for (const [name, column] of Object.entries(relColumns) as Array<
    [keyof typeof relColumns, (typeof relColumns)[keyof typeof relColumns]]
  >) {
    if (rel[name] !== undefined) Object.assign(changes, { [column]: rel[name] });
  }
  if (rel.lot === null) throw new DomainError('null', 'This field may not be null.', { relationship: 'lot' });
  if (rel.vehicleType === null)
    throw new DomainError('null', 'This field may not be null.', { relationship: 'vehicleType' });
  await mustExist(ctx, lots, changes.lotId, 'lot');
  await mustExist(ctx, vehicleTypes, changes.vehicleTypeId, 'vehicleType');
  await mustExist(ctx, airlines, changes.airlineOutId, 'airlineOut');
  await mustExist(ctx, airlines, changes.airlineInId, 'airlineIn');
  await mustExist(ctx, customers, changes.customerId, 'customer');
  await mustExist(ctx, customers, changes.parkedById, 'parkedBy');

  const merged = { ...row, ...changes } as BookingRow;
  if (merged.endDatetime && merged.endDatetime.getTime() <= merged.startDatetime.getTime()) {
    throw new DomainError('invalid', messages.arrivalBeforeDeparture, { field: 'endDatetime' });
  }
  if (changes.startDatetime !== undefined || changes.endDatetime !== undefined)
    assertStayLimits(ctx, merged.startDatetime, merged.endDatetime);
  // A drop-off or pick-up moved (or taken to another lot) needs a place in its slot, decided under the
  // lot's lock like any booking's (staff cannot serve more cars at the desk than travellers can book).
  const lotMoved = merged.lotId !== row.lotId;
  const moved = lotMoved
    ? (['startDatetime', 'endDatetime'] as const)
    : movedTimes(row, merged.startDatetime, merged.endDatetime);
  if (moved.length > 0 && ['complete', 'pending'].includes(merged.status)) {
    // The booking's row, then its lot: the order a traveller's change takes them in (booking-change-apply.ts).
    await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, row.id)).for('update');
    const lot = await lockLot(ctx, merged.lotId);
    await assertSlotRoom(ctx, lot, {
      start: merged.startDatetime,
      end: merged.endDatetime,
      excludeBookingId: row.id,
      moved,
    });
  }
  if (changes.vehicleId != null) {
    const [vehicle] = await ctx.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.id, changes.vehicleId), eq(vehicles.ownerId, merged.customerId ?? -1)));
    if (!vehicle) throw DomainError.doesNotExist('vehicle', changes.vehicleId);
  }
  if (merged.lotRegionId != null) {
    const [region] = await ctx.db
      .select()
      .from(lotRegions)
      .where(and(eq(lotRegions.id, merged.lotRegionId), eq(lotRegions.lotId, merged.lotId)));
    if (!region) throw DomainError.doesNotExist('lotRegion', merged.lotRegionId);
    if (merged.lotRegionRow != null && merged.lotRegionRow > region.rows)
      throw new DomainError('invalid', `Choose a row from 1 to ${region.rows}.`, { field: 'lotRegionRow' });
  }

  // Extras: a new list replaces the old one at today's prices; otherwise the sold prices stand.
  let extrasCents: number;
  if (rel.extras !== undefined) {
    const end = merged.endDatetime ?? merged.startDatetime;
    const priced = await priceExtras(
      ctx,
      rel.extras,
      merged.vehicleTypeId ?? 0,
      merged.startDatetime,
      end,
      true,
    );
    await ctx.db.delete(bookingExtras).where(eq(bookingExtras.bookingId, row.id));
    if (priced.length) {
      await ctx.db
        .insert(bookingExtras)
        .values(
          priced.map((extra) => ({ bookingId: row.id, extraId: extra.id, price: formatMoney(extra.cents) })),
        );
    }
    extrasCents = priced.reduce((sum, extra) => sum + extra.cents, 0);
  } else {
    const current = await ctx.db
      .select({ price: bookingExtras.price })
      .from(bookingExtras)
      .where(eq(bookingExtras.bookingId, row.id));
    extrasCents = current.reduce((sum, extra) => sum + parseMoney(extra.price), 0);
  }

  if (typeof sent.promoCode === 'string' && sent.promoCode !== row.promoCode) {
    changes.promoCode = sent.promoCode;
    if (sent.promoCode) {
      const discount = await applicablePromo(ctx, sent.promoCode, merged.startDatetime);
      changes.discountId = discount.id;
      if (sent.discountRate === undefined) changes.discountRate = discount.rate;
    } else if (sent.discountRate === undefined) {
      changes.discountRate = '0';
      changes.discountId = null;
    }
  }

  const pricingKeys = [
    'lotId',
    'startDatetime',
    'endDatetime',
    'discountRate',
    'customerId',
    'vehicleTypeId',
  ] as const;
  const repriced =
    rel.extras !== undefined || pricingKeys.some((key) => key in changes) || 'promoCode' in changes;
  if (repriced && merged.endDatetime) {
    const lotId = changes.lotId ?? row.lotId;
    const [lot] = await ctx.db.select().from(lots).where(eq(lots.id, lotId));
    if (!lot) throw new Error('Lot pricing missing');
    const customerId = changes.customerId ?? row.customerId;
    const [customer] = customerId
      ? await ctx.db.select({ userId: customers.userId }).from(customers).where(eq(customers.id, customerId))
      : [];
    const priced = await priceStay(
      ctx.db,
      {
        lot,
        start: merged.startDatetime,
        end: merged.endDatetime,
        discountRate: changes.discountRate ?? row.discountRate,
        extrasCents,
        userId: customer?.userId ?? null,
        calculateGaps: staffChargesSubscriptionGaps(merged.startDatetime, ctx.now),
      },
      { now: ctx.now, timeZone: ctx.services.config.timeZone },
    );
    Object.assign(changes, costColumns(priced));
  }

  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(changes)) {
    const before = comparable(row[key as keyof BookingRow]);
    const after = comparable(value);
    if (String(before) !== String(after)) changed[key] = [before, after];
  }
  if (rel.extras !== undefined) changed.extras = [null, rel.extras];
  if (Object.keys(changed).length > 0) {
    await ctx.db
      .update(bookings)
      .set({ ...changes, ...flightResetFor(changed), updated: ctx.now })
      .where(eq(bookings.id, row.id));
    // The traveller's wallet pass shows the stay, the car park and the rego: it follows the edit.
    await queueWalletPassUpdate(ctx.db, row.id);
  }
  // A new total (or status) changes what is owed; staff's payment fields become ledger movements.
  countAfterCommit(ctx, await recordStaffMoney(ctx.db, row.id, money, ctx.user?.id ?? null, ctx.now));
  const [after] = await ctx.db.select().from(bookings).where(eq(bookings.id, row.id));
  if (after) await custodyFollowsBookingEdit(ctx, row.id, row, after);
  for (const key of [
    'amountPaid',
    'paymentMethod',
    'paymentStatus',
    'paymentDatetime',
    'stripeComplete',
  ] as const) {
    const before = comparable(row[key]);
    const now = comparable(after?.[key]);
    if (String(before) !== String(now)) changed[key] = [before, now];
  }
  if (Object.keys(changed).length === 0) return;
  const event = changed.status?.[1] === 'cancelled' ? 'cancelled' : 'changed';
  ctx.defer(async () => ctx.services.metrics?.booking(event));
  // A stay moved, shortened or taken out of the count (a staff edit) may free a place on a waitlisted day.
  if (['lotId', 'startDatetime', 'endDatetime', 'status'].some((key) => key in changed)) {
    for (const lotId of [...new Set([row.lotId, after?.lotId ?? row.lotId])].sort((a, b) => a - b))
      await offerFreedPlaces(ctx, lotId);
  }
  await ctx.db.insert(bookingLogs).values({
    bookingId: row.id,
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    action: 'updated',
    info: changed,
  });
}
