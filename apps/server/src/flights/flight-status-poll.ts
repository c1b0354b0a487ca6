/**
 * The arriving flights of the next 48 hours' pick-ups, asked of the flight-status provider every
 * FLIGHT_STATUS_POLL_MINUTES (issue 24), each flight once whatever the number of cars on it; a late one moves
 * its bookings (flights/flight-delays.ts). One instance polls at a time (an advisory lock, as the payment
 * sweep; on PGlite, one process per data directory); a replayed poll changes nothing and tells nobody twice.
 */
import type { DatabaseHandle } from '../db/client';
import type { FlightStatusProvider } from './status-provider/provider';
import { pollFlights, type PollResult } from './flight-poll';
import type { NoticeServices } from './flight-notices';
import { every, type RepeatingJob } from '../jobs/every';

/** The advisory lock of the poller (727001 is the migrations', 727002 the payment sweep's). */
export const FLIGHT_POLL_LOCK = 727003;

/** One poll under the lock: null when another instance (or an earlier poll still running) holds it. */
export function pollFlightsOnce(
  handle: DatabaseHandle,
  services: NoticeServices,
  provider: FlightStatusProvider,
  now: Date,
): Promise<PollResult | null> {
  return handle.withTryLock(FLIGHT_POLL_LOCK, () => pollFlights(services, provider, now));
}

/** Polls every `intervalMs` until stopped; a failed poll is logged and the next one tries again. */
export function startFlightStatusPoll(
  handle: DatabaseHandle,
  services: NoticeServices,
  provider: FlightStatusProvider,
  intervalMs: number,
  clock: () => Date = () => new Date(),
): RepeatingJob {
  return every(intervalMs, 'flight status poll', async () => {
    const result = await pollFlightsOnce(handle, services, provider, clock());
    if (result?.notices) console.info(`Flight status: ${result.notices} bookings moved or told`);
  });
}
