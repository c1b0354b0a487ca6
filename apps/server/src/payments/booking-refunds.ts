/**
 * Money back to the traveller: a cancellation's refund, what a cheaper change leaves over, or a payment
 * that could not be kept. Refunds go back the way the money came (@parking/domain/ledger allocateRefund):
 * card payments through the provider, asked outside any lock with an idempotency key per reason and
 * payment; money staff took (cash, EFTPOS...) is owed back as a credit for staff to hand over. Each
 * refund is recorded once, under the booking's lock, as ledger movements and a `refunded` booking log.
 *
 * Every refund decision is first written as a `refund_due` log in the transaction that decided it, with a job
 * (db/job-queue.ts) that makes it if the process did not get to (killed after the commit, the provider down);
 * the payment sweep settles any left over as well.
 */
import { and, eq, sql } from 'drizzle-orm';
import { allocateRefund } from '@parking/domain/ledger';
import { formatMoney, parseMoney, type Cents } from '@parking/domain/money';
import type { Database, Executor } from '../db/client';
import { bookingLogs, bookings } from '../db/schema/index';
import type { PaymentProvider } from './provider/provider';
import { loadMovements, recordMovement, syncBookingMoney } from './ledger';
import { paymentFields, recordBookingMoney } from './payment-audit';
import { metricsFor } from '../observability/metrics';
import { enqueue } from '../db/job-queue';

export interface RefundDeps {
  database: Database;
  provider: PaymentProvider;
  now: Date;
  /** Who asked for it (the traveller's or staff's login); null for a guest or the system. */
  userId: number | null;
}

interface RefundLine {
  paymentIntent: string;
  refund: string;
  amount: string;
}

export interface RefundOutcome {
  /** Back to the card through the provider. */
  refundedCents: Cents;
  /** Owed back but paid some other way (cash, EFTPOS, account): for staff to settle. */
  creditCents: Cents;
}

const NOTHING: RefundOutcome = { refundedCents: 0, creditCents: 0 };

/** Whether the refund for this reason has been recorded already. */
async function refundRecorded(db: Executor, bookingId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingLogs.id })
    .from(bookingLogs)
    .where(
      and(
        eq(bookingLogs.bookingId, bookingId),
        eq(bookingLogs.action, 'refunded'),
        sql`${bookingLogs.info}->>'key' = ${key}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Writes the decision to refund (inside the deciding transaction): see the module's comment. */
export async function refundDue(
  db: Executor,
  entry: { bookingId: number; key: string; cents: Cents; userId: number | null; now: Date; reason: string },
): Promise<void> {
  if (entry.cents <= 0) return;
  await db.insert(bookingLogs).values({
    bookingId: entry.bookingId,
    userId: entry.userId,
    timestamp: entry.now,
    action: 'refund_due',
    info: { key: entry.key, amount: formatMoney(entry.cents), reason: entry.reason },
  });
  // The job queue makes sure of it, retried with backoff and shown on Delivery problems if it keeps failing. It
  // starts a minute later: the request that decided it asks the provider at once, and the job then finds it made.
  await enqueue(
    db,
    {
      kind: 'refund',
      bookingId: entry.bookingId,
      refundKey: entry.key,
      cents: entry.cents,
      userId: entry.userId,
    },
    `refund:${entry.bookingId}:${entry.key}`,
    { startAfterSeconds: REFUND_JOB_DELAY_SECONDS },
  );
}

/** How long the refund job waits for the request that decided the refund to make it itself. */
const REFUND_JOB_DELAY_SECONDS = 60;

/**
 * Refunds `cents` of a booking for one reason (`key`, e.g. `cancel-12`). Calling it again with the
 * same key changes nothing: the provider answers the same refunds and the ledger records them once.
 */
export async function refundBooking(
  deps: RefundDeps,
  bookingId: number,
  cents: Cents,
  key: string,
): Promise<RefundOutcome> {
  if (cents <= 0 || (await refundRecorded(deps.database, bookingId, key))) return NOTHING;
  const lines: Array<RefundLine & { cents: Cents }> = [];
  let creditCents = 0;
  for (const line of allocateRefund(await loadMovements(deps.database, bookingId), cents)) {
    if (line.method !== 'stripe' || !line.reference) {
      creditCents += line.amountCents;
      continue;
    }
    const refund = await deps.provider.refund({
      paymentIntentId: line.reference,
      amountCents: line.amountCents,
      idempotencyKey: `${key}-${line.reference}`,
    });
    lines.push({
      paymentIntent: line.reference,
      refund: refund.id,
      amount: formatMoney(refund.amountCents),
      cents: refund.amountCents,
    });
  }
  const refundedCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const outcome = await deps.database.transaction(async (tx): Promise<RefundOutcome> => {
    const [before] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    // A concurrent repeat of the same request got here first: the provider gave it the same refunds.
    if (!before || (await refundRecorded(tx, bookingId, key))) return NOTHING;
    for (const line of lines) {
      await recordMovement(tx, {
        bookingId,
        kind: 'refund',
        method: 'stripe',
        amountCents: line.cents,
        reference: line.paymentIntent,
        key: `refund:${line.refund}`,
        userId: deps.userId,
        at: deps.now,
      });
    }
    await tx.insert(bookingLogs).values({
      bookingId,
      userId: deps.userId,
      timestamp: deps.now,
      action: 'refunded',
      info: {
        key,
        amount: formatMoney(refundedCents),
        credit: formatMoney(creditCents),
        refunds: lines.map(({ cents: _cents, ...line }) => line),
      },
    });
    const after = await syncBookingMoney(tx, bookingId);
    // The audit trail: who asked for it (the traveller's login, none for a guest's emailed access).
    await recordBookingMoney(tx, {
      bookingId,
      userId: deps.userId,
      action: 'refund',
      timestamp: deps.now,
      before: paymentFields(before),
      after: paymentFields(after?.after ?? before),
      detail: {
        key,
        amount: formatMoney(refundedCents),
        credit: formatMoney(creditCents),
        refunds: lines.map(({ cents: _cents, ...line }) => ({ ...line })),
      },
    });
    return { refundedCents, creditCents };
  });
  if (outcome.refundedCents > 0) metricsFor(deps.database)?.money('refund', 'stripe', outcome.refundedCents);
  return outcome;
}

/**
 * Refunds decided and not made (the process stopped between the decision's commit and the provider's
 * answer, or the provider was down): made now. The payment sweep runs this; it is idempotent.
 */
export async function settleDueRefunds(deps: Omit<RefundDeps, 'userId'>): Promise<number> {
  const due = await deps.database
    .select({ bookingId: bookingLogs.bookingId, info: bookingLogs.info, userId: bookingLogs.userId })
    .from(bookingLogs)
    .where(
      and(
        eq(bookingLogs.action, 'refund_due'),
        sql`NOT EXISTS (SELECT 1 FROM booking_logs done WHERE done.booking_id = ${bookingLogs.bookingId} AND done.action = 'refunded' AND done.info->>'key' = ${bookingLogs.info}->>'key')`,
      ),
    )
    .limit(100);
  let settled = 0;
  for (const row of due) {
    const info = row.info as { key?: string; amount?: string };
    if (!info.key || !info.amount) continue;
    try {
      await refundBooking({ ...deps, userId: row.userId }, row.bookingId, parseMoney(info.amount), info.key);
      settled += 1;
    } catch (error) {
      console.error(
        `Refund ${info.key} of booking ${row.bookingId} could not be made:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  return settled;
}
