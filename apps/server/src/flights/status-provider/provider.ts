/**
 * The arriving flights' status, as the rest of the server sees it (issue 24). Two adapters, like the
 * payment providers: `aerodatabox` (AeroDataBox's REST API through RapidAPI: one call per flight number and
 * date) and `local` (development, tests, the demo: flights staff or a test set in local_flight_statuses).
 * Nothing outside flight-status/ knows which one runs.
 */
import type { FlightState } from '@parking/domain/flight-delay';

export interface FlightArrival {
  state: FlightState;
  /** The flight's scheduled arrival, when the provider gives it. */
  scheduledArrival: Date | null;
  /** Its latest estimate (or the actual landing); null when cancelled or not yet known. */
  estimatedArrival: Date | null;
}

export interface FlightStatusProvider {
  readonly name: 'local' | 'aerodatabox';
  /**
   * The arrival of `flightNumber` (normalised: "QF1234") on the business date `date` (YYYY-MM-DD), or null
   * when the provider does not know the flight.
   */
  arrival(flightNumber: string, date: string): Promise<FlightArrival | null>;
}
