/**
 * What a partner may sell for a stay in a lot, and at what price (GET /partner/v1/availability): the website's own
 * rules through the website's own code (the stay limits and blockouts of bookings/booking-rules.ts, the cars
 * present of pricing/presence.ts, the slots of pricing/slot-load.ts, the price of pricing/price-stay.ts), then the
 * domain's rule of the partner's places (packages/domain/src/partners.ts): its own unreleased allotment left plus
 * the places open to everyone, none under a stop-sell.
 *
 * The website, for its part, leaves every partner's unreleased allotment alone: its quotes, its bookings' saves
 * under the lot's lock and its other counts add the places still held for partners to the cars present (the
 * domain's placesHeld, through pricing/partner-holds.ts), so that a partner's allotment is its own until the
 * release hour. The quotes held in memory (pricing/quote-cache.ts) hear of an allotment's change on the change feed
 * (migration 0031), of a partner's booking with its partner, and are not kept past the next release instant (a
 * hold ends with time, not with a write). Staff bookings count nothing, as before: staff may fill the car park.
 *
 * The availability call (availabilityOf) reads the same days from those quotes held in memory, with the stop-sells
 * held beside them, when the stay is inside what is held: no round trip to the database, as the website's quotes,
 * and its answer is kept with that data (the same call again is that answer, partner-api-routes.ts); a partner's
 * booking counts in the database, under the lot's lock (partner-booking-create.ts).
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { remainingSpaces } from '@parking/domain/capacity';
import { addDaysToDate, businessDate, startOfBusinessDay, stayDays } from '@parking/domain/dates';
import { stayBlockoutProblem, type BlockoutPeriod } from '@parking/domain/parking-blockouts';
import {
  HOLDING_PARTNER_STATUSES,
  partnerMessages,
  partnerPlaces,
  stayPlaces,
  stopSellCovers,
  type Allotment,
  type DaySupply,
} from '@parking/domain/partners';
import type { RequestContext, Services } from '../context';
import {
  blockoutPeriods,
  bookings,
  lots,
  partnerAllotments,
  partners,
  partnerStopSells,
} from '../db/schema/index';
import { parkingBlockoutsAt, type LotRow } from '../bookings/booking-rules';
import { ApiError, errors } from '../jsonapi/errors';
import { quoteDateProblems } from '@parking/domain/quotes';
import { takesPlaceSql } from '../bookings/status-rules-sql';
import { presentByDay } from '../pricing/presence';
import type { CachedQuoteData } from '../pricing/quote-cache';
import { priceStay } from '../pricing/price-stay';
import { slotProblems } from '../pricing/slot-load';

/** Why a stay cannot be sold, when it cannot. */
type Unavailable = 'stop_sell' | 'closed' | 'slot_full' | 'full';

export interface PartnerStayAnswer {
  available: boolean;
  reason: Unavailable | null;
  /** Places the partner may sell for the whole stay (its fullest day's). */
  places: number;
  price: string;
  startDate: string;
  endDate: string;
  days: Array<{ date: string; places: number; stopSell: boolean }>;
}

/** What reading a lot's days needs: the database, the time, the settings (a request's context, or a job's). */
export type SupplyContext = Pick<RequestContext, 'db' | 'now'> & { services: Pick<Services, 'config'> };

/** Each partner's bookings in the lot present on each day of startDate..endDate (by the website's day rule). */
async function partnerTakenByDay(
  ctx: SupplyContext,
  lotId: number,
  startDate: string,
  endDate: string,
): Promise<Array<Map<number, number>>> {
  const tz = ctx.services.config.timeZone;
  const days = stayDays(startDate, endDate);
  const rows = await ctx.db
    .select({ partnerId: bookings.partnerId, start: bookings.startDatetime, end: bookings.endDatetime })
    .from(bookings)
    .where(
      and(
        eq(bookings.lotId, lotId),
        isNotNull(bookings.partnerId),
        lt(bookings.startDatetime, startOfBusinessDay(addDaysToDate(endDate, 1), tz)),
        or(isNull(bookings.endDatetime), gte(bookings.endDatetime, startOfBusinessDay(startDate, tz))),
        takesPlaceSql('bookings', ctx.now),
      ),
    );
  const taken = Array.from({ length: days }, () => new Map<number, number>());
  for (const row of rows) {
    if (row.partnerId === null) continue;
    const first = businessDate(row.start, tz);
    // An open-ended stay covers every day from its start.
    const last = row.end === null ? endDate : businessDate(row.end, tz);
    for (let i = 0; i < days; i += 1) {
      const date = addDaysToDate(startDate, i);
      const day = taken[i];
      if (day && first <= date && date <= last) day.set(row.partnerId, (day.get(row.partnerId) ?? 0) + 1);
    }
  }
  return taken;
}

/** The days of the stay as the domain's rule reads them. */
export async function staySupply(
  ctx: SupplyContext,
  lot: LotRow,
  partnerId: number,
  start: Date,
  end: Date,
): Promise<{ days: DaySupply[]; slotFull: boolean }> {
  const tz = ctx.services.config.timeZone;
  const startDate = businessDate(start, tz);
  const endDate = businessDate(end, tz);
  // One after the other: the same connection answers each.
  const present = (await presentByDay(ctx.db, [lot.id], startDate, endDate, tz, ctx.now)).get(lot.id) ?? [];
  const byPartner = await partnerTakenByDay(ctx, lot.id, startDate, endDate);
  const allotments: Allotment[] = await ctx.db
    .select({
      partnerId: partnerAllotments.partnerId,
      places: partnerAllotments.places,
      releaseHours: partnerAllotments.releaseHours,
    })
    .from(partnerAllotments)
    .innerJoin(partners, eq(partners.id, partnerAllotments.partnerId))
    .where(and(eq(partnerAllotments.lotId, lot.id), inArray(partners.status, [...HOLDING_PARTNER_STATUSES])));
  const stops = await ctx.db
    .select({ startDate: partnerStopSells.startDate, endDate: partnerStopSells.endDate })
    .from(partnerStopSells)
    .where(
      and(
        eq(partnerStopSells.lotId, lot.id),
        eq(partnerStopSells.partnerId, partnerId),
        lte(partnerStopSells.startDate, endDate),
        gte(partnerStopSells.endDate, startDate),
      ),
    );
  const blockouts = await ctx.db
    .select({
      message: blockoutPeriods.message,
      startDatetime: blockoutPeriods.startDatetime,
      endDatetime: blockoutPeriods.endDatetime,
    })
    .from(blockoutPeriods)
    .where(parkingBlockoutsAt(start, end));
  const slotFull = (await slotProblems(ctx.db, lot, { start, end }, ctx.now)).length > 0;
  const days = supplyDays(lot, partnerId, start, end, tz, {
    taken: (index) => present[index] ?? 0,
    takenByPartner: (index) => byPartner[index] ?? new Map(),
    allotments,
    stops,
    blockouts,
  });
  return { days, slotFull };
}

/** What a lot's days are worked out from: the places taken on each day (by index from the stay's first day). */
interface SupplySource {
  taken(index: number): number;
  takenByPartner(index: number): ReadonlyMap<number, number>;
  allotments: readonly Allotment[];
  /** The partner's stop-sells in the lot. */
  stops: ReadonlyArray<{ startDate: string; endDate: string }>;
  /** Parking blockouts (those at the drop-off or the pick-up close the stay). */
  blockouts: readonly BlockoutPeriod[];
}

/** The days of the stay as the domain's rule reads them, from either source. */
function supplyDays(
  lot: LotRow,
  partnerId: number,
  start: Date,
  end: Date,
  tz: string,
  source: SupplySource,
): DaySupply[] {
  const startDate = businessDate(start, tz);
  const blocked = stayBlockoutProblem(source.blockouts, start, end)?.field;
  const endDate = businessDate(end, tz);
  const capacity = remainingSpaces(0, lot.spaces, lot.fillRateThreshold);
  return Array.from({ length: stayDays(startDate, endDate) }, (_, index): DaySupply => {
    const date = addDaysToDate(startDate, index);
    return {
      date,
      capacity,
      taken: source.taken(index),
      takenByPartner: source.takenByPartner(index),
      allotments: source.allotments,
      stopSold: new Set(source.stops.some((stop) => stopSellCovers(stop, date)) ? [partnerId] : []),
      closed:
        (blocked === 'startDatetime' && date === startDate) ||
        (blocked === 'endDatetime' && date === endDate),
    };
  });
}

/**
 * The same days from the quotes held in memory (pricing/quote-cache.ts: the cars present, the allotments and
 * their partners' bookings, the stop-sells, the blockouts, kept current by the change feed), for the availability
 * call; a booking's save counts in the database, under the lot's lock.
 */
async function heldSupply(
  ctx: SupplyContext,
  held: CachedQuoteData,
  lot: LotRow,
  partnerId: number,
  stay: { start: Date; end: Date },
): Promise<{ days: DaySupply[]; slotFull: boolean }> {
  const { offset, cars, holds, stopSells } = held.partners;
  const lotCars = cars.get(lot.id) ?? [];
  const partnerCounts = holds.taken.get(lot.id);
  const days = supplyDays(lot, partnerId, stay.start, stay.end, ctx.services.config.timeZone, {
    taken: (index) => lotCars[offset + index] ?? 0,
    takenByPartner: (index) =>
      new Map([...(partnerCounts ?? [])].map(([id, counts]) => [id, counts[offset + index] ?? 0])),
    allotments: holds.allotments.get(lot.id) ?? [],
    stops: stopSells.filter((stop) => stop.lotId === lot.id && stop.partnerId === partnerId),
    blockouts: held.blockouts,
  });
  // A lot with drop-off and pick-up slots counts them in the database (none held for them).
  const slotFull = (await slotProblems(ctx.db, lot, stay, ctx.now)).length > 0;
  return { days, slotFull };
}

/**
 * The partner's answer for a stay: its places, why none, the price the website would charge for it; counted from
 * the quotes held in memory when `held` is given (the availability call), else in the database.
 */
export async function partnerAvailability(
  ctx: RequestContext,
  partnerId: number,
  lot: LotRow,
  stay: { start: Date; end: Date },
  held?: CachedQuoteData,
): Promise<PartnerStayAnswer> {
  const tz = ctx.services.config.timeZone;
  // The website's quote rules for the stay's dates: not in the past, within the horizon, not too long.
  const problems = quoteDateProblems(
    businessDate(stay.start, tz),
    businessDate(stay.end, tz),
    businessDate(ctx.now, tz),
    ctx.services.config.stayLimits,
  );
  if (problems.length)
    throw new ApiError(
      400,
      problems.map((problem) => ({
        status: '400',
        code: 'invalid_parameter' as const,
        detail: problem.message,
        source: { parameter: problem.field === 'startDate' ? 'start' : 'end' },
      })),
    );
  const { days, slotFull } = held
    ? await heldSupply(ctx, held, lot, partnerId, stay)
    : await staySupply(ctx, lot, partnerId, stay.start, stay.end);
  const placesOn = (day: DaySupply) => partnerPlaces(day, partnerId, ctx.now, tz);
  const places = slotFull ? 0 : stayPlaces(days, placesOn);
  const reason: Unavailable | null =
    places > 0
      ? null
      : days.some((day) => day.stopSold.has(partnerId))
        ? 'stop_sell'
        : days.some((day) => day.closed)
          ? 'closed'
          : slotFull
            ? 'slot_full'
            : 'full';
  const priced = await priceStay(
    ctx.db,
    {
      lot,
      start: stay.start,
      end: stay.end,
      discountRate: '0',
      extrasCents: 0,
      userId: null,
      calculateGaps: false,
      held: held?.pricing,
    },
    { now: ctx.now, timeZone: tz },
  );
  return {
    available: places > 0,
    reason,
    places,
    price: priced.money.totalCost,
    startDate: priced.startDate,
    endDate: priced.endDate,
    days: days.map((day) => ({
      date: day.date,
      places: placesOn(day),
      stopSell: day.stopSold.has(partnerId),
    })),
  };
}

/**
 * The availability call's lot and answer: from the quotes held in memory when the stay is inside what is held
 * (no round trip to the database, as the website's quotes), else read from the database.
 */
export async function availabilityOf(
  ctx: RequestContext,
  partnerId: number,
  stay: { lot: string; start: Date; end: Date },
): Promise<{ lot: LotRow; answer: PartnerStayAnswer; responses: CachedQuoteData['responses'] | undefined }> {
  const tz = ctx.services.config.timeZone;
  const held = await ctx.services.quoteCache?.lookup(
    ctx.now,
    businessDate(stay.start, tz),
    businessDate(stay.end, tz),
  );
  const [lot] = held
    ? held.lots.filter((row) => row.slug === stay.lot)
    : await ctx.db.select().from(lots).where(eq(lots.slug, stay.lot)).limit(1);
  if (!lot) throw errors.parameter(partnerMessages.unknownLot(stay.lot), 'lot');
  const answer = await partnerAvailability(ctx, partnerId, lot, stay, held);
  // The answers written from the same held data, where this one may be kept (dropped with it).
  return { lot, answer, responses: held?.responses };
}
