/**
 * The local flight-status provider: the flights staff (or a test) set through
 * `POST local-flight-statuses/`, kept in the database so that every instance and its poller read the same.
 * A flight nobody set is unknown (null), so the booking keeps its pick-up; so does one whose schedule is
 * not recorded.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { localFlightStatuses } from '../../db/schema/index';
import type { FlightStatusProvider } from './provider';

export function createLocalFlightStatusProvider(db: Executor): FlightStatusProvider {
  return {
    name: 'local',
    async arrival(flightNumber, date) {
      const [row] = await db
        .select()
        .from(localFlightStatuses)
        .where(
          and(eq(localFlightStatuses.flightNumber, flightNumber), eq(localFlightStatuses.arrivalDate, date)),
        );
      if (!row) return null;
      return {
        state: row.state,
        scheduledArrival: row.scheduledArrival,
        estimatedArrival: row.estimatedArrival,
      };
    },
  };
}
