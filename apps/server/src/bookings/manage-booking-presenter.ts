/** The manage page's view of a booking (GET manage-bookings/{id}/ and the answers of its actions). */
import { eq } from 'drizzle-orm';
import type { ManagedBookingAttributes } from '@parking/domain/api-contract/manage-booking';
import { cancellationRefund, manageCutoff } from '@parking/domain/manage-booking';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { gstCents } from '@parking/domain/pricing';
import type { RequestContext } from '../context';
import { airlines, lots, vehicleTypes } from '../db/schema/index';
import { bookingExtrasWithNames } from './booking-cancel';
import type { BookingRow } from '../db/rows';
import { bookingLedger } from '../payments/ledger';
import { presentPendingChange } from './pending-change';
import { bookingStanding } from './stay-extension';

export const MANAGE_TYPE = 'manage-bookings';

export async function presentManagedBooking(ctx: RequestContext, booking: BookingRow) {
  const rules = ctx.services.config.manageBooking;
  const [lot] = await ctx.db
    .select({ name: lots.name, slug: lots.slug })
    .from(lots)
    .where(eq(lots.id, booking.lotId));
  const names = await ctx.db.select({ id: airlines.id, name: airlines.name }).from(airlines);
  const [vehicleType] = booking.vehicleTypeId
    ? await ctx.db
        .select({ name: vehicleTypes.name })
        .from(vehicleTypes)
        .where(eq(vehicleTypes.id, booking.vehicleTypeId))
    : [];
  const extras = await bookingExtrasWithNames(ctx.db, booking.id);
  const total = parseMoney(booking.totalCost);
  const { summary } = await bookingLedger(ctx.db, booking);
  const paid = summary.netPaidCents;
  const standing = await bookingStanding(ctx.db, booking, ctx.now, rules);
  const manageable = standing === 'open';
  const refund = cancellationRefund(
    {
      startDatetime: booking.startDatetime,
      now: ctx.now,
      totalCents: total,
      extrasCents: parseMoney(booking.extrasCost),
      paidCents: paid,
    },
    rules,
  );
  const airline = (id: number | null) => names.find((row) => row.id === id)?.name ?? '';
  return {
    type: MANAGE_TYPE,
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
      bookedEndDatetime: booking.bookedEndDatetime?.toISOString() ?? null,
      flightStatus: booking.flightStatus,
      flightDelayMinutes: booking.flightDelayMinutes,
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
      amountRefunded: formatMoney(summary.refundedCents),
      amountDue: formatMoney(summary.owedCents),
      canManage: manageable,
      canExtend: standing === 'extend',
      cutoffDatetime: manageCutoff(booking.startDatetime, rules).toISOString(),
      cutoffHours: rules.cutoffHours,
      cancellationRefund: manageable ? formatMoney(refund.refundCents) : null,
      fullParkingRefund: refund.fullParking,
      fullRefundHours: rules.fullRefundHours,
      pendingChange: await presentPendingChange(ctx.db, booking),
    } satisfies ManagedBookingAttributes,
  };
}
