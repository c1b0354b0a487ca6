/**
 * The provider's state and ours kept in step: unpaid holds that lapsed give their space back, and card
 * payments our database has not seen finish are applied from what the provider says (at start-up and by
 * the payment sweep).
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookingLogs, bookings, payments } from '../db/schema/index';
import { type PaymentProvider } from './provider/provider';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';

import { applySucceededIntent } from './payment-events';
import { metricsFor } from '../observability/metrics';

/** Pending online bookings whose hold (PENDING_HOLD_MS) has lapsed give their space back. */
export async function abandonStaleBookings(
  database: Database,
  now: Date,
  holdMs = PENDING_HOLD_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - holdMs);
  const lapsed = and(
    inArray(bookings.status, ['pending']),
    sql`${bookings.created} < ${cutoff.toISOString()}::timestamptz`,
  );
  // Most sweeps find nothing. An UPDATE of no rows still fires the bookings' statement trigger, whose change
  // notification makes every instance drop its held quotes (a reload of 400 days of presence): asked first.
  const [any] = await database.select({ id: bookings.id }).from(bookings).where(lapsed).limit(1);
  if (!any) return 0;
  return database.transaction(async (tx) => {
    const stale = await tx
      .update(bookings)
      .set({ status: 'abandoned', updated: now })
      .where(lapsed)
      .returning({ id: bookings.id });
    if (stale.length) {
      await tx.insert(bookingLogs).values(
        stale.map((row) => ({
          bookingId: row.id,
          userId: null,
          timestamp: now,
          action: 'abandoned',
          info: {},
        })),
      );
    }
    return stale.length;
  });
}

/**
 * Card payments our database does not know the end of, checked against the provider: a process
 * killed after the provider took the money and before the booking was marked paid (or a webhook
 * that never arrived) is put right at the next start-up. Idempotent, like every other path here.
 */
export async function reconcilePayments(
  database: Database,
  provider: PaymentProvider,
  now: Date,
  options: { timeZone: string; sinceMs?: number; limit?: number },
): Promise<{ checked: number; applied: number; failed: number }> {
  const since = new Date(now.getTime() - (options.sinceMs ?? 7 * 24 * 60 * 60_000));
  const open = await database
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        notInArray(payments.status, ['succeeded', 'canceled']),
        eq(payments.provider, provider.kind),
        sql`${payments.created} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(payments.id)
    .limit(options.limit ?? 500);
  let applied = 0;
  let failed = 0;
  for (const { providerPaymentId } of open) {
    try {
      const intent = await provider.retrievePaymentIntent(providerPaymentId);
      if (intent.status !== 'succeeded') continue;
      const paid = await database.transaction((tx) =>
        applySucceededIntent(tx, intent, now, 'reconciliation', options.timeZone),
      );
      if (!paid) continue;
      applied += 1;
      metricsFor(database)?.cardPayment(paid);
    } catch (error) {
      failed += 1;
      console.error(
        `Payment ${providerPaymentId} could not be reconciled:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  return { checked: open.length, applied, failed };
}
