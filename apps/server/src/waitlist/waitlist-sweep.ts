/**
 * The waitlist's clock: every minute, holds that have lapsed are passed on (their travellers' turn is over),
 * entries never confirmed within their day are dropped (issue 38), and every lot with travellers waiting is
 * offered again, so that a place freed without a request that offers it at once (an unpaid booking
 * abandoned, a hold lapsed) still goes to the next on the list. One
 * instance at a time (an advisory lock, as the payment sweep); each lot under its own lock, in its own
 * transaction with its emails queued (sent once it has committed).
 */
import { businessDate } from '@parking/domain/dates';
import type { Config } from '../config/config';
import type { DatabaseHandle } from '../db/client';
import { lockLotRow } from '../bookings/booking-rules';
import { dropUnconfirmed, lapseHolds, lotsWithWaiting, offerPlaces } from './waitlist';
import { queueMail } from '../mail/queue-mail';
import { every } from '../jobs/every';

/** The advisory lock of the sweep (727001 is the migrations', 727002 the payment sweep's). */
export const WAITLIST_SWEEP_LOCK = 727003;

const WAITLIST_SWEEP_MS = 60_000;

export interface WaitlistSweepResult {
  lapsed: number;
  offered: number;
  /** Unconfirmed entries dropped: their day to confirm had passed. */
  dropped: number;
}

/** One sweep at `now`; null when another instance (or an earlier sweep still running) holds the lock. */
export function sweepWaitlist(
  handle: DatabaseHandle,
  config: Config,
  now: Date,
): Promise<WaitlistSweepResult | null> {
  return handle.withTryLock(WAITLIST_SWEEP_LOCK, async () => {
    const lapsed = await handle.db.transaction((tx) => lapseHolds(tx, now));
    const dropped = await handle.db.transaction((tx) => dropUnconfirmed(tx, now));
    const lotIds = await lotsWithWaiting(handle.db, businessDate(now, config.timeZone));
    let offered = 0;
    for (const lotId of lotIds) {
      offered += await handle.db.transaction(async (tx) => {
        const lot = await lockLotRow(tx, lotId);
        if (!lot) return 0;
        const mails = await offerPlaces(tx, lot, {
          now,
          timeZone: config.timeZone,
          holdMinutes: config.waitlistHoldMinutes,
          config,
        });
        // Queued with the hold they offer: sent once it commits.
        for (const mail of mails) await queueMail(tx, mail);
        return mails.length;
      });
    }
    return { lapsed, offered, dropped };
  });
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startWaitlistSweep(
  handle: DatabaseHandle,
  config: Config,
  intervalMs = WAITLIST_SWEEP_MS,
  clock: () => Date = () => new Date(),
): { stop(): Promise<void> } {
  return every(intervalMs, 'waitlist sweep', () => sweepWaitlist(handle, config, clock()));
}
