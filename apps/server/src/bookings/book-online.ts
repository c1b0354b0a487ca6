/**
 * The online booking (the wizard's: a guest's or a customer's), one use case from the form to the card payment:
 * checked against the public site's rules, saved in one transaction under its lot's lock with the place counted
 * (or the waitlist place held for it taken); then, once that has committed, its card payment opened: a network call
 * never holds the lot's lock. Its confirmation goes through the job queue when the payment succeeds
 * (payments/payment-events.ts), or at once for a subscriber's free stay (saveBooking).
 */
import { dropOffHasPassed } from '@parking/domain/booking-wizard';
import { businessDate } from '@parking/domain/dates';
import { DomainError } from '@parking/domain/errors';
import { messages } from '@parking/domain/messages';
import { inTransaction, type RequestContext } from '../context';
import { countUnpaidHold, createIntentOf, linkIntent } from '../payments/online-payment';
import { claimedHold, consumeHold } from '../waitlist/waitlist';
import { assertSlotRoom } from '../pricing/slot-load';
import { bookingFields, type BookingListRow } from './booking-read';
import type { BookingReferences } from './booking-references';
import {
  assertCapacity,
  assertNoFormBlockout,
  assertNotBlockedOutBy,
  lockLot,
  lockLotAndCountStay,
} from './booking-rules';
import {
  prepareBooking,
  readReferences,
  saveBooking,
  type NewBooking,
  type SavedBooking,
} from './save-booking';

/** The online booking, saved: its id, its card payment's client secret, and the booking as a read of it gives it. */
export interface BookedOnline {
  id: number;
  /** null when it owes nothing, or when the provider could not open the payment (the wizard says so). */
  clientSecret: string | null;
  /** The booking as `bookingFields` reads it, after its payment was linked (none when no payment was opened). */
  row: BookingListRow | undefined;
}

export async function bookOnline(ctx: RequestContext, booking: NewBooking): Promise<BookedOnline> {
  const saved = await inTransaction(ctx, (tx) => saveOnline(tx, booking));
  // The hold is counted while the provider opens the payment: neither waits for the other. The statement that
  // links the intent answers the booking as a read would (the same fields, after the link), so the 201 is not
  // read again: under a load of bookings the server and the database are bound by CPU, and that read (sixty
  // columns and two subqueries, built, planned and mapped) was about a tenth of each one's time per booking.
  const [, opened] = await Promise.all([
    countUnpaidHold(ctx, saved),
    openPayment(ctx, saved).catch((error: unknown) => {
      console.error('Could not open the payment of booking', saved.id, error);
      return { clientSecret: null, row: undefined };
    }),
  ]);
  return { id: saved.id, ...opened };
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

/** The booking's checks and its one write, in the transaction. */
async function saveOnline(ctx: RequestContext, booking: NewBooking): Promise<SavedBooking> {
  const { attributes: input, links } = booking;
  const tz = ctx.services.config.timeZone;
  const { startDatetime: start, endDatetime: end } = input;
  const referenced = await readReferences(ctx, booking);
  const { refs } = referenced;
  if (businessDate(start, tz) < businessDate(ctx.now, tz))
    throw new DomainError('invalid', messages.dateInFuture, { field: 'startDatetime' });
  // Today is allowed, a drop-off time of today that has gone is not (the wizard refuses it first).
  if (dropOffHasPassed(start, ctx.now))
    throw new DomainError('invalid', messages.dropOffPassed, { field: 'startDatetime' });
  assertNoFormBlockout(refs.formBlockout);
  assertNotBlockedOutBy(refs.parkingBlockouts, start, end);
  checkFlights(refs, links.airlineOut, input.flightNumberOut);
  for (const name of ['lotRegion', 'discount', 'parkedBy'] as const) {
    if (links[name] != null)
      throw new DomainError('staff_only', 'Only staff can set this.', { relationship: name });
  }
  const prepared = await prepareBooking(ctx, booking, referenced, {
    staff: false,
    discountRate: undefined,
    calculateGaps: true,
  });

  // From here on the lot is locked until commit: count, decide, insert. A booking (the many) sends its count with
  // the lock; one from a waitlist link finds the place held for it first (and only its holder may take it).
  const waitlisted = !!input.waitlistToken;
  const lot = waitlisted
    ? await lockLot(ctx, referenced.lotId)
    : await lockLotAndCountStay(ctx, referenced.lotId, start, end);
  const hold = input.waitlistToken
    ? await claimedHold(ctx, input.waitlistToken, lot.id, start, end)
    : undefined;
  if (waitlisted) await assertCapacity(ctx, lot, start, end, undefined, hold?.id);
  // The desk's slots hold for every booking: the counter cannot serve more cars at once.
  await assertSlotRoom(ctx, lot, { start, end });
  const saved = await saveBooking(
    ctx,
    prepared,
    lot,
    {
      // Online bookings wait for payment; a subscriber's free stay is complete at once.
      status: prepared.free ? 'complete' : 'pending',
      bookingType: prepared.customer.returning ? 'Regular - Website' : 'New - Website',
      // A logged-in customer's booking carries their account email, whatever the form sent.
      email: ctx.user ? ctx.user.email : prepared.customer.savedEmail,
      discountId: prepared.discountId,
    },
    'website',
  );
  if (hold) await consumeHold(ctx, hold.id, saved.id);
  return saved;
}

/**
 * The booking's card payment (a provider payment intent for what it owes, linked in one statement that answers the
 * booking as a read of it would), or nothing when it owes nothing.
 */
async function openPayment(
  ctx: RequestContext,
  saved: SavedBooking,
): Promise<{ clientSecret: string | null; row: BookingListRow | undefined }> {
  const intent = await createIntentOf(ctx, saved);
  if (!intent) return { clientSecret: null, row: undefined };
  const [row] = await linkIntent(ctx, saved.id, intent).returning(bookingFields);
  return { clientSecret: intent.clientSecret, row };
}
