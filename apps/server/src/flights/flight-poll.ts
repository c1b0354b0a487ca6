/**
 * One round of the flight-status poller (flights/flight-status-poll.ts runs it every FLIGHT_STATUS_POLL_MINUTES
 * under its lock; POST local-flight-statuses/ runs it at once for the one flight staff set): each arriving
 * flight asked once, its answer applied to each of its bookings, the travellers told after each commit.
 */
import type { FlightStatusProvider } from './status-provider/provider';
import { applyToBookings, arrivingBookings, byFlight } from './flight-delays';
import type { NoticeServices } from './flight-notices';

/** How far ahead pick-ups are watched. */
const FLIGHT_POLL_AHEAD_HOURS = 48;

export interface PollResult {
  flights: number;
  failed: number;
  notices: number;
}

/**
 * Asks the provider about the flights of `rows` (all arriving flights in the window when not given) and
 * applies each answer; the notices go out after each booking's commit.
 */
export async function pollFlights(
  services: NoticeServices,
  provider: FlightStatusProvider,
  now: Date,
  only?: { flightNumber: string; date: string },
): Promise<PollResult> {
  const { config, database } = services;
  const rows = await arrivingBookings(database, now, {
    aheadHours: FLIGHT_POLL_AHEAD_HOURS,
    capHours: config.flightDelayFreeHours,
    timeZone: config.timeZone,
    ...only,
  });
  const result: PollResult = { flights: 0, failed: 0, notices: 0 };
  for (const [key, group] of byFlight(rows)) {
    const [flightNumber = '', date = ''] = key.split('|');
    result.flights += 1;
    const arrival = await provider.arrival(flightNumber, date).catch((error: unknown) => {
      console.error(`flight status of ${flightNumber} on ${date} failed`, error);
      result.failed += 1;
      return null;
    });
    if (!arrival) continue;
    const notices = await applyToBookings(
      database,
      group,
      { ...arrival, source: provider.name },
      { now, timeZone: config.timeZone, capHours: config.flightDelayFreeHours, userId: null },
    );
    result.notices += notices.length;
  }
  return result;
}
