/**
 * The booking's money as a ledger (see @parking/domain/ledger): movements are inserted, never changed,
 * and the booking's payment columns are rewritten from them, in the same transaction, by syncBookingMoney
 * alone. Every path that moves money (card payments, staff payments, refunds) goes through here.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@parking/domain/constants';
import {
  ledgerMessages,
  refundablePayments,
  staffMovement,
  summariseLedger,
  type LedgerSummary,
  type Movement,
  type MovementKind,
} from '@parking/domain/ledger';
import { formatAud, formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import type { RequestContext } from '../context';
import type { Executor } from '../db/client';
import { bookingMovements, bookings } from '../db/schema/index';
import type { BookingRow } from '../db/rows';
import { DomainError } from '@parking/domain/errors';

export interface NewMovement {
  bookingId: number;
  kind: MovementKind;
  method: PaymentMethod;
  amountCents: Cents;
  /** The provider's payment intent (card payments and their refunds). */
  reference: string | null;
  /** Idempotency: a movement with the same key is recorded once however often it is told. */
  key: string;
  userId: number | null;
  at: Date;
  note?: string;
}

/** Records a movement once; answers whether this call recorded it. */
export async function recordMovement(db: Executor, movement: NewMovement): Promise<boolean> {
  if (!Number.isInteger(movement.amountCents) || movement.amountCents <= 0)
    throw new RangeError(`Not a movement: ${movement.amountCents}`);
  const inserted = await db
    .insert(bookingMovements)
    .values({
      bookingId: movement.bookingId,
      kind: movement.kind,
      method: movement.method,
      amount: formatMoney(movement.amountCents),
      reference: movement.reference,
      key: movement.key,
      createdById: movement.userId,
      at: movement.at,
      note: movement.note ?? '',
    })
    .onConflictDoNothing({ target: bookingMovements.key })
    .returning({ id: bookingMovements.id });
  return inserted.length > 0;
}

export async function loadMovements(db: Executor, bookingId: number): Promise<Movement[]> {
  const rows = await db
    .select()
    .from(bookingMovements)
    .where(eq(bookingMovements.bookingId, bookingId))
    .orderBy(asc(bookingMovements.at), asc(bookingMovements.id));
  return rows.map((row) => ({
    kind: row.kind as MovementKind,
    method: row.method as PaymentMethod,
    amountCents: parseMoney(row.amount),
    at: row.at,
    reference: row.reference,
  }));
}

/** The ledger's figures for a booking row (its total and status as they are now). */
export async function bookingLedger(
  db: Executor,
  booking: Pick<BookingRow, 'id' | 'totalCost' | 'status' | 'hadSubscription'>,
): Promise<{ movements: Movement[]; summary: LedgerSummary }> {
  const movements = await loadMovements(db, booking.id);
  const summary = summariseLedger(movements, {
    totalCents: parseMoney(booking.totalCost),
    status: booking.status,
    freeBySubscription: booking.hadSubscription && parseMoney(booking.totalCost) === 0,
  });
  return { movements, summary };
}

/** The booking's payment columns as the ledger says they are. */
function moneyColumns(summary: LedgerSummary, booking: Pick<BookingRow, 'paymentMethod'>) {
  return {
    amountPaid: formatMoney(summary.netPaidCents),
    paymentStatus: summary.paymentStatus,
    // With no payment yet, the method staff chose stays (e.g. Payment on return).
    paymentMethod: summary.paymentMethod ?? booking.paymentMethod,
    paymentDatetime: summary.paymentDatetime,
    stripeComplete: summary.cardComplete,
  };
}

/**
 * Rewrites the booking's amountPaid, paymentStatus, paymentMethod, paymentDatetime and stripeComplete
 * from its ledger. Call it in the transaction that recorded the movement (or changed the total or the
 * status), with the booking's row locked.
 */
export async function syncBookingMoney(
  db: Executor,
  bookingId: number,
): Promise<{ before: BookingRow; after: BookingRow; summary: LedgerSummary } | null> {
  const [before] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!before) return null;
  const { summary } = await bookingLedger(db, before);
  const columns = moneyColumns(summary, before);
  const after = { ...before, ...columns };
  await db.update(bookings).set(columns).where(eq(bookings.id, bookingId));
  return { before, after, summary };
}

/**
 * Bookings written with an amountPaid but no movement (the demo seed, the benchmarks' generated data,
 * tests that insert rows directly) get their opening movement, as migration 0007 gave every booking
 * that existed before the ledger.
 */
export async function openingBalances(db: Executor, bookingId?: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO booking_movements (booking_id, kind, method, amount, reference, key, at, note)
    SELECT b.id, 'payment', coalesce(b.payment_method, 'cash'), b.amount_paid,
           CASE WHEN b.payment_method = 'stripe' THEN b.payment_intent_id END,
           'opening:' || b.id, coalesce(b.payment_datetime, b.updated), 'Paid before the ledger'
    FROM bookings b
    WHERE b.amount_paid > 0
      ${bookingId === undefined ? sql`` : sql`AND b.id = ${bookingId}`}
      AND NOT EXISTS (SELECT 1 FROM booking_movements m WHERE m.booking_id = b.id)
    ON CONFLICT (key) DO NOTHING`);
}

/**
 * A partner's booking (partners/): the partner took the traveller's money, so what it owes moves on its account.
 * A positive `cents` is more owed (an `account` payment), a negative one a credit (an `account` refund: no card
 * refund). Recorded once per `key`; the caller syncs the booking's money columns.
 */
export async function moveOnAccount(
  db: Executor,
  entry: { bookingId: number; cents: Cents; key: string; now: Date; note: string },
): Promise<void> {
  if (entry.cents === 0) return;
  await recordMovement(db, {
    bookingId: entry.bookingId,
    kind: entry.cents > 0 ? 'payment' : 'refund',
    method: 'account',
    amountCents: Math.abs(entry.cents),
    reference: null,
    key: entry.key,
    userId: null,
    at: entry.now,
    note: entry.note,
  });
}

/** A movement staff recorded: counted in the metrics once its transaction has committed (countAfterCommit). */
export type StaffMovement = { kind: MovementKind; method: string; amountCents: Cents };

/** Counts what recordStaffMoney recorded, after the request's commit (never for a rolled-back save). */
export function countAfterCommit(ctx: RequestContext, moved: StaffMovement | null): void {
  if (moved) ctx.defer(async () => ctx.services.metrics?.money(moved.kind, moved.method, moved.amountCents));
}

/** The booking form's payment fields as staff sent them (only what they changed). */
export interface StaffMoneyInput {
  amountPaid?: string | undefined;
  paymentMethod?: PaymentMethod | null | undefined;
  paymentDatetime?: Date | null | undefined;
  paymentStatus?: string | undefined;
}

/**
 * A staff edit of the booking form's Amount Paid is the new total paid: the difference from the ledger is
 * recorded as one movement of the Payment Method chosen, by that staff member, at the Payment Date (now by
 * default). Payment Status and a lone Payment Method follow the ledger: sent otherwise, they are refused
 * with a reason beside the field rather than silently overwritten. Runs in the save's transaction; answers
 * the movement recorded, if any.
 */
export async function recordStaffMoney(
  db: Executor,
  bookingId: number,
  input: StaffMoneyInput,
  userId: number | null,
  now: Date,
): Promise<StaffMovement | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) return null;
  let recorded: StaffMovement | null = null;
  const { movements, summary } = await bookingLedger(db, booking);
  const movement =
    input.amountPaid === undefined ? null : staffMovement(summary.netPaidCents, parseMoney(input.amountPaid));
  if (movement) {
    const method = input.paymentMethod ?? booking.paymentMethod;
    if (!method) throw new DomainError('required', ledgerMessages.methodRequired, { field: 'paymentMethod' });
    if (method === 'stripe')
      throw new DomainError('card_by_hand', ledgerMessages.cardByHand, { field: 'paymentMethod' });
    if (movement.kind === 'refund') {
      const left = refundablePayments(movements)
        .filter((payment) => payment.method === method && payment.reference === null)
        .reduce((sum, payment) => sum + payment.leftCents, 0);
      if (movement.amountCents > left)
        throw new DomainError(
          'refund_too_large',
          ledgerMessages.refundMoreThanMethod(method, formatAud(left)),
          { field: 'amountPaid' },
        );
    }
    await recordMovement(db, {
      bookingId,
      kind: movement.kind,
      method: method as PaymentMethod,
      amountCents: movement.amountCents,
      reference: null,
      key: `staff:${randomUUID()}`,
      userId,
      at: input.paymentDatetime ?? now,
    });
    recorded = { kind: movement.kind, method, amountCents: movement.amountCents };
  } else {
    // Nothing recorded: a method on its own is the plan for a booking with no payment yet (Payment on return).
    if (input.paymentMethod !== undefined && input.paymentMethod !== booking.paymentMethod) {
      if (summary.paymentMethod !== null)
        throw new DomainError('derived', ledgerMessages.methodDerived, { field: 'paymentMethod' });
      await db.update(bookings).set({ paymentMethod: input.paymentMethod }).where(eq(bookings.id, bookingId));
    }
  }
  const synced = await syncBookingMoney(db, bookingId);
  if (input.paymentStatus !== undefined && synced && input.paymentStatus !== synced.summary.paymentStatus) {
    throw new DomainError('derived', ledgerMessages.statusDerived(synced.summary.paymentStatus), {
      field: 'paymentStatus',
    });
  }
  return recorded;
}
