/**
 * Saves a booking: the traveller's from the wizard (guest or customer) or staff's from the back
 * office. The server decides every cost, checks the stay against blockouts, extras and capacity
 * under a lock on the lot, and writes the booking, its extras and its log in one transaction.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { bookingCode, type PublicBookingInput, type StaffBookingInput } from '@parking/domain/booking';
import { staffChargesSubscriptionGaps } from '@parking/domain/booking-form';
import { dropOffHasPassed } from '@parking/domain/booking-wizard';
import { businessDate } from '@parking/domain/dates';
import { formatMoney } from '@parking/domain/money';
import { messages } from '@parking/domain/messages';
import { isStaff, type RequestContext } from '../context';
import { enqueue } from '../db/job-queue';
import { bookingExtras, bookingLogs, bookings, lotRegions } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { faultPoint } from '../faults';
import { resolveCustomer, resolveVehicle } from './booking-parties';
import { doesNotExist } from './relationship-lookups';
import { loadBookingReferences, type BookingReferences } from './booking-references';
import {
  assertCapacity,
  assertNoFormBlockout,
  assertNotBlockedOutBy,
  assertStayLimits,
  applicablePromo,
  lockLot,
  lockLotAndCountStay,
  priceExtras,
  type PricedExtra,
} from './booking-rules';
import { countAfterCommit, recordStaffMoney } from '../payments/ledger';
import { rememberSavedBooking } from '../payments/online-payment';
import { priceStay } from '../pricing/price-stay';
import { assertSlotRoom } from '../pricing/slot-load';
import { claimedHold, consumeHold } from '../waitlist/waitlist';

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
function checkFlights(
  refs: BookingReferences,
  airlineOut: number | null | undefined,
  flightNumberOut: string,
) {
  if (airlineOut == null)
    throw new DomainError('required', messages.required, { relationship: 'airlineOut' });
  if (!refs.airlineOut) throw DomainError.doesNotExist('airlineOut', airlineOut);
  if (refs.airlineOut.name !== 'Not flying' && !flightNumberOut)
    throw new DomainError('required', messages.flightNumberRequired, { field: 'flightNumberOut' });
}

const newBookingCode = () => bookingCode((size) => randomInt(size));

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
  if (!region) throw DomainError.doesNotExist('lotRegion', regionId);
  if (row != null && row > region.rows)
    throw new DomainError('invalid', `Choose a row from 1 to ${region.rows}.`, { field: 'lotRegionRow' });
}

export async function createBooking(
  ctx: RequestContext,
  { attributes: input, links: rel }: NewBooking,
): Promise<number> {
  const staff = isStaff(ctx.user);
  const tz = ctx.services.config.timeZone;
  const start = input.startDatetime;
  const end = input.endDatetime;

  if (rel.lot == null) throw new DomainError('required', messages.required, { relationship: 'lot' });
  if (rel.vehicleType == null)
    throw new DomainError('required', messages.required, { relationship: 'vehicleType' });
  // Everything the checks below read, and the lot with its rates, in one statement (the refusals keep
  // their order: each check reads from it where it used to ask the database).
  const refs = await loadBookingReferences(ctx.db, {
    lotId: rel.lot,
    vehicleTypeId: rel.vehicleType,
    airlineInId: rel.airlineIn,
    airlineOutId: rel.airlineOut,
    start,
    end,
    startDate: businessDate(start, tz),
    endDate: businessDate(end, tz),
    now: ctx.now,
  });
  if (!refs.vehicleTypeFound) throw doesNotExist('vehicleType', rel.vehicleType);
  assertStayLimits(ctx, start, end);
  if (!refs.airlineInFound) throw doesNotExist('airlineIn', rel.airlineIn ?? '');
  if (!staff) {
    if (businessDate(start, tz) < businessDate(ctx.now, tz))
      throw new DomainError('invalid', messages.dateInFuture, { field: 'startDatetime' });
    // Today is allowed, a drop-off time of today that has gone is not (the wizard refuses it first).
    if (dropOffHasPassed(start, ctx.now))
      throw new DomainError('invalid', messages.dropOffPassed, { field: 'startDatetime' });
    assertNoFormBlockout(refs.formBlockout);
    assertNotBlockedOutBy(refs.parkingBlockouts, start, end);
    checkFlights(refs, rel.airlineOut, input.flightNumberOut);
    for (const name of ['lotRegion', 'discount', 'parkedBy'] as const) {
      if (rel[name] != null)
        throw new DomainError('staff_only', 'Only staff can set this.', { relationship: name });
    }
  } else if (rel.airlineOut != null && !refs.airlineOut) {
    throw doesNotExist('airlineOut', rel.airlineOut);
  }

  const vehicle = { ...input, vehicleTypeId: rel.vehicleType };
  // A customer created for this booking gets its car in the same statement (when it names no saved one).
  const customer = await resolveCustomer(ctx, input, rel.customer, rel.vehicle == null ? vehicle : undefined);
  const vehicleId =
    customer.vehicleId ?? (await resolveVehicle(ctx, customer.id, vehicle, rel.vehicle, customer.created));
  const pricedExtras = await priceExtras(ctx, rel.extras ?? [], rel.vehicleType, start, end, staff);

  let discountId: number | null = null;
  let discountRate = '0';
  if (input.promoCode) {
    const discount = await applicablePromo(ctx, input.promoCode, start);
    discountId = discount.id;
    discountRate = discount.rate;
  }
  if (staff && input.discountRate !== undefined) discountRate = input.discountRate;

  // Everything that needs no lock is read before it (the lot's rates, the customer's history), so that
  // the lot stays locked only for the counts and the inserts.
  const lotRow = refs.lot;
  if (!lotRow) throw DomainError.doesNotExist('lot', rel.lot);
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
      held: refs.pricing,
    },
    { now: ctx.now, timeZone: tz },
  );
  const { costs, money } = priced;
  const hadSubscription = costs.subscriptionDiscount > 0;

  // Online bookings wait for payment; a subscriber's free stay is complete at once.
  const free = costs.totalCost === 0 && hadSubscription;
  const status = staff ? (input.status ?? 'complete') : free ? 'complete' : 'pending';
  const paymentStatus = free ? 'paid' : 'unpaid';

  // From here on the lot is locked until commit: count, decide, insert. An online booking (the many) sends its
  // count with the lock; staff check the region instead, and a waitlist hold is found before counting.
  const online = !staff && !input.waitlistToken;
  const lot = online ? await lockLotAndCountStay(ctx, rel.lot, start, end) : await lockLot(ctx, rel.lot);
  // A traveller booking from their waitlist link takes the place held for them (and only they may).
  const hold =
    !staff && input.waitlistToken
      ? await claimedHold(ctx, input.waitlistToken, lot.id, start, end)
      : undefined;
  if (staff) await checkRegion(ctx, lot.id, rel.lotRegion, input.lotRegionRow);
  else if (!online) await assertCapacity(ctx, lot, start, end, undefined, hold?.id);
  // The desk's slots hold for every booking, staff's too: the counter cannot serve more cars at once.
  await assertSlotRoom(ctx, lot, { start, end });

  const row = {
    status,
    paymentStatus,
    bookingType: staff
      ? (input.bookingType ?? (rel.customer != null ? 'Regular' : 'New'))
      : customer.returning
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
    email: ctx.user && !staff ? ctx.user.email : customer.savedEmail,
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
    // The money columns follow the ledger (payments/ledger.ts): what staff took is recorded below.
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
  } satisfies Omit<typeof bookings.$inferInsert, 'bookingCode'>;
  const log = {
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    info: { source: staff ? 'staff' : 'website', status, paymentStatus, totalCost: money.totalCost },
  };
  // The booking, its extras and its log in one statement (the lot is locked meanwhile). A booking code
  // already taken (one in hundreds of billions) inserts nothing, and the next code is tried.
  let bookingId: number | undefined;
  let code = '';
  for (let attempt = 0; bookingId === undefined && attempt < 10; attempt += 1) {
    code = newBookingCode();
    bookingId = await insertBooking(ctx, { ...row, bookingCode: code }, pricedExtras, log);
  }
  if (bookingId === undefined) throw new Error('Could not find a free booking code');
  // Fault tests stop here: the booking's rows are written, the transaction is not committed.
  await faultPoint('booking-save');
  if (hold) await consumeHold(ctx, hold.id, bookingId);
  if (staff) {
    const moved = await recordStaffMoney(
      ctx.db,
      bookingId,
      {
        amountPaid: input.amountPaid,
        paymentDatetime: input.paymentDatetime,
        ...(input.paymentStatus !== undefined ? { paymentStatus: input.paymentStatus } : {}),
      },
      ctx.user?.id ?? null,
      ctx.now,
    );
    countAfterCommit(ctx, moved);
  }
  // Its payment is opened once this commits (bookings/bookings-resource.ts afterCreate): as saved, not read again.
  if (!staff)
    rememberSavedBooking(ctx, {
      id: bookingId,
      status: row.status,
      totalCost: row.totalCost,
      amountPaid: row.amountPaid,
      bookingCode: code,
      email: row.email,
    });
  // Confirmed already (a subscriber's free stay, a booking staff keyed in): the confirmation goes
  // once the booking is stored. An online booking's goes when its payment succeeds.
  if (status === 'complete') {
    await enqueue(ctx.db, { kind: 'booking-email', bookingId, email: 'confirmation', to: row.email });
  }
  ctx.defer(async () => ctx.services.metrics?.booking('created'));
  return bookingId;
}

/**
 * Inserts a booking with its extras and its 'created' log in one statement (data-modifying WITH): under
 * the lot's lock, every round trip is time every other booking of the lot waits. Answers the booking's id,
 * or undefined when its code is taken (nothing is inserted then).
 */
async function insertBooking(
  ctx: RequestContext,
  row: typeof bookings.$inferInsert,
  extras: readonly PricedExtra[],
  log: { userId: number | null; timestamp: Date; info: Record<string, string> },
): Promise<number | undefined> {
  const saved = ctx.db
    .insert(bookings)
    .values(row)
    .onConflictDoNothing({ target: bookings.bookingCode })
    .returning({ id: bookings.id });
  const savedExtras = extras.length
    ? sql`, saved_extras AS (
        INSERT INTO ${bookingExtras} (booking_id, extra_id, price)
        SELECT saved.id, chosen.extra_id, chosen.price
          FROM saved CROSS JOIN (VALUES ${sql.join(
            extras.map((extra) => sql`(${extra.id}::int, ${formatMoney(extra.cents)}::numeric)`),
            sql`, `,
          )}) AS chosen (extra_id, price))`
    : sql``;
  const [inserted] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
      WITH saved AS (${saved.getSQL()})${savedExtras},
      logged AS (
        INSERT INTO ${bookingLogs} (booking_id, user_id, timestamp, action, info)
        SELECT saved.id, ${log.userId}::int, ${log.timestamp.toISOString()}::timestamptz, 'created', ${JSON.stringify(log.info)}::jsonb
          FROM saved)
      SELECT id FROM saved`),
  );
  return inserted ? Number(inserted.id) : undefined;
}
