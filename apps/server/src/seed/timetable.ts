/** Airlines, the shuttle bus timetable and the flights it meets, weekday and weekend services. */
import * as t from '../db/schema/index';
import { minutesOf, timeText } from './calendar';
import type { FlightInfo, SeedContext } from './context';
import { AIRLINES, BUS_TRIPS, FLIGHTS, NOT_FLYING } from './data';

type Service = 'weekday' | 'weekend';

export interface Timetable {
  airlines: number;
  busTrips: number;
  flights: number;
  notFlyingId: number;
  departures: Record<Service, FlightInfo[]>;
  arrivals: Record<Service, FlightInfo[]>;
}

export async function seedTimetable({ tx }: SeedContext): Promise<Timetable> {
  const airlineRows = await tx
    .insert(t.airlines)
    .values([...AIRLINES.map((airline) => ({ name: airline.name })), { name: NOT_FLYING }])
    .returning({ id: t.airlines.id, name: t.airlines.name });
  const airlineId = new Map(airlineRows.map((row) => [row.name, row.id]));
  const notFlyingId = airlineId.get(NOT_FLYING) as number;
  const airlineByCode = new Map(AIRLINES.map((airline) => [airline.code as string, airline.name as string]));

  const busRows = await tx
    .insert(t.busTrips)
    .values(
      (['weekday', 'weekend'] as const).flatMap((service) => {
        // The regular timetable plus a bus an hour before each departing flight.
        const times = new Set(BUS_TRIPS[service].map(minutesOf));
        for (const [, , clock] of FLIGHTS[service].departures) times.add(minutesOf(clock) - 60);
        return [...times]
          .sort((a, b) => a - b)
          .map((minutes) => ({ service, departureTime: timeText(minutes) }));
      }),
    )
    .returning({ id: t.busTrips.id, service: t.busTrips.service, departureTime: t.busTrips.departureTime });

  const departures: Record<Service, FlightInfo[]> = { weekday: [], weekend: [] };
  const arrivals: Record<Service, FlightInfo[]> = { weekday: [], weekend: [] };
  const flightRows: (typeof t.flights.$inferInsert)[] = [];
  for (const service of ['weekday', 'weekend'] as const) {
    for (const departure of [true, false]) {
      const list = departure ? FLIGHTS[service].departures : FLIGHTS[service].arrivals;
      for (const [flightNumber, city, clock] of list) {
        const airline = airlineByCode.get(flightNumber.slice(0, 2)) as string;
        const minutes = minutesOf(clock);
        const info: FlightInfo = {
          airlineId: airlineId.get(airline) as number,
          airline,
          flightNumber,
          minutes,
        };
        let busTripId: number | null = null;
        if (departure) {
          // The latest bus of the same service at least an hour before the flight.
          const bus = busRows
            .filter((row) => row.service === service && minutesOf(row.departureTime) <= minutes - 60)
            .sort((a, b) => minutesOf(b.departureTime) - minutesOf(a.departureTime))[0];
          if (!bus) throw new Error(`No bus for flight ${flightNumber}`);
          busTripId = bus.id;
          info.busMinutes = minutesOf(bus.departureTime);
          departures[service].push(info);
        } else {
          arrivals[service].push(info);
        }
        const route = departure ? `Hobart → ${city}` : `${city} → Hobart`;
        flightRows.push({
          airlineId: info.airlineId,
          service,
          time: timeText(minutes),
          departure,
          busTripId,
          flightNumber,
          flightLabel: `${flightNumber} ${route} ${clock}`,
        });
      }
    }
  }
  await tx.insert(t.flights).values(flightRows);
  return {
    airlines: airlineRows.length,
    busTrips: busRows.length,
    flights: flightRows.length,
    notFlyingId,
    departures,
    arrivals,
  };
}
