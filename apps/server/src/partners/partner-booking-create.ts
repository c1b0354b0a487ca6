/**
 * POST /partner/v1/bookings (issue 42): a partner's booking, through the website's own booking code
 * (bookings/save-booking.ts: references, stay limits, customer and car, pricing; the lot's lock; the slots) and
 * within what the partner may sell (partner-availability.ts: its allotment or the open places, no stop-sell, no
 * closure), counted under the lot's lock. The partner collects the payment: the ledger records an `account`
 * payment of the total, owed by the partner. The booking names its channel (bookings.partner_id).
 *
 * Idempotent by the Idempotency-Key header: the key is claimed with the partner in partner_booking_requests (a
 * unique index) in the booking's own transaction, so a retry is answered the first answer, a concurrent retry
 * waits on the index for the first to commit and then replays it, and the same key with another body is refused
 * (422 idempotency_key_reused). A refusal (no places, a bad field) stores nothing: a retry is decided afresh.
 *
 * A sandbox partner's booking runs the same code in a transaction that is rolled back: checked, counted and
 * priced, never saved, answered `sandbox: true`.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { dropOffHasPassed } from '@parking/domain/booking-wizard';
import { businessDate } from '@parking/domain/dates';
import { DomainError } from '@parking/domain/errors';
import { messages } from '@parking/domain/messages';
import { parseMoney } from '@parking/domain/money';
import {
  IDEMPOTENCY_KEY_MAX,
  partnerBookingCreateSchema,
  partnerBookingDocument,
  partnerBookingMessages,
  type PartnerBookingCreate,
  type PartnerBookingResponse,
} from '@parking/domain/partner-bookings';
import { partnerMessages } from '@parking/domain/partners';
import type { RequestContext } from '../context';
import { lots, partnerBookingRequests, vehicleTypes } from '../db/schema/index';
import { errors, parseWith } from '../jsonapi/errors';
import { moveOnAccount, syncBookingMoney } from '../payments/ledger';
import { assertSlotRoom } from '../pricing/slot-load';
import { assertNotBlockedOutBy, lockLot } from '../bookings/booking-rules';
import { prepareBooking, readReferences, saveBooking, type NewBooking } from '../bookings/save-booking';
import type { PartnerContext } from './partner-auth';
import { partnerAvailability } from './partner-availability';
import { partnerBookingAnswer, readPartnerBooking } from './partner-booking-read';

export interface PartnerAnswer {
  status: number;
  body: PartnerBookingResponse;
  /** Answered from an earlier request with the same key. */
  replayed: boolean;
}

/** The header's key, or the refusal. */
export function idempotencyKeyOf(header: unknown): string {
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX)
    throw new DomainError('idempotency_key_missing', partnerBookingMessages.idempotencyKeyMissing);
  return key;
}

/** JSON with its object keys sorted: the same body however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const requestHashOf = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

const UNAVAILABLE = {
  stop_sell: partnerMessages.stopSell,
  closed: partnerMessages.closed,
  slot_full: messages.lotFull,
  full: partnerMessages.noPlaces,
} as const;

/** The website's booking of the partner's stay, in `ctx`'s transaction: the saved booking's id. */
async function bookInTransaction(ctx: PartnerContext, input: PartnerBookingCreate): Promise<number> {
  const tz = ctx.services.config.timeZone;
  const { start, end } = input;
  const [lot] = await ctx.db.select({ id: lots.id }).from(lots).where(eq(lots.slug, input.lot)).limit(1);
  if (!lot) throw errors.invalid(partnerBookingMessages.unknownLot(input.lot), 'lot');
  // A partner names no vehicle type: the car park's first (its cars).
  const [vehicleType] = await ctx.db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .orderBy(asc(vehicleTypes.id))
    .limit(1);
  const booking: NewBooking = {
    attributes: {
      title: input.title,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber,
      business: '',
      rego: input.rego,
      make: input.make,
      model: input.model,
      colour: input.colour,
      startDatetime: start,
      endDatetime: end,
      flightNumberOut: input.flightNumberOut,
      flightNumberIn: input.flightNumberIn,
      busDepartureTime: null,
      passengersOut: input.passengersOut,
      passengersIn: input.passengersIn,
      promoCode: '',
      publicNotes: '',
    },
    links: { lot: lot.id, vehicleType: vehicleType?.id ?? null },
  };
  const referenced = await readReferences(ctx, booking);
  if (businessDate(start, tz) < businessDate(ctx.now, tz))
    throw new DomainError('invalid', messages.dateInFuture, { field: 'start' });
  if (dropOffHasPassed(start, ctx.now))
    throw new DomainError('invalid', messages.dropOffPassed, { field: 'start' });
  assertNotBlockedOutBy(referenced.refs.parkingBlockouts, start, end);
  const prepared = await prepareBooking(ctx, booking, referenced, {
    staff: false,
    discountRate: undefined,
    calculateGaps: true,
  });
  // From here on the lot is locked until commit: what the partner may sell is counted, then the booking saved.
  const locked = await lockLot(ctx, lot.id);
  const answer = await partnerAvailability(ctx, ctx.partner.id, locked, { start, end });
  if (!answer.available)
    throw new DomainError('partner_unavailable', UNAVAILABLE[answer.reason ?? 'full'], { field: 'start' });
  await assertSlotRoom(ctx, locked, { start, end });
  const saved = await saveBooking(
    ctx,
    prepared,
    locked,
    {
      status: 'complete',
      bookingType: prepared.customer.returning ? 'Regular' : 'New',
      email: prepared.customer.savedEmail,
      discountId: null,
      partnerId: ctx.partner.id,
    },
    'partner',
    input.notifyCustomer,
  );
  // The partner took the traveller's money: it owes the car park the total, on account.
  const totalCents = parseMoney(saved.totalCost);
  if (totalCents > 0) {
    await moveOnAccount(ctx.db, {
      bookingId: saved.id,
      cents: totalCents,
      key: `partner-booking:${saved.id}`,
      now: ctx.now,
      note: `Owed by ${ctx.partner.name}`,
    });
    await syncBookingMoney(ctx.db, saved.id);
  }
  return saved.id;
}

/** The answer stored for the partner's key: replayed when the body is the same, refused when it is not. */
async function storedAnswer(
  ctx: RequestContext,
  partnerId: number,
  key: string,
  requestHash: string,
): Promise<PartnerAnswer | undefined> {
  const [row] = await ctx.db
    .select()
    .from(partnerBookingRequests)
    .where(
      and(eq(partnerBookingRequests.partnerId, partnerId), eq(partnerBookingRequests.idempotencyKey, key)),
    )
    .limit(1);
  if (!row) return undefined;
  if (row.requestHash !== requestHash)
    throw new DomainError('idempotency_key_reused', partnerBookingMessages.idempotencyKeyReused);
  return { status: row.responseStatus, body: row.response as PartnerBookingResponse, replayed: true };
}

/** Rolls a sandbox booking's transaction back, carrying its answer out. */
class SandboxRollback extends Error {
  constructor(readonly answer: PartnerBookingResponse) {
    super('sandbox booking rolled back');
  }
}

export async function createPartnerBooking(
  ctx: PartnerContext,
  key: string,
  body: unknown,
): Promise<PartnerAnswer> {
  const input = parseWith(partnerBookingDocument(partnerBookingCreateSchema), body, '').data.attributes;
  const requestHash = requestHashOf(body);
  const partnerId = ctx.partner.id;
  const claim = (db: RequestContext['db'], response: PartnerBookingResponse, bookingId: number | null) =>
    db
      .insert(partnerBookingRequests)
      .values({
        partnerId,
        idempotencyKey: key,
        requestHash,
        bookingId,
        responseStatus: 201,
        response,
        created: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: partnerBookingRequests.id });

  if (ctx.partner.status === 'sandbox') {
    const earlier = await storedAnswer(ctx, partnerId, key, requestHash);
    if (earlier) return earlier;
    let answer: PartnerBookingResponse | undefined;
    try {
      await ctx.services.database.transaction(async (db) => {
        const tx: PartnerContext = { ...ctx, db, defer: () => undefined };
        const id = await bookInTransaction(tx, input);
        const saved = await readPartnerBooking(tx, { id });
        throw new SandboxRollback(partnerBookingAnswer(saved, { sandbox: true }));
      });
    } catch (error) {
      if (!(error instanceof SandboxRollback)) throw error;
      answer = error.answer;
    }
    if (!answer) throw new Error('sandbox booking gave no answer');
    const stored = answer;
    const claimed = await claim(ctx.db, stored, null);
    if (claimed.length) return { status: 201, body: stored, replayed: false };
    return (
      (await storedAnswer(ctx, partnerId, key, requestHash)) ?? { status: 201, body: stored, replayed: false }
    );
  }

  const database = ctx.services.database;
  const jobs: Array<() => Promise<void>> = [];
  const outcome = await database.transaction(async (db): Promise<PartnerAnswer> => {
    const tx: PartnerContext = { ...ctx, db, defer: (job) => jobs.push(job) };
    // The key first: a concurrent request with it waits here until this one commits (or rolls back).
    const placeholder = {
      data: { type: 'bookings', id: '', attributes: {} },
    } as unknown as PartnerBookingResponse;
    const claimed = await claim(db, placeholder, null);
    if (!claimed.length) {
      const earlier = await storedAnswer(tx, partnerId, key, requestHash);
      if (earlier) return earlier;
      throw new Error('idempotency key neither claimed nor found');
    }
    const id = await bookInTransaction(tx, input);
    const answer = partnerBookingAnswer(await readPartnerBooking(tx, { id }), { sandbox: false });
    await db
      .update(partnerBookingRequests)
      .set({ bookingId: id, response: answer })
      .where(eq(partnerBookingRequests.id, claimed[0]?.id ?? 0));
    return { status: 201, body: answer, replayed: false };
  });
  if (!outcome.replayed) ctx.writes.committed = true;
  for (const job of jobs) ctx.defer(job);
  return outcome;
}
