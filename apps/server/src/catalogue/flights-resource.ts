/**
 * Scheduled flights per airline and timetable. A departure may name the shuttle bus that meets
 * it; that bus must run on the flight's timetable, and an arrival has none.
 */
import type { FlightAttributes } from '@parking/domain/api-contract/catalogue';
import { eq } from 'drizzle-orm';
import { flightSchema } from '@parking/domain/catalogue';
import { SERVICES } from '@parking/domain/constants';
import type { RequestContext } from '../context';
import { busTrips, flights } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';
import { mergedValue } from '../jsonapi/merged';

type FlightRow = typeof flights.$inferSelect;

const BUS_TRIP = '/data/relationships/busTrip';

/**
 * The bus trip the flight keeps: none for an arrival; when only the timetable changes, a bus of
 * the old timetable is dropped (spec: changing a flight's timetable clears its bus trip); a bus
 * chosen in this write must match.
 */
async function busTripOf(
  ctx: RequestContext,
  values: Record<string, unknown>,
  existing: FlightRow | undefined,
): Promise<number | null> {
  const busTripId = mergedValue(values, existing, 'busTripId');
  if (typeof busTripId !== 'number') return null;
  if (mergedValue(values, existing, 'departure') === false) return null;
  const [trip] = await ctx.db
    .select({ service: busTrips.service })
    .from(busTrips)
    .where(eq(busTrips.id, busTripId))
    .limit(1);
  if (trip?.service === mergedValue(values, existing, 'service')) return busTripId;
  if ('busTripId' in values)
    throw errors.invalid("The bus trip must run on the flight's timetable.", BUS_TRIP);
  return null;
}

export const flightsResource: ResourceDefinition<FlightRow> = {
  type: 'flights',
  table: flights,
  idColumn: flights.id,
  notFound: 'Flight not found',
  attributes: (row) =>
    ({
      flightNumber: row.flightNumber,
      flightLabel: row.flightLabel,
      time: row.time,
      departure: row.departure,
      service: row.service,
    }) satisfies FlightAttributes,
  relationships: {
    airline: { kind: 'one', type: 'airlines', key: 'airlineId' },
    busTrip: { kind: 'one', type: 'bus-trips', key: 'busTripId' },
  },
  filters: {
    departure: { kind: 'column', column: flights.departure, value: 'bool' },
    airline: { kind: 'column', column: flights.airlineId, value: 'int', ops: ['eq', 'in'] },
    service: {
      kind: 'column',
      column: flights.service,
      value: 'string',
      ops: ['eq', 'in'],
      choices: SERVICES,
    },
    busTrip: { kind: 'column', column: flights.busTripId, value: 'int', ops: ['eq', 'in', 'isnull'] },
    flightNumber: { kind: 'column', column: flights.flightNumber, value: 'string', ops: ['eq', 'icontains'] },
  },
  sorts: { time: flights.time, flightNumber: flights.flightNumber, id: flights.id },
  defaultSort: 'time',
  access: PUBLIC_SETTINGS_ACCESS,
  write: {
    schema: flightSchema,
    relationships: {
      airline: { key: 'airlineId', type: 'airlines', required: true },
      busTrip: { key: 'busTripId', type: 'bus-trips' },
    },
    async prepare(ctx, values, existing) {
      const busTripId = await busTripOf(ctx, values, existing);
      return busTripId === (existing?.busTripId ?? null) && !('busTripId' in values)
        ? values
        : { ...values, busTripId };
    },
  },
};
