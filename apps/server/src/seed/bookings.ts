/**
 * The booking rows of the planned stays, priced by the domain's rules (rate table, long-stay rate,
 * exceptional-day surcharges, promo discount on parking, extras by vehicle type), paid, checked in,
 * with their extras and creation logs.
 */
import { formatMoney } from '@parking/domain/money';
import { computeCosts, costsToStrings, extraPriceCents, type LotPricing } from '@parking/domain/pricing';
import { WeightedTable } from '@parking/domain/seeded-random';
import * as t from '../db/schema/index';
import { isoDate, timeText } from './calendar';
import type { Catalogue } from './catalogue';
import type { Closures } from './closures';
import {
  type BookingInsert,
  type BookingPlan,
  type CustomerInfo,
  inChunks,
  type LotInfo,
  type SeedContext,
} from './context';
import { BOOKING_CODE_ALPHABET } from './data';
import { BOOKING_NOTES, DAMAGE_NOTES, PUBLIC_NOTES, VEHICLE_NOTES } from './data-notes';
import { payment } from './payments';

export interface SeededBookings {
  bookings: number;
  bookingExtras: number;
  bookingLogs: number;
}

export async function seedBookings(
  ctx: SeedContext,
  plans: BookingPlan[],
  { lots, promo }: Catalogue,
  { exceptionalByDay }: Closures,
  staffCustomers: readonly CustomerInfo[],
  notFlyingId: number,
  /** Codes already given (by an earlier call), never given again. */
  usedCodes = new Set<string>(),
): Promise<SeededBookings> {
  const { tx, rng, nowMs } = ctx;
  // Each lot as the domain prices it: surcharges by date.
  const pricing = new Map<number, LotPricing>();
  for (const lot of lots.values()) {
    const surcharges = new Map<string, number>();
    for (const [day, exceptional] of exceptionalByDay) {
      const cents = exceptional.surcharge.get(lot.id);
      if (cents) surcharges.set(isoDate(day), cents);
    }
    pricing.set(lot.id, { rows: lot.rates, dailyCents: lot.longStayCents, surcharges });
  }
  const pricingOf = (lot: LotInfo) => pricing.get(lot.id) as LotPricing;

  const bookingCode = () => {
    for (;;) {
      const code = rng.string(BOOKING_CODE_ALPHABET, 8);
      if (!usedCodes.has(code)) {
        usedCodes.add(code);
        return code;
      }
    }
  };
  const valetTable = new WeightedTable(staffCustomers, (customer) => (customer.userId ? 1 : 4));
  const bookingRows: BookingInsert[] = [];
  const extrasByCode = new Map<string, { extraId: number; price: string }[]>();
  plans.sort((a, b) => a.created.getTime() - b.created.getTime());
  for (const plan of plans) {
    const code = bookingCode();
    const startMs = plan.start.getTime();
    const extraPrices = plan.extras.map((extra) => ({
      extraId: extra.id,
      price: extraPriceCents(extra.basePrice, extra.variations, plan.vehicle.vehicleTypeId),
    }));
    const costs = costsToStrings(
      computeCosts({
        startDate: isoDate(plan.day),
        endDate: isoDate(plan.day + plan.days - 1),
        lot: pricingOf(plan.lot),
        discountRate: plan.promo ? promo.rate : '0',
        extrasCents: extraPrices.reduce((sum, extra) => sum + extra.price, 0),
      }),
    );
    if (extraPrices.length)
      extrasByCode.set(
        code,
        extraPrices.map((extra) => ({ extraId: extra.extraId, price: formatMoney(extra.price) })),
      );

    const { paymentStatus, paymentMethod, paymentDatetime, stripeComplete } = payment(ctx, plan);

    // Check-in of cars that have arrived.
    const checkedIn = plan.status === 'complete' && startMs <= nowMs;
    const region = checkedIn ? rng.pick(plan.lot.regions) : undefined;
    const timeParked = checkedIn ? plan.start : null;
    const updated = new Date(
      Math.min(
        nowMs,
        Math.max(plan.created.getTime(), timeParked?.getTime() ?? 0, paymentDatetime?.getTime() ?? 0),
      ),
    );
    const passengersIn = rng.chance(0.9)
      ? plan.passengersOut
      : Math.max(1, plan.passengersOut + (rng.chance(0.5) ? 1 : -1));
    const notFlying = !plan.out;

    bookingRows.push({
      bookingCode: code,
      status: plan.status,
      bookingType: plan.bookingType,
      lotId: plan.lot.id,
      lotRegionId: region?.id ?? null,
      lotRegionRow: region ? rng.int(1, region.rows) : null,
      customerId: plan.customer.id,
      vehicleId: plan.vehicle.id,
      vehicleTypeId: plan.vehicle.vehicleTypeId,
      startDatetime: plan.start,
      endDatetime: plan.end,
      airlineOutId: plan.out?.airlineId ?? notFlyingId,
      airlineInId: plan.in?.airlineId ?? notFlyingId,
      flightNumberOut: plan.out?.flightNumber ?? '',
      flightNumberIn: plan.in?.flightNumber ?? '',
      busDepartureTime:
        !notFlying && plan.out?.busMinutes !== undefined ? timeText(plan.out.busMinutes) : null,
      passengersOut: plan.passengersOut,
      passengersIn,
      title: plan.customer.title,
      firstName: plan.customer.firstName,
      lastName: plan.customer.lastName,
      phoneNumber: plan.customer.phoneNumber,
      email: plan.customer.email,
      business: plan.customer.business,
      rego: plan.vehicle.rego,
      make: plan.vehicle.make,
      model: plan.vehicle.model,
      colour: plan.vehicle.colour,
      parkingCost: costs.parkingCost,
      extrasCost: costs.extrasCost,
      discountId: plan.promo ? promo.id : null,
      promoCode: plan.promo ? promo.code : '',
      discountRate: plan.promo ? promo.rate : '0',
      amountDiscounted: costs.amountDiscounted,
      subscriptionDiscount: costs.subscriptionDiscount,
      totalCost: costs.totalCost,
      amountPaid: paymentStatus === 'paid' ? costs.totalCost : '0',
      paymentMethod,
      paymentStatus,
      paymentDatetime,
      stripeComplete,
      publicNotes: plan.channel === 'staff' && rng.chance(0.05) ? rng.pick(PUBLIC_NOTES) : '',
      notes: plan.channel === 'staff' && rng.chance(0.12) ? rng.pick(BOOKING_NOTES) : '',
      fuelLevel: checkedIn ? rng.pick(['1/4', '1/2', '1/2', '3/4', '3/4', 'Full']) : '',
      damage: checkedIn && rng.chance(0.07) ? rng.pick(DAMAGE_NOTES) : '',
      parkedById: checkedIn ? valetTable.pick(rng).id : null,
      timeParked,
      kilometers: checkedIn ? rng.int(4, 260) * 1000 + rng.int(0, 999) : null,
      vehicleNotes: checkedIn && rng.chance(0.08) ? rng.pick(VEHICLE_NOTES) : '',
      createdById: plan.createdById,
      created: plan.created,
      updated,
    });
  }
  const insertedBookings = await inChunks(bookingRows, (chunk) =>
    tx.insert(t.bookings).values(chunk).returning({ id: t.bookings.id, bookingCode: t.bookings.bookingCode }),
  );
  const bookingIdByCode = new Map(insertedBookings.map((row) => [row.bookingCode, row.id]));

  const bookingExtraRows = [...extrasByCode].flatMap(([code, list]) =>
    list.map((extra) => ({
      bookingId: bookingIdByCode.get(code) as number,
      extraId: extra.extraId,
      price: extra.price,
    })),
  );
  await inChunks(bookingExtraRows, async (chunk) => {
    await tx.insert(t.bookingExtras).values(chunk);
    return [];
  });
  const logRows = bookingRows.map((row) => ({
    bookingId: bookingIdByCode.get(row.bookingCode) as number,
    userId: row.createdById ?? null,
    timestamp: row.created as Date,
    action: 'created',
    info: {},
  }));
  await inChunks(logRows, async (chunk) => {
    await tx.insert(t.bookingLogs).values(chunk);
    return [];
  });

  return {
    bookings: bookingRows.length,
    bookingExtras: bookingExtraRows.length,
    bookingLogs: logRows.length,
  };
}
