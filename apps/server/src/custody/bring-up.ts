/**
 * The return trip (issue 41): each booking's bring-up, moved on by the flight poller (Landed), the traveller ("I
 * have landed": Asked for) and the desk (any step forward), and closed by the custody record's hand-back
 * (custody.ts, with the kilometres out). Every step runs in the caller's transaction with the booking locked, by
 * the domain's rules (@parking/domain/bring-up), and goes through `bringUpChanged`: the one place that hears of
 * every change (the Edit History line, the landed text; a wallet pass's update belongs there too). The row's
 * trigger tells every instance's event streams (bring-up-hub.ts).
 */
import { and, eq, ne, or, isNull } from 'drizzle-orm';
import {
  applyBringUpStep,
  bringUpLabel,
  bringUpMessages,
  bringUpRefusal,
  EXPECTED,
  type BringUp,
  type BringUpState,
  type BringUpStep,
} from '@parking/domain/bring-up';
import { DomainError } from '@parking/domain/errors';
import type { Executor } from '../db/client';
import { enqueue } from '../db/job-queue';
import { bookingLogs, bookings, bringUps, custodyEntries } from '../db/schema/index';
import { queueWalletPassUpdate } from '../wallet/wallet-queue';

type BringUpRow = typeof bringUps.$inferSelect;

const STATES: readonly BringUpState[] = ['expected', 'landed', 'asked', 'bringing', 'ready', 'handed_back'];
const asState = (value: string): BringUpState => STATES.find((state) => state === value) ?? 'expected';

/** The domain's bring-up of a stored row (no row: Expected). */
export function bringUpOf(row: BringUpRow | null | undefined): BringUp {
  if (!row) return EXPECTED;
  return {
    state: asState(row.state),
    landedAt: row.landedAt,
    askedAt: row.askedAt,
    askedBy: row.askedBy === 'traveller' || row.askedBy === 'staff' ? row.askedBy : null,
    bringingAt: row.bringingAt,
    bringingBy: row.bringingBy,
    readyAt: row.readyAt,
    bay: row.bay,
    handedBackAt: row.handedBackAt,
  };
}

/** A change of a booking's bring-up, as `bringUpChanged` hears it. */
export interface BringUpChange {
  bookingId: number;
  from: BringUp;
  to: BringUp;
  /** The signed-in user who made it; null for the poller and the traveller. */
  userId: number | null;
  at: Date;
}

/**
 * Called in the transaction of every change of a booking's bring-up, after its row is written: the Edit History's
 * line, the traveller's text when the flight has landed and the wallet pass's update (each sent by the job queue
 * once the change commits).
 */
export async function bringUpChanged(db: Executor, change: BringUpChange): Promise<void> {
  await db.insert(bookingLogs).values({
    bookingId: change.bookingId,
    userId: change.userId,
    timestamp: change.at,
    action: 'bring_up',
    info: {
      state: change.to.state,
      label: bringUpLabel(change.to),
      ...(change.to.state === 'asked' && change.to.askedBy ? { askedBy: change.to.askedBy } : {}),
    },
  });
  if (change.to.state === 'landed' && change.from.state === 'expected') {
    const [booking] = await db
      .select({ phone: bookings.phoneNumber })
      .from(bookings)
      .where(eq(bookings.id, change.bookingId));
    if (booking?.phone)
      await enqueue(db, { kind: 'landed-text', bookingId: change.bookingId, to: booking.phone });
  }
  // The pass shows the card: asked for, being brought up by whom, ready at which bay, handed back (voided).
  await queueWalletPassUpdate(db, change.bookingId);
}

const columnsOf = (bringUp: BringUp) => ({
  state: bringUp.state,
  landedAt: bringUp.landedAt,
  askedAt: bringUp.askedAt,
  askedBy: bringUp.askedBy,
  bringingAt: bringUp.bringingAt,
  bringingBy: bringUp.bringingBy,
  readyAt: bringUp.readyAt,
  bay: bringUp.bay,
  handedBackAt: bringUp.handedBackAt,
});

/** The booking, locked, with its bring-up as it stands (Handed back once its custody record says so). */
async function lockedBringUp(db: Executor, bookingId: number) {
  const [booking] = await db
    .select({ id: bookings.id, status: bookings.status, endDatetime: bookings.endDatetime })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking) throw DomainError.notFound('Booking not found');
  const [row] = await db.select().from(bringUps).where(eq(bringUps.bookingId, bookingId));
  const [handedBack] = await db
    .select({ at: custodyEntries.at })
    .from(custodyEntries)
    .where(and(eq(custodyEntries.bookingId, bookingId), eq(custodyEntries.kind, 'handed_back')))
    .limit(1);
  const current = bringUpOf(row);
  return {
    booking,
    current: handedBack
      ? { ...current, state: 'handed_back' as const, handedBackAt: handedBack.at }
      : current,
  };
}

async function save(db: Executor, bookingId: number, next: BringUp, now: Date, userId: number | null) {
  const values = {
    ...columnsOf(next),
    updated: now,
    ...(next.state === 'bringing' ? { bringingUserId: userId } : {}),
  };
  await db
    .insert(bringUps)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({ target: bringUps.bookingId, set: values });
}

/**
 * Takes a step of a booking's bring-up (the desk's, or the traveller's ask), refused in the domain's words when
 * the rules forbid it (going back, a second ask, anything after the hand-back) or the booking has no return.
 */
export async function stepBringUp(
  db: Executor,
  bookingId: number,
  step: BringUpStep,
  options: { now: Date; userId: number | null },
): Promise<BringUp> {
  const { booking, current } = await lockedBringUp(db, bookingId);
  if (booking.status !== 'complete' || !booking.endDatetime)
    throw new DomainError('conflict', bringUpMessages.notReturning);
  const refusal = bringUpRefusal(current, step);
  if (refusal) throw new DomainError('conflict', refusal);
  const next = applyBringUpStep(current, step, options.now);
  await save(db, bookingId, next, options.now, options.userId);
  await bringUpChanged(db, { bookingId, from: current, to: next, userId: options.userId, at: options.now });
  return next;
}

/** The custody record's hand-back (custody.ts), in its transaction: the bring-up ends there. */
export async function bringUpHandedBack(db: Executor, bookingId: number, at: Date, userId: number | null) {
  const [row] = await db.select().from(bringUps).where(eq(bringUps.bookingId, bookingId));
  const current = bringUpOf(row);
  if (current.state === 'handed_back') return;
  const next = applyBringUpStep(current, { state: 'handed_back' }, at);
  await save(db, bookingId, next, at, userId);
  await bringUpChanged(db, { bookingId, from: current, to: next, userId, at });
}

/**
 * What the flight poller learnt of a booking's arriving flight, in its transaction: the latest known arrival (the
 * board's order), and Landed when it has (only from Expected: a car already asked for stays where it is).
 */
export async function bringUpFlightNews(
  db: Executor,
  bookingId: number,
  news: { landed: boolean; arrival: Date | null; now: Date },
): Promise<void> {
  if (news.arrival) {
    await db
      .insert(bringUps)
      .values({ bookingId, arrival: news.arrival, updated: news.now })
      .onConflictDoUpdate({
        target: bringUps.bookingId,
        set: { arrival: news.arrival, updated: news.now },
        setWhere: or(isNull(bringUps.arrival), ne(bringUps.arrival, news.arrival)),
      });
  }
  if (!news.landed) return;
  const { current } = await lockedBringUp(db, bookingId);
  if (current.state !== 'expected') return;
  const next = applyBringUpStep(current, { state: 'landed' }, news.arrival ?? news.now);
  await save(db, bookingId, next, news.now, null);
  await bringUpChanged(db, { bookingId, from: current, to: next, userId: null, at: news.now });
}
