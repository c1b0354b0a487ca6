/**
 * What every new booking does, whoever makes it (the online booking, book-online.ts; the desk's, book-at-desk.ts):
 * its references read and checked, its customer, vehicle, extras and promo code resolved and its stay priced by the
 * domain's rules (readReferences, prepareBooking); then, under its lot's lock once the use case has counted what it
 * must, the one write (saveBooking): the booking, its extras and its log in one statement under a fresh code, its
 * confirmation queued when it is confirmed already. The server decides every cost.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bookingCode, type PublicBookingInput, type StaffBookingInput } from '@parking/domain/booking';
import { businessDate } from '@parking/domain/dates';
import { DomainError } from '@parking/domain/errors';
import { messages } from '@parking/domain/messages';
import { formatMoney } from '@parking/domain/money';
import type { RequestContext } from '../context';
import { rowsOf } from '../db/client';
import { enqueue } from '../db/job-queue';
import { bookingExtras, bookingLogs, bookings } from '../db/schema/index';
import { faultPoint } from '../faults';
import type { PayableBooking } from '../payments/online-payment';
import { priceStay, type PricedStay } from '../pricing/price-stay';
import { resolveCustomer, resolveVehicle, type ResolvedCustomer } from './booking-parties';
import { loadBookingReferences, type BookingReferences } from './booking-references';
import {
  applicablePromo,
  assertStayLimits,
  priceExtras,
  type LotRow,
  type PricedExtra,
} from './booking-rules';
import { doesNotExist } from './relationship-lookups';

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

/** A booking's references, read in one statement and checked (the lot and vehicle type it must name). */
export interface Referenced {
  refs: BookingReferences;
  lotId: number;
  vehicleTypeId: number;
}

/** The checks every booking passes first, in this order: what it names, then the stay's limits. */
export async function readReferences(
  ctx: RequestContext,
  { attributes: input, links }: NewBooking,
): Promise<Referenced> {
  const tz = ctx.services.config.timeZone;
  const { startDatetime: start, endDatetime: end } = input;
  if (links.lot == null) throw new DomainError('required', messages.required, { relationship: 'lot' });
  if (links.vehicleType == null)
    throw new DomainError('required', messages.required, { relationship: 'vehicleType' });
  // Everything the checks read, and the lot with its rates, in one statement (the refusals keep their order:
  // each check reads from it where it used to ask the database).
  const refs = await loadBookingReferences(ctx.db, {
    lotId: links.lot,
    vehicleTypeId: links.vehicleType,
    airlineInId: links.airlineIn,
    airlineOutId: links.airlineOut,
    start,
    end,
    startDate: businessDate(start, tz),
    endDate: businessDate(end, tz),
    now: ctx.now,
  });
  if (!refs.vehicleTypeFound) throw doesNotExist('vehicleType', links.vehicleType);
  assertStayLimits(ctx, start, end);
  if (!refs.airlineInFound) throw doesNotExist('airlineIn', links.airlineIn ?? '');
  return { refs, lotId: links.lot, vehicleTypeId: links.vehicleType };
}

/** A booking checked and priced, ready to be saved once its lot is locked. */
export interface PreparedBooking {
  booking: NewBooking;
  /** The lot named, as read before its lock (its rates priced the stay). */
  lot: LotRow;
  vehicleTypeId: number;
  customer: ResolvedCustomer;
  vehicleId: number;
  extras: PricedExtra[];
  /** The promo code's discount, when one was given. */
  discountId: number | null;
  discountRate: string;
  priced: PricedStay;
  hadSubscription: boolean;
  /** A subscriber's stay that costs nothing: paid, and confirmed at once. */
  free: boolean;
}

/**
 * The booking's customer and car (found, or created with it), its extras priced, its promo code applied, and its
 * stay priced, all before the lot is locked: the lot stays locked only for the counts and the inserts.
 */
export async function prepareBooking(
  ctx: RequestContext,
  booking: NewBooking,
  { refs, lotId, vehicleTypeId }: Referenced,
  rules: {
    /** Staff may sell an extra the website would not. */
    staff: boolean;
    /** Staff's own rate, over the promo code's. */
    discountRate?: string | undefined;
    /** Days past a subscription's end charged as a stay of that many days. */
    calculateGaps: boolean;
  },
): Promise<PreparedBooking> {
  const { attributes: input, links } = booking;
  const { startDatetime: start, endDatetime: end } = input;
  const vehicle = { ...input, vehicleTypeId };
  // A customer created for this booking gets its car in the same statement (when it names no saved one).
  const customer = await resolveCustomer(
    ctx,
    input,
    links.customer,
    links.vehicle == null ? vehicle : undefined,
  );
  const vehicleId =
    customer.vehicleId ?? (await resolveVehicle(ctx, customer.id, vehicle, links.vehicle, customer.created));
  const extras = await priceExtras(ctx, links.extras ?? [], vehicleTypeId, start, end, rules.staff);

  let discountId: number | null = null;
  let discountRate = '0';
  if (input.promoCode) {
    const discount = await applicablePromo(ctx, input.promoCode, start);
    discountId = discount.id;
    discountRate = discount.rate;
  }
  if (rules.discountRate !== undefined) discountRate = rules.discountRate;

  const lot = refs.lot;
  if (!lot) throw doesNotExist('lot', lotId);
  const priced = await priceStay(
    ctx.db,
    {
      lot,
      start,
      end,
      discountRate,
      extrasCents: extras.reduce((sum, extra) => sum + extra.cents, 0),
      userId: customer.userId,
      calculateGaps: rules.calculateGaps,
      held: refs.pricing,
    },
    { now: ctx.now, timeZone: ctx.services.config.timeZone },
  );
  const hadSubscription = priced.costs.subscriptionDiscount > 0;
  return {
    booking,
    lot,
    vehicleTypeId,
    customer,
    vehicleId,
    extras,
    discountId,
    discountRate,
    priced,
    hadSubscription,
    free: priced.costs.totalCost === 0 && hadSubscription,
  };
}

type BookingInsert = typeof bookings.$inferInsert;

/** The columns a use case decides (the desk's check-in record and money are staff's alone; the website's are empty). */
export type OwnColumns = { [K in 'status' | 'bookingType' | 'email']: NonNullable<BookingInsert[K]> } & Pick<
  BookingInsert,
  'discountId'
> &
  Partial<
    Pick<
      BookingInsert,
      | 'lotRegionId'
      | 'lotRegionRow'
      | 'paymentMethod'
      | 'notes'
      | 'fuelLevel'
      | 'damage'
      | 'parkedById'
      | 'timeParked'
      | 'kilometers'
      | 'vehicleNotes'
      | 'partnerId'
    >
  >;

/** A saved booking, as opening its payment reads it (it is not read again). */
export type SavedBooking = PayableBooking;

const newBookingCode = () => bookingCode((size) => randomInt(size));

/**
 * The one write of a new booking, run under its lot's lock (`lot`, locked): the booking, its extras and its
 * 'created' log; its confirmation queued when it is confirmed already (a subscriber's free stay, a booking staff
 * keyed in; an online booking's goes when its payment succeeds).
 */
export async function saveBooking(
  ctx: RequestContext,
  prepared: PreparedBooking,
  lot: LotRow,
  own: OwnColumns,
  source: 'website' | 'staff' | 'partner',
  /** false: no confirmation is queued (a partner that sends its own). */
  notify = true,
): Promise<SavedBooking> {
  const { attributes: input, links } = prepared.booking;
  const { money } = prepared.priced;
  const paymentStatus = prepared.free ? 'paid' : 'unpaid';
  const row = {
    lotRegionId: null,
    lotRegionRow: null,
    paymentMethod: null,
    notes: '',
    fuelLevel: '',
    damage: '',
    parkedById: null,
    timeParked: null,
    kilometers: null,
    vehicleNotes: '',
    ...own,
    paymentStatus,
    lotId: lot.id,
    customerId: prepared.customer.id,
    vehicleId: prepared.vehicleId,
    vehicleTypeId: prepared.vehicleTypeId,
    startDatetime: input.startDatetime,
    endDatetime: input.endDatetime,
    airlineOutId: links.airlineOut ?? null,
    airlineInId: links.airlineIn ?? null,
    flightNumberOut: input.flightNumberOut,
    flightNumberIn: input.flightNumberIn,
    busDepartureTime: input.busDepartureTime,
    passengersOut: input.passengersOut,
    passengersIn: input.passengersIn,
    title: input.title,
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber,
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
    discountRate: prepared.discountRate,
    promoCode: input.promoCode,
    hadSubscription: prepared.hadSubscription,
    // The money columns follow the ledger (payments/ledger.ts): what staff took is recorded after the save.
    amountPaid: '0.00',
    paymentDatetime: null,
    publicNotes: input.publicNotes,
    createdById: ctx.user?.id ?? null,
    created: ctx.now,
    updated: ctx.now,
  } satisfies Omit<BookingInsert, 'bookingCode'>;
  const log = {
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    info: { source, status: row.status, paymentStatus, totalCost: money.totalCost },
  };
  // The booking, its extras and its log in one statement (the lot is locked meanwhile). A booking code
  // already taken (one in hundreds of billions) inserts nothing, and the next code is tried.
  let id: number | undefined;
  let code = '';
  for (let attempt = 0; id === undefined && attempt < 10; attempt += 1) {
    code = newBookingCode();
    id = await insertBooking(ctx, { ...row, bookingCode: code }, prepared.extras, log);
  }
  if (id === undefined) throw new Error('Could not find a free booking code');
  // Fault tests stop here: the booking's rows are written, the transaction is not committed.
  await faultPoint('booking-save');
  if (row.status === 'complete' && notify) {
    await enqueue(ctx.db, { kind: 'booking-email', bookingId: id, email: 'confirmation', to: row.email });
  }
  ctx.defer(async () => ctx.services.metrics?.booking('created'));
  return {
    id,
    status: row.status,
    totalCost: row.totalCost,
    amountPaid: row.amountPaid,
    bookingCode: code,
    email: row.email,
  };
}

/**
 * Inserts a booking with its extras and its 'created' log in one statement (data-modifying WITH): under
 * the lot's lock, every round trip is time every other booking of the lot waits. Answers the booking's id,
 * or undefined when its code is taken (nothing is inserted then).
 */
async function insertBooking(
  ctx: RequestContext,
  row: BookingInsert,
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
