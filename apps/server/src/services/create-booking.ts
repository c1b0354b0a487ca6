/**
 * Saves a booking: the traveller's from the wizard (guest or customer) or staff's from the back
 * office. The server decides every cost, checks the stay against blockouts, extras and capacity
 * under a lock on the lot, and writes the booking, its extras and its log in one transaction.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { bookingCode, type PublicBookingInput, type StaffBookingInput } from '@parking/domain/booking';
import { staffChargesSubscriptionGaps } from '@parking/domain/booking-form';
import { dropOffHasPassed } from '@parking/domain/booking-wizard';
import { businessDate } from '@parking/domain/dates';
import { formatMoney } from '@parking/domain/money';
import { messages } from '@parking/domain/messages';
import { isStaff, type RequestContext } from '../context';
import { sendBookingEmail } from '../mail/booking-confirmation';
import {
  airlines,
  bookingExtras,
  bookingLogs,
  bookings,
  customers,
  lotRegions,
  lots,
  vehicleTypes,
} from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { faultPoint } from '../faults';
import { resolveCustomer, resolveVehicle } from './booking-parties';
import { mustExist } from './lookups';
import {
  assertCapacity,
  assertStayLimits,
  assertNotBlockedOut,
  assertOnlineFormOpen,
  applicablePromo,
  lockLot,
  priceExtras,
} from './booking-rules';
import { recordStaffMoney } from './ledger';
import { priceStay } from './price-stay';
import { assertSlotRoom } from './slot-load';
import { claimedHold, consumeHold } from './waitlist';

/** Re-exported for routes/ until they import it from db/rows. */
export type { BookingRow } from '../db/rows';

/** What a booking names, as ids: undefined when not given, null when given as none. */
export interface BookingLinks {
  lot?: number | null | undefined;
  vehicleType?: number | null | undefined;
  airlineOut?: number | null | undefined;
  airlineIn?: number | null | undefined;
  customer?: number | null | undefined;
  vehicle?: number | null | undefined;
  lotRegion?: number | null | undefined;
  discount?: number | null | undefined;
  parkedBy?: number | null | undefined;
  /** The extras chosen; undefined when not given (an update keeps the sold extras). */
  extras?: number[] | undefined;
}

/** A new booking: the traveller's fields (staff's too, from the back office) and what it names. */
export interface NewBooking {
  attributes: Omit<PublicBookingInput, 'waitlistToken'> &
    Partial<StaffBookingInput> & { waitlistToken?: string | undefined };
  links: BookingLinks;
}

/** Flights: the departure airline is required; a flight number too unless the airline is "Not flying". */
async function checkFlights(
  ctx: RequestContext,
  airlineOut: number | null | undefined,
  flightNumberOut: string,
) {
  if (airlineOut == null)
    throw errors.invalid(messages.required, '/data/relationships/airlineOut', 'required');
  const [airline] = await ctx.db.select().from(airlines).where(eq(airlines.id, airlineOut));
  if (!airline) throw errors.doesNotExist(airlineOut, '/data/relationships/airlineOut');
  if (airline.name !== 'Not flying' && !flightNumberOut)
    throw errors.invalid(messages.flightNumberRequired, 'flightNumberOut', 'required');
}

async function newBookingCode(ctx: RequestContext): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = bookingCode((size) => randomInt(size));
    const [taken] = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.bookingCode, code))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error('Could not find a free booking code');
}

async function checkRegion(
  ctx: RequestContext,
  lotId: number,
  regionId: number | null | undefined,
  row: number | null | undefined,
) {
  if (regionId == null) return;
  const [region] = await ctx.db
    .select()
    .from(lotRegions)
    .where(and(eq(lotRegions.id, regionId), eq(lotRegions.lotId, lotId)));
  if (!region) throw errors.doesNotExist(regionId, '/data/relationships/lotRegion');
  if (row != null && row > region.rows)
    throw errors.invalid(`Choose a row from 1 to ${region.rows}.`, 'lotRegionRow');
}

export async function createBooking(
  ctx: RequestContext,
  { attributes: input, links: rel }: NewBooking,
): Promise<number> {
  const staff = isStaff(ctx.user);
  const tz = ctx.services.config.timeZone;
  const start = input.startDatetime;
  const end = input.endDatetime;

  if (rel.lot == null) throw errors.invalid(messages.required, '/data/relationships/lot', 'required');
  if (rel.vehicleType == null)
    throw errors.invalid(messages.required, '/data/relationships/vehicleType', 'required');
  await mustExist(ctx, vehicleTypes, rel.vehicleType, 'vehicleType');
  assertStayLimits(ctx, start, end);
  await mustExist(ctx, airlines, rel.airlineIn, 'airlineIn');
  if (!staff) {
    if (businessDate(start, tz) < businessDate(ctx.now, tz))
      throw errors.invalid(messages.dateInFuture, 'startDatetime');
    // Today is allowed, a drop-off time of today that has gone is not (the wizard refuses it first).
    if (dropOffHasPassed(start, ctx.now)) throw errors.invalid(messages.dropOffPassed, 'startDatetime');
    await assertOnlineFormOpen(ctx);
    await assertNotBlockedOut(ctx, start, end);
    await checkFlights(ctx, rel.airlineOut, input.flightNumberOut);
    for (const name of ['lotRegion', 'discount', 'parkedBy'] as const) {
      if (rel[name] != null)
        throw errors.invalid('Only staff can set this.', `/data/relationships/${name}`, 'permission_denied');
    }
  } else {
    await mustExist(ctx, airlines, rel.airlineOut, 'airlineOut');
  }

  const customer = await resolveCustomer(ctx, input, rel.customer);
  const vehicleId = await resolveVehicle(
    ctx,
    customer.id,
    { ...input, vehicleTypeId: rel.vehicleType },
    rel.vehicle,
  );
  const pricedExtras = await priceExtras(ctx, rel.extras ?? [], rel.vehicleType, start, end, staff);

  let discountId: number | null = null;
  let discountRate = '0';
  if (input.promoCode) {
    const discount = await applicablePromo(ctx, input.promoCode, start);
    discountId = discount.id;
    discountRate = discount.rate;
  }
  if (staff && input.discountRate !== undefined) discountRate = input.discountRate;

  // Everything that needs no lock is read before it (the lot's rates, the customer's history, a free
  // booking code), so that the lot stays locked only for the counts and the inserts.
  const [lotRow] = await ctx.db.select().from(lots).where(eq(lots.id, rel.lot));
  if (!lotRow) throw errors.doesNotExist(rel.lot, '/data/relationships/lot');
  const priced = await priceStay(
    ctx.db,
    {
      lot: lotRow,
      start,
      end,
      discountRate,
      extrasCents: pricedExtras.reduce((sum, extra) => sum + extra.cents, 0),
      userId: customer.userId,
      // Days past the subscription's end are charged as a stay of that many days; staff charge them only
      // for a stay that has started (back-office §4: a future stay falls within the renewal).
      calculateGaps: staff ? staffChargesSubscriptionGaps(start, ctx.now) : true,
    },
    { now: ctx.now, timeZone: tz },
  );
  const { costs, money } = priced;
  const hadSubscription = costs.subscriptionDiscount > 0;

  const [previous] = await ctx.db
    .select({
      returning: sql<boolean>`EXISTS (SELECT 1 FROM bookings WHERE customer_id = ${customer.id} AND status = 'complete')`,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.id, customer.id));
  const returning = previous?.returning === true;
  const code = await newBookingCode(ctx);

  // Online bookings wait for payment; a subscriber's free stay is complete at once.
  const free = costs.totalCost === 0 && hadSubscription;
  const status = staff ? (input.status ?? 'complete') : free ? 'complete' : 'pending';
  const paymentStatus = free ? 'paid' : 'unpaid';

  // From here on the lot is locked until commit: count, decide, insert.
  const lot = await lockLot(ctx, rel.lot);
  // A traveller booking from their waitlist link takes the place held for them (and only they may).
  const hold =
    !staff && input.waitlistToken
      ? await claimedHold(ctx, input.waitlistToken, lot.id, start, end)
      : undefined;
  if (staff) await checkRegion(ctx, lot.id, rel.lotRegion, input.lotRegionRow);
  else await assertCapacity(ctx, lot, start, end, undefined, hold?.id);
  // The desk's slots hold for every booking, staff's too: the counter cannot serve more cars at once.
  await assertSlotRoom(ctx, lot, { start, end });

  const [booking] = await ctx.db
    .insert(bookings)
    .values({
      bookingCode: code,
      status,
      paymentStatus,
      bookingType: staff
        ? (input.bookingType ?? (rel.customer != null ? 'Regular' : 'New'))
        : returning
          ? 'Regular - Website'
          : 'New - Website',
      lotId: lot.id,
      lotRegionId: staff ? (rel.lotRegion ?? null) : null,
      lotRegionRow: staff ? (input.lotRegionRow ?? null) : null,
      customerId: customer.id,
      vehicleId,
      vehicleTypeId: rel.vehicleType,
      startDatetime: start,
      endDatetime: end,
      airlineOutId: rel.airlineOut ?? null,
      airlineInId: rel.airlineIn ?? null,
      flightNumberOut: input.flightNumberOut,
      flightNumberIn: input.flightNumberIn,
      busDepartureTime: input.busDepartureTime,
      passengersOut: input.passengersOut,
      passengersIn: input.passengersIn,
      title: input.title,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      // A logged-in customer's booking carries their account email, whatever the form sent.
      email: ctx.user && !staff ? ctx.user.email : (previous?.email ?? customer.email),
      business: input.business,
      rego: input.rego,
      make: input.make,
      model: input.model,
      colour: input.colour,
      parkingCost: money.parkingCost,
      extrasCost: money.extrasCost,
      subscriptionDiscount: money.subscriptionDiscount,
      amountDiscounted: money.amountDiscounted,
      totalCost: money.totalCost,
      discountRate,
      discountId: staff && rel.discount != null ? rel.discount : discountId,
      promoCode: input.promoCode,
      hadSubscription,
      // The money columns follow the ledger (services/ledger.ts): what staff took is recorded below.
      amountPaid: '0.00',
      paymentMethod: staff ? (input.paymentMethod ?? null) : null,
      paymentDatetime: null,
      publicNotes: input.publicNotes,
      notes: staff ? (input.notes ?? '') : '',
      fuelLevel: staff ? (input.fuelLevel ?? '') : '',
      damage: staff ? (input.damage ?? '') : '',
      parkedById: staff ? (rel.parkedBy ?? null) : null,
      timeParked: staff ? (input.timeParked ?? null) : null,
      kilometers: staff ? (input.kilometers ?? null) : null,
      vehicleNotes: staff ? (input.vehicleNotes ?? '') : '',
      createdById: ctx.user?.id ?? null,
      created: ctx.now,
      updated: ctx.now,
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('Booking not created');
  if (hold) await consumeHold(ctx, hold.id, booking.id);
  // Fault tests stop here: the booking row is written, its extras and log are not.
  await faultPoint('booking-save');
  if (pricedExtras.length) {
    await ctx.db.insert(bookingExtras).values(
      pricedExtras.map((extra) => ({
        bookingId: booking.id,
        extraId: extra.id,
        price: formatMoney(extra.cents),
      })),
    );
  }
  if (staff) {
    await recordStaffMoney(
      ctx.db,
      booking.id,
      {
        amountPaid: input.amountPaid,
        paymentDatetime: input.paymentDatetime,
        ...(input.paymentStatus !== undefined ? { paymentStatus: input.paymentStatus } : {}),
      },
      ctx.user?.id ?? null,
      ctx.now,
    );
  }
  await ctx.db.insert(bookingLogs).values({
    bookingId: booking.id,
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    action: 'created',
    info: { source: staff ? 'staff' : 'website', status, paymentStatus, totalCost: money.totalCost },
  });
  // Confirmed already (a subscriber's free stay, a booking staff keyed in): the confirmation goes
  // once the booking is stored. An online booking's goes when its payment succeeds.
  if (status === 'complete') {
    const bookingId = booking.id;
    ctx.defer(() => sendBookingEmail(ctx.services, bookingId, 'confirmation'));
  }
  return booking.id;
}
