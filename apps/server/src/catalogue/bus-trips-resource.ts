/** Shuttle bus departures to the airport, per timetable (weekday or weekend). */
import type { BusTripAttributes } from '@parking/domain/api-contract/catalogue';
import { and, eq, ne } from 'drizzle-orm';
import { busTripSchema } from '@parking/domain/catalogue';
import { SERVICES } from '@parking/domain/constants';
import { formatTime12 } from '@parking/domain/dates';
import { busTrips, flights } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';

type BusTripRow = typeof busTrips.$inferSelect;

export const busTripsResource: ResourceDefinition<BusTripRow> = {
  type: 'bus-trips',
  table: busTrips,
  idColumn: busTrips.id,
  notFound: 'Bus Trip not found',
  attributes: (row) =>
    ({
      service: row.service,
      departureTime: row.departureTime,
      formattedTime: formatTime12(row.departureTime),
    }) satisfies BusTripAttributes,
  filters: {
    service: {
      kind: 'column',
      column: busTrips.service,
      value: 'string',
      ops: ['eq', 'in'],
      choices: SERVICES,
    },
  },
  sorts: { departureTime: busTrips.departureTime, service: busTrips.service, id: busTrips.id },
  defaultSort: 'departureTime',
  access: PUBLIC_SETTINGS_ACCESS,
  write: {
    schema: busTripSchema,
    async prepare(ctx, values, existing) {
      // A flight's bus runs on the flight's timetable: moving a trip to the other one would break that.
      if (existing && typeof values.service === 'string' && values.service !== existing.service) {
        const [used] = await ctx.db
          .select({ id: flights.id })
          .from(flights)
          .where(and(eq(flights.busTripId, existing.id), ne(flights.service, values.service)))
          .limit(1);
        if (used)
          throw errors.invalid(`Flights on the ${existing.service} timetable use this bus trip.`, 'service');
      }
      return values;
    },
  },
  uniqueErrors: {
    bus_trips_service_time_key: {
      field: 'departureTime',
      detail: 'A bus trip at this time already exists on this timetable.',
    },
  },
};
