/** Airlines and flights for the flights step (public-site §7 "Airlines", "Flights"). */
import { queryOptions } from '@tanstack/react-query';
import type {
  AirlineAttributes,
  BusTripAttributes,
  FlightAttributes,
} from '@parking/domain/api-contract/catalogue';
import type { Service } from '@parking/domain/constants';
import { apiRequest } from '@/lib/api/client';
import { IncludedIndex, type ListDocument } from '@/lib/api/jsonapi';

export interface Airline {
  id: string;
  name: string;
}

export interface Flight {
  id: string;
  flightNumber: string;
  flightLabel: string;
  /** 'HH:mm:ss' */
  time: string;
  /** The shuttle bus meeting a departure, 'HH:mm:ss', or null. */
  busDepartureTime: string | null;
}

export const airlinesQuery = queryOptions({
  queryKey: ['airlines'],
  queryFn: async ({ signal }): Promise<Airline[]> => {
    const document = await apiRequest<ListDocument<AirlineAttributes>>('airlines', {
      signal,
      query: { sort: 'name', 'page[size]': 200 },
    });
    return document.data.map((airline) => ({ id: airline.id, name: airline.attributes.name }));
  },
  staleTime: 60 * 60_000,
});

/** The airline's flights on a timetable, by time; departures with their shuttle bus. */
export const flightsQuery = (options: { departure: boolean; airline: string; service: Service }) =>
  queryOptions({
    queryKey: ['flights', options.departure, options.airline, options.service],
    queryFn: async ({ signal }): Promise<Flight[]> => {
      const document = await apiRequest<ListDocument<FlightAttributes>>('flights', {
        signal,
        query: {
          'filter[departure]': options.departure,
          'filter[airline]': options.airline,
          'filter[service]': options.service,
          sort: 'time',
          ...(options.departure ? { include: 'busTrip' } : {}),
          'page[size]': 500,
        },
      });
      const included = new IncludedIndex(document.included);
      return document.data.map((flight) => ({
        id: flight.id,
        flightNumber: flight.attributes.flightNumber,
        flightLabel: flight.attributes.flightLabel,
        time: flight.attributes.time,
        busDepartureTime:
          included.one<BusTripAttributes>(flight, 'busTrip', 'bus-trips')?.attributes.departureTime ?? null,
      }));
    },
    enabled: options.airline !== '',
    staleTime: 60 * 60_000,
  });
