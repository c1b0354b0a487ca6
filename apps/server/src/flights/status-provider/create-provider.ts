import type { Config } from '../../config/config';
import type { Executor } from '../../db/client';
import { createAeroDataBoxProvider } from './aerodatabox-provider';
import { createLocalFlightStatusProvider } from './local-provider';
import type { FlightStatusProvider } from './provider';

/** The configured provider, or null when flight status is switched off (FLIGHT_STATUS_PROVIDER=none). */
export function createFlightStatusProvider(config: Config, db: Executor): FlightStatusProvider | null {
  const flights = config.flightStatus;
  if (flights.provider === 'none') return null;
  if (flights.provider === 'aerodatabox')
    return createAeroDataBoxProvider({
      apiKey: flights.apiKey,
      baseUrl: flights.baseUrl,
      host: flights.host,
      airportIata: flights.airportIata,
    });
  if (config.env === 'production')
    throw new Error('The local flight-status provider cannot run in production');
  return createLocalFlightStatusProvider(db);
}
