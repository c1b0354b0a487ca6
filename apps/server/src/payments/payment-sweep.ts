/**
 * Reconciliation with the payment provider while the server runs, not only at start-up: a payment
 * left open by a lost webhook, or by a browser that closed between the provider's charge and our
 * write, is applied from the provider's state within PAYMENT_RECONCILE_MINUTES. The sweep is the
 * start-up's reconcilePayments, run by one instance at a time (an advisory lock; the others skip
 * that round), and idempotent like every other path that applies a payment.
 */
import type { DatabaseHandle } from '../db/client';
import type { PaymentProvider } from './provider/provider';
import { settleDueRefunds } from './booking-refunds';
import { reconcilePayments } from './payment-reconcile';
import { every, type RepeatingJob } from '../jobs/every';

/** The advisory lock of the sweep (727001 is the migrations'). */
export const PAYMENT_SWEEP_LOCK = 727002;

/**
 * How far back a sweep looks: open payments of the last day (start-up looks back a week). Older
 * open intents are abandoned bookings; asking the provider about them every few minutes would
 * only spend its API quota.
 */
const SWEEP_LOOKBACK_MS = 24 * 60 * 60_000;

export type SweepResult = Awaited<ReturnType<typeof reconcilePayments>> & { refunds: number };

/**
 * One sweep: open payments applied from the provider's state, then refunds decided and not yet made
 * (payments/booking-refunds.ts). Null when another instance (or an earlier sweep still running) holds the lock.
 */
export function sweepPayments(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  now: Date,
  timeZone: string,
): Promise<SweepResult | null> {
  return handle.withTryLock(PAYMENT_SWEEP_LOCK, async () => {
    const reconciled = await reconcilePayments(handle.db, provider, now, {
      timeZone,
      sinceMs: SWEEP_LOOKBACK_MS,
    });
    const refunds = await settleDueRefunds({ database: handle.db, provider, now });
    return { ...reconciled, refunds };
  });
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startPaymentSweep(
  handle: DatabaseHandle,
  provider: PaymentProvider,
  intervalMs: number,
  timeZone: string,
  clock: () => Date = () => new Date(),
): RepeatingJob {
  return every(intervalMs, 'payment sweep', async () => {
    const result = await sweepPayments(handle, provider, clock(), timeZone);
    if (result?.applied)
      console.info(`Payments reconciled with the provider: ${result.applied} of ${result.checked} open`);
  });
}
