/**
 * What a new booking's checks read before its lot is locked, in one statement: the vehicle type and the
 * airlines it names, the online form's blockout and the parking blockouts at its drop-off and pick-up, and
 * its lot with the lot's rates and surcharges for the stay. Each was a statement of its own (eleven round
 * trips on the booking's connection); the checks themselves stay where they were, in the same order.
 */
import { eq, sql } from 'drizzle-orm';
import type { BlockoutPeriod } from '@parking/domain/parking-blockouts';
import type { LotPricing } from '@parking/domain/pricing';
import type { Executor } from '../db/client';
import { airlines, blockoutPeriods, lots, vehicleTypes } from '../db/schema/index';
import { isDatabaseId } from '@parking/domain/api-values';
import { currentFormBlockout, parkingBlockoutsAt, type LotRow } from './booking-rules';
import { lotPricingSql, parseLotPricing, type LotPricingJson } from '../pricing/pricing-data';

export interface BookingReferencesQuery {
  lotId: number;
  vehicleTypeId: number;
  airlineInId: number | null | undefined;
  airlineOutId: number | null | undefined;
  start: Date;
  end: Date;
  /** The stay's first and last business dates (the surcharges read). */
  startDate: string;
  endDate: string;
  now: Date;
}

export interface BookingReferences {
  /** Whether the id names a row (an id that cannot be a row's is not asked about: false). */
  vehicleTypeFound: boolean;
  /** true when no airline was given. */
  airlineInFound: boolean;
  /** The departure airline named, or null when none was given or it names no row. */
  airlineOut: { id: number; name: string } | null;
  /** The online_form blockout current now, if any. */
  formBlockout: { message: string } | undefined;
  /** The parking blockouts the drop-off or the pick-up falls inside. */
  parkingBlockouts: BlockoutPeriod[];
  /** The lot, or undefined when its id names none. */
  lot: LotRow | undefined;
  /** The lot's pricing for the stay (empty when there is no lot). */
  pricing: Map<number, LotPricing>;
}

/** An id the database could hold, else null (asked about as "none": the caller refuses it). */
const askable = (id: number | null | undefined): number | null =>
  id != null && isDatabaseId(id) ? id : null;

export async function loadBookingReferences(
  db: Executor,
  q: BookingReferencesQuery,
): Promise<BookingReferences> {
  const lotId = askable(q.lotId);
  const airlineIn = askable(q.airlineInId);
  const airlineOut = askable(q.airlineOutId);
  const [row] = await db
    .select({
      lot: lots,
      vehicleType: sql<boolean>`EXISTS (${db
        .select({ id: vehicleTypes.id })
        .from(vehicleTypes)
        .where(eq(vehicleTypes.id, askable(q.vehicleTypeId) ?? -1))})`,
      airlineIn: sql<boolean>`EXISTS (${db
        .select({ id: airlines.id })
        .from(airlines)
        .where(eq(airlines.id, airlineIn ?? -1))})`,
      airlineOutName: sql<string | null>`(${db
        .select({ name: airlines.name })
        .from(airlines)
        .where(eq(airlines.id, airlineOut ?? -1))})`,
      formBlockout: sql<string | null>`(${db
        .select({ message: blockoutPeriods.message })
        .from(blockoutPeriods)
        .where(currentFormBlockout(q.now))
        .limit(1)})`,
      parkingBlockouts: sql<Array<{ message: string; startDatetime: string; endDatetime: string }> | string>`(
        SELECT coalesce(json_agg(json_build_object('message', b.message, 'startDatetime', b."startDatetime", 'endDatetime', b."endDatetime")), '[]'::json)
          FROM (${db
            .select({
              message: blockoutPeriods.message,
              startDatetime: sql`${blockoutPeriods.startDatetime}`.as('startDatetime'),
              endDatetime: sql`${blockoutPeriods.endDatetime}`.as('endDatetime'),
            })
            .from(blockoutPeriods)
            .where(parkingBlockoutsAt(q.start, q.end))}) AS b)`,
      pricing: lotPricingSql(sql`(${lotId ?? -1})`, q.startDate, q.endDate),
    })
    .from(sql`(VALUES (1)) AS one (x)`)
    .leftJoin(lots, eq(lots.id, lotId ?? -1));
  if (!row) throw new Error('The booking references statement answered no row');
  const blockouts =
    typeof row.parkingBlockouts === 'string'
      ? (JSON.parse(row.parkingBlockouts) as Array<{
          message: string;
          startDatetime: string;
          endDatetime: string;
        }>)
      : row.parkingBlockouts;
  const lot = row.lot ?? undefined;
  return {
    vehicleTypeFound: row.vehicleType === true,
    airlineInFound: airlineIn === null ? q.airlineInId == null : row.airlineIn === true,
    airlineOut:
      airlineOut !== null && row.airlineOutName !== null
        ? { id: airlineOut, name: row.airlineOutName }
        : null,
    formBlockout: row.formBlockout === null ? undefined : { message: row.formBlockout },
    parkingBlockouts: blockouts.map((blockout) => ({
      message: blockout.message,
      startDatetime: new Date(blockout.startDatetime),
      endDatetime: new Date(blockout.endDatetime),
    })),
    lot,
    pricing: lot ? parseLotPricing([lot], row.pricing as LotPricingJson | string | null) : new Map(),
  };
}
