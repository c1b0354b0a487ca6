/**
 * Queues a booking's wallet-pass update (wallet-update.ts runs it) in the caller's transaction: every change that
 * alters a pass calls this (custody, changes, cancellations, flight delays, the bring-up board's steps). A module of
 * its own, so that what the pass is built from (the board among it) can call it without an import cycle.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { enqueue } from '../db/job-queue';
import { walletPasses } from '../db/schema/index';

/** Queues the pass's update in the caller's transaction; nothing when the booking has no pass yet. */
export async function queueWalletPassUpdate(db: Executor, bookingId: number): Promise<void> {
  const [pass] = await db
    .select({ serial: walletPasses.serialNumber })
    .from(walletPasses)
    .where(eq(walletPasses.bookingId, bookingId));
  if (pass) await enqueue(db, { kind: 'wallet-update', bookingId });
}
