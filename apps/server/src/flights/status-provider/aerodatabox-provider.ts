/**
 * AeroDataBox (https://aerodatabox.com) through RapidAPI: `GET /flights/number/{number}/{date}` with
 * `dateLocalRole=Arrival` answers the flight's legs landing on that local date, each with its arrival's
 * scheduled, revised and predicted times and a status. One call per flight and poll, whatever the number of
 * bookings on it (the poller groups them).
 */
import { z } from 'zod';
import type { FlightState } from '@parking/domain/flight-delay';
import type { FlightArrival, FlightStatusProvider } from './provider';

export interface AeroDataBoxOptions {
  apiKey: string;
  /** https://aerodatabox.p.rapidapi.com, or another address answering the same API (tests). */
  baseUrl: string;
  /** The RapidAPI host header (aerodatabox.p.rapidapi.com). */
  host: string;
  /** Only the legs landing at this airport (IATA), when set: a flight number can fly several legs a day. */
  airportIata: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const time = z.object({ utc: z.string() }).partial().nullish();
const movement = z.object({
  airport: z.object({ iata: z.string().nullish() }).partial().nullish(),
  scheduledTime: time,
  revisedTime: time,
  predictedTime: time,
  runwayTime: time,
});
const flight = z.object({
  status: z.string().nullish(),
  arrival: movement.nullish(),
});
const answerSchema = z.array(flight);

/** "2026-12-10 05:30Z" (AeroDataBox's UTC format) to a Date; null when absent or unreadable. */
function instant(value: z.infer<typeof time>): Date | null {
  const text = value?.utc;
  if (!text) return null;
  const parsed = new Date(text.replace(' ', 'T'));
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function state(status: string | null | undefined, late: boolean): FlightState {
  if (status === 'Canceled' || status === 'CanceledUncertain') return 'cancelled';
  if (status === 'Arrived') return 'landed';
  return late || status === 'Delayed' ? 'delayed' : 'scheduled';
}

export function parseAeroDataBoxArrival(
  body: unknown,
  airportIata: string | undefined,
): FlightArrival | null {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return null;
  const legs = parsed.data.filter(
    (leg) => !airportIata || leg.arrival?.airport?.iata?.toUpperCase() === airportIata.toUpperCase(),
  );
  const leg = legs.at(-1);
  if (!leg?.arrival) return null;
  const scheduled = instant(leg.arrival.scheduledTime);
  const estimate =
    instant(leg.arrival.runwayTime) ?? instant(leg.arrival.revisedTime) ?? instant(leg.arrival.predictedTime);
  const late = !!scheduled && !!estimate && estimate.getTime() > scheduled.getTime();
  const flightState = state(leg.status, late);
  return {
    state: flightState,
    scheduledArrival: scheduled,
    estimatedArrival: flightState === 'cancelled' ? null : (estimate ?? scheduled),
  };
}

export function createAeroDataBoxProvider(options: AeroDataBoxOptions): FlightStatusProvider {
  const get = options.fetch ?? fetch;
  return {
    name: 'aerodatabox',
    async arrival(flightNumber, date) {
      const url = new URL(`/flights/number/${encodeURIComponent(flightNumber)}/${date}`, options.baseUrl);
      url.searchParams.set('dateLocalRole', 'Arrival');
      url.searchParams.set('withAircraftImage', 'false');
      url.searchParams.set('withLocation', 'false');
      const response = await get(url, {
        headers: { 'X-RapidAPI-Key': options.apiKey, 'X-RapidAPI-Host': options.host },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      // 204: no such flight that day; 404 likewise.
      if (response.status === 204 || response.status === 404) return null;
      if (!response.ok)
        throw new Error(`AeroDataBox answered ${response.status} for ${flightNumber} ${date}`);
      return parseAeroDataBoxArrival(await response.json(), options.airportIata);
    },
  };
}
