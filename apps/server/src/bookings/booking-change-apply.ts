/**
 * A traveller's change made (bookings/booking-changes.ts plans and checks it): at once when it costs no
 * more than was paid, or held with its added days until its difference is paid (applyPaidChange).
 */
import { and, eq } from 'drizzle-orm';
import { businessDate } from '@parking/domain/dates';
import {
  addedDaySpans,
  manageMessages,
  type BookingChangeInput,
  type DateSpan,
} from '@parking/domain/manage-booking';
import type { SlotField } from '@parking/domain/slots';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { type RequestContext } from '../context';
import type { Executor } from '../db/client';
import { bookingChanges, bookingExtras, bookingLogs, bookings, lots } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { lockLot, type LotRow, type PricedExtra } from './booking-rules';
import type { BookingRow } from '../db/rows';
import { moveOnAccount, syncBookingMoney } from '../payments/ledger';
import { offerFreedPlaces } from '../waitlist/waitlist';
import { refundDue } from '../payments/booking-refunds';
import { flightResetFor } from '../flights/flight-delays';
import { slotProblems } from '../pricing/slot-load';
import { extensionOf, handedBack, stayExtended } from './stay-extension';

import {
  movedTimes,
  roomFor,
  manageableBooking,
  planChange,
  type ChangePlan,
  type ChangeRelationships,
} from './booking-changes';
import { queueWalletPassUpdate } from '../wallet/wallet-queue';

export interface AppliedChange {
  plan: ChangePlan;
  /** The change's log entry, when it was applied at once (nothing more to pay). */
  logId: number | null;
  /** A change that costs more waits for its payment (booking_changes), holding the days it adds. */
  pendingChangeId: number | null;
  /** Payment intents of earlier changes this one replaces: closed at the provider after commit. */
  supersededIntents: string[];
}

/**
 * Applies a change in one transaction: lock the booking and its lot, re-check every rule, re-price.
 * Nothing more to pay: the booking changes now (a refund of the difference is due). More to pay: the
 * change waits for its payment (applyPaidChange), with the days it adds held for PENDING_HOLD_MS like
 * an unpaid online booking's, and the booking stays as it is until then.
 */
export async function applyChange(
  ctx: RequestContext,
  bookingId: number,
  input: BookingChangeInput,
  rel: ChangeRelationships,
  /** card: more to pay waits for a card payment, less is refunded; account: a partner's booking, on its account. */
  settle: 'card' | 'account' = 'card',
): Promise<AppliedChange> {
  const target = await manageableBooking(ctx, bookingId, true, 'change');
  const { booking } = target;
  const lot = await lockLot(ctx, booking.lotId);
  const plan = await planChange(ctx, target, input, rel);
  if (Object.keys(plan.changed).length === 0)
    return { plan, logId: null, pendingChangeId: null, supersededIntents: [] };
  // Any earlier change still waiting for its payment is replaced by this one.
  const superseded = await ctx.db
    .update(bookingChanges)
    .set({ status: 'superseded' })
    .where(and(eq(bookingChanges.bookingId, booking.id), eq(bookingChanges.status, 'awaiting_payment')))
    .returning({ intent: bookingChanges.paymentIntentId });
  const supersededIntents = superseded.flatMap((row) => (row.intent ? [row.intent] : []));

  // A booking still waiting for its first payment has that payment open for its total: its price stays put.
  if (
    (booking.status === 'pending' || booking.status === 'payment_failed') &&
    plan.costs.totalCost !== parseMoney(booking.totalCost)
  ) {
    throw new DomainError('pay_first', manageMessages.payFirst);
  }
  // A change that raises the price beyond what was paid waits for its difference; one that does not (or a
  // booking that was never paid online) is made at once, and what is owed stays owed.
  if (settle === 'card' && plan.dueCents > 0 && plan.costs.totalCost > parseMoney(booking.totalCost)) {
    const [before, after] = plan.added;
    const [pending] = await ctx.db
      .insert(bookingChanges)
      .values({
        bookingId: booking.id,
        lotId: lot.id,
        values: JSON.parse(JSON.stringify(plan.values)) as Record<string, unknown>,
        extras: plan.extras ?? null,
        changed: plan.changed,
        amount: formatMoney(plan.dueCents),
        holdFirst: before?.first ?? null,
        holdLast: before?.last ?? null,
        hold2First: after?.first ?? null,
        hold2Last: after?.last ?? null,
        createdById: ctx.user?.id ?? null,
        created: ctx.now,
      })
      .returning({ id: bookingChanges.id });
    return { plan, logId: null, pendingChangeId: pending?.id ?? null, supersededIntents };
  }

  const logId = await writeChange(
    ctx.db,
    booking.id,
    plan.values,
    plan.extras,
    plan.changed,
    ctx.user?.id ?? null,
    ctx.now,
  );
  await extended(ctx.db, booking, plan.changed, ctx.user?.id ?? null, ctx.now);
  if (settle === 'account' && logId !== null)
    await moveOnAccount(ctx.db, {
      bookingId: booking.id,
      cents: plan.dueCents > 0 ? plan.dueCents : -plan.refundCents,
      key: `change-${logId}`,
      now: ctx.now,
      note: 'Changed by the partner',
    });
  await syncBookingMoney(ctx.db, booking.id);
  if (settle === 'card' && logId !== null)
    await refundDue(ctx.db, {
      bookingId: booking.id,
      key: `change-${logId}`,
      cents: plan.refundCents,
      userId: ctx.user?.id ?? null,
      now: ctx.now,
      reason: 'change',
    });
  // Days the change gives back (a shorter stay, other dates) may be a waitlisted traveller's place.
  await offerFreedPlaces(ctx, lot.id);
  ctx.defer(async () => ctx.services.metrics?.booking('changed'));
  return { plan, logId, pendingChangeId: null, supersededIntents };
}

/** Writes a change's values and extras to the booking and logs it for the Edit History. */
async function writeChange(
  db: Executor,
  bookingId: number,
  values: Partial<typeof bookings.$inferInsert>,
  chosenExtras: PricedExtra[] | undefined | null,
  changed: Record<string, [unknown, unknown]>,
  userId: number | null,
  now: Date,
): Promise<number | null> {
  await db
    .update(bookings)
    .set({ ...values, ...flightResetFor(changed), updated: now })
    .where(eq(bookings.id, bookingId));
  if (chosenExtras) {
    await db.delete(bookingExtras).where(eq(bookingExtras.bookingId, bookingId));
    if (chosenExtras.length) {
      await db
        .insert(bookingExtras)
        .values(
          chosenExtras.map((extra) => ({ bookingId, extraId: extra.id, price: formatMoney(extra.cents) })),
        );
    }
  }
  // The traveller's wallet pass shows the stay: it follows the change.
  await queueWalletPassUpdate(db, bookingId);
  const [log] = await db
    .insert(bookingLogs)
    .values({ bookingId, userId, timestamp: now, action: 'updated', info: changed })
    .returning({ id: bookingLogs.id });
  return log?.id ?? null;
}

const DATE_COLUMNS = new Set(['startDatetime', 'endDatetime']);

/**
 * A change's difference has been paid: the change is applied now, under the lot's lock, if the days it
 * adds still fit (they were held for PENDING_HOLD_MS; a payment after that meets the lot as it is), and, for
 * an extension, if the car is still with us. Answers why when it is not: the change is refused, the booking
 * stays as booked, and the caller refunds the payment; null when it was applied.
 */
export async function applyPaidChange(
  db: Executor,
  booking: BookingRow,
  change: typeof bookingChanges.$inferSelect,
  now: Date,
  timeZone: string,
): Promise<'change_no_space' | 'extension_closed' | null> {
  const [lot] = await db.select().from(lots).where(eq(lots.id, booking.lotId)).for('update');
  const values = Object.fromEntries(
    Object.entries(change.values as Record<string, unknown>).map(([key, value]) => [
      key,
      DATE_COLUMNS.has(key) && typeof value === 'string' ? new Date(value) : value,
    ]),
  ) as Partial<typeof bookings.$inferInsert>;
  const start = values.startDatetime ?? booking.startDatetime;
  const end = values.endDatetime ?? booking.endDatetime ?? start;
  const booked = {
    first: businessDate(booking.startDatetime, timeZone),
    last: businessDate(booking.endDatetime ?? booking.startDatetime, timeZone),
  };
  const added = addedDaySpans(booked, {
    first: businessDate(start, timeZone),
    last: businessDate(end, timeZone),
  });
  const moved = movedTimes(booking, start, end);
  const changed = change.changed as Record<string, [unknown, unknown]>;
  const reason = await paidChangeRefusal(
    db,
    booking,
    changed,
    lot,
    { start, end, added, moved },
    now,
    timeZone,
  );
  if (reason) {
    await db.update(bookingChanges).set({ status: 'refused' }).where(eq(bookingChanges.id, change.id));
    await db.insert(bookingLogs).values({
      bookingId: booking.id,
      userId: null,
      timestamp: now,
      action: 'change_refused',
      info: { change: change.id, reason },
    });
    return reason === 'handed_back' ? 'extension_closed' : 'change_no_space';
  }
  await writeChange(
    db,
    booking.id,
    values,
    change.extras as PricedExtra[] | null,
    changed,
    change.createdById,
    now,
  );
  await extended(db, booking, changed, change.createdById, now);
  await db.update(bookingChanges).set({ status: 'applied' }).where(eq(bookingChanges.id, change.id));
  return null;
}

/** Why a paid change can no longer be made (its log's reason), or null. */
async function paidChangeRefusal(
  db: Executor,
  booking: BookingRow,
  changed: Record<string, [unknown, unknown]>,
  lot: LotRow | undefined,
  stay: { start: Date; end: Date; added: DateSpan[]; moved: SlotField[] },
  now: Date,
  timeZone: string,
): Promise<'handed_back' | 'no_space' | 'slot_full' | null> {
  // An extension paid for after the car was handed back has nothing left to extend.
  if (extensionOf(booking, changed) && (await handedBack(db, booking.id))) return 'handed_back';
  if (!lot || !(await roomFor(db, lot, stay.added, timeZone, now, booking))) return 'no_space';
  const { start, end, moved } = stay;
  if (moved.length === 0) return null;
  const problems = await slotProblems(db, lot, { start, end, excludeBookingId: booking.id, moved }, now);
  return problems.length > 0 ? 'slot_full' : null;
}

/** A change just written that moves a parked car's return later is an extension (stay-extension.ts). */
async function extended(
  db: Executor,
  booking: BookingRow,
  changed: Record<string, [unknown, unknown]>,
  userId: number | null,
  now: Date,
): Promise<void> {
  const extension = extensionOf(booking, changed);
  if (extension) await stayExtended(db, { bookingId: booking.id, ...extension, userId, now });
}
