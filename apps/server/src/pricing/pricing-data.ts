/** Loads what the pure pricing and capacity rules need from the database. */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { LotPricing } from '@parking/domain/pricing';
import { parseMoney } from '@parking/domain/money';
import { rowsOf, type Executor } from '../db/client';
import { lots } from '../db/schema/index';
import { stayDays } from '@parking/domain/dates';
import {
  heldByDay,
  parsePartnerHolds,
  partnerHoldsSql,
  withHeld,
  type PartnerHolds,
  type PartnerHoldsJson,
} from './partner-holds';
import { countPresence, idList, presenceSpansSql } from './presence';

export type LotRow = typeof lots.$inferSelect;

type RateRow = { lotId: number; days: number; rate: string };
type SurchargeRow = { lotId: number; date: string; surcharge: string };

type LotRates = { id: number; rate: string; subscriptionParkingDiscount?: string };

function pricingFrom(
  lotRows: LotRates[],
  rateRows: RateRow[],
  surchargeRows: SurchargeRow[],
): Map<number, LotPricing> {
  const result = new Map<number, LotPricing>();
  for (const lot of lotRows) {
    result.set(lot.id, {
      rows: rateRows
        .filter((row) => row.lotId === lot.id)
        .map((row) => ({ days: row.days, cents: parseMoney(row.rate) })),
      dailyCents: parseMoney(lot.rate),
      surcharges: new Map(
        surchargeRows
          .filter((row) => row.lotId === lot.id)
          .map((row) => [row.date, parseMoney(row.surcharge)]),
      ),
      subscriptionShare: lot.subscriptionParkingDiscount ?? '1',
    });
  }
  return result;
}

/** The rate tables and surcharges of the lots `lotIdsSql` names, as one JSON value (see lotPricingSql). */
export interface LotPricingJson {
  /** [lotId, days, rate] */
  rates: Array<[number, number, string]>;
  /** [lotId, date, surcharge] */
  surcharges: Array<[number, string, string]>;
}

const ratesJsonSql = (lotIdsSql: SQL) =>
  sql`(SELECT coalesce(json_agg(json_build_array(r.lot_id, d.days, r.rate::text) ORDER BY d.days), '[]'::json)
         FROM short_term_rates r JOIN short_term_rate_days d ON d.id = r.day_id
        WHERE r.lot_id IN ${lotIdsSql})`;

const surchargesJsonSql = (lotIdsSql: SQL, startDate: string, endDate: string) =>
  sql`(SELECT coalesce(json_agg(json_build_array(er.lot_id, to_char(ed.date, 'YYYY-MM-DD'), er.surcharge::text)), '[]'::json)
         FROM exceptional_rates er JOIN exceptional_days ed ON ed.id = er.day_id
        WHERE er.lot_id IN ${lotIdsSql} AND ed.date BETWEEN ${startDate}::date AND ${endDate}::date)`;

/**
 * A scalar subquery answering LotPricingJson: what pricing a stay of startDate..endDate needs besides the
 * lot's own row, so that it can be read in the statement that reads the lot (one round trip, not three).
 */
export function lotPricingSql(
  lotIdsSql: SQL,
  startDate: string,
  endDate: string,
): SQL<LotPricingJson | string> {
  return sql<LotPricingJson | string>`(SELECT json_build_object(
    'rates', ${ratesJsonSql(lotIdsSql)},
    'surcharges', ${surchargesJsonSql(lotIdsSql, startDate, endDate)}))`;
}

/** The lots' pricing from their rows and lotPricingSql's value. */
export function parseLotPricing(
  lotRows: LotRates[],
  value: LotPricingJson | string | null | undefined,
): Map<number, LotPricing> {
  // JSON arrives parsed from both drivers; a string would be a driver configured not to parse it.
  const data: Partial<LotPricingJson> =
    typeof value === 'string' ? (JSON.parse(value) as LotPricingJson) : (value ?? {});
  return pricingFrom(
    lotRows,
    (data.rates ?? []).map(([lotId, days, rate]) => ({ lotId, days, rate })),
    (data.surcharges ?? []).map(([lotId, date, surcharge]) => ({ lotId, date, surcharge })),
  );
}

/** Rate table, daily rate and surcharges of the given lots for the dates startDate..endDate, in one statement. */
export async function loadLotPricing(
  db: Executor,
  lotIds: number[],
  startDate: string,
  endDate: string,
): Promise<Map<number, LotPricing>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: lots.id,
      rate: lots.rate,
      subscriptionParkingDiscount: lots.subscriptionParkingDiscount,
      pricing: lotPricingSql(idList(lotIds), startDate, endDate),
    })
    .from(lots)
    .where(inArray(lots.id, lotIds));
  return parseLotPricing(rows, rows[0]?.pricing);
}

/** What quotes need besides the lots themselves, as one JSON value (see quoteDataSql). */
export interface QuoteDataJson {
  /** [lotId, days, rate] */
  rates: Array<[number, number, string]>;
  /** [lotId, date, surcharge] */
  surcharges: Array<[number, string, string]>;
  /** [lotId, first, last, cars]: presence spans, as presentByDay counts them. */
  spans: Array<[number, number, number, number]>;
  /** The partners' allotments and their own bookings (pricing/partner-holds.ts). */
  holds: PartnerHoldsJson;
}

/**
 * A scalar subquery answering QuoteDataJson for the lots `lotIdsSql` names (a parenthesised list
 * or subquery of ids) and the dates startDate..endDate: the rate tables, the surcharges, the
 * presence spans and what the places held for partners are counted from, so that a quote needs one statement (the quote is the hottest read path, and on
 * a busy server each statement's round trip counts).
 */
export function quoteDataSql(
  lotIdsSql: SQL,
  startDate: string,
  endDate: string,
  timeZone: string,
  now: Date,
): SQL<QuoteDataJson | string> {
  const spans = presenceSpansSql({ lotIds: [], startDate, endDate, timeZone, now }, lotIdsSql);
  return sql<QuoteDataJson | string>`(SELECT json_build_object(
    'rates', ${ratesJsonSql(lotIdsSql)},
    'surcharges', ${surchargesJsonSql(lotIdsSql, startDate, endDate)},
    'spans', (SELECT coalesce(json_agg(json_build_array(s.lot_id, s.first, s.last, s.cars)), '[]'::json)
                FROM (${spans}) AS s),
    'holds', ${partnerHoldsSql(lotIdsSql, { startDate, endDate, timeZone, now })}))`;
}

/**
 * The lots' pricing and the cars present on each date, as loadLotPricing and presentByDay answer them, and what
 * the places held for partners on each date are counted from.
 */
export function parseQuoteData(
  lotRows: LotRates[],
  value: QuoteDataJson | string | null | undefined,
  startDate: string,
  endDate: string,
): { pricing: Map<number, LotPricing>; present: Map<number, number[]>; holds: PartnerHolds } {
  // JSON arrives parsed from both drivers; a string would be a driver configured not to parse it.
  const data: Partial<QuoteDataJson> =
    typeof value === 'string' ? (JSON.parse(value) as QuoteDataJson) : (value ?? {});
  const rates = (data.rates ?? []).map(([lotId, days, rate]) => ({ lotId, days, rate }));
  const surcharges = (data.surcharges ?? []).map(([lotId, date, surcharge]) => ({ lotId, date, surcharge }));
  const spans = (data.spans ?? []).map(([lotId, first, last, cars]) => ({ lotId, first, last, cars }));
  const lotIds = lotRows.map((lot) => lot.id);
  return {
    pricing: pricingFrom(lotRows, rates, surcharges),
    present: countPresence(lotIds, startDate, endDate, spans),
    holds: parsePartnerHolds(data.holds, startDate, endDate),
  };
}

/**
 * What quotes need for the given lots, in one statement (the quotes route also reads the lots in it): the cars
 * present as the website counts them, the places held for partners at `now` included.
 */
export async function loadQuoteData(
  db: Executor,
  lotRows: LotRates[],
  startDate: string,
  endDate: string,
  timeZone: string,
  now: Date,
): Promise<{ pricing: Map<number, LotPricing>; present: Map<number, number[]> }> {
  if (lotRows.length === 0) return { pricing: new Map(), present: new Map() };
  const ids = idList(lotRows.map((lot) => lot.id));
  const [row] = rowsOf<{ data: QuoteDataJson | string }>(
    await db.execute(sql`SELECT ${quoteDataSql(ids, startDate, endDate, timeZone, now)} AS data`),
  );
  const { pricing, present, holds } = parseQuoteData(lotRows, row?.data, startDate, endDate);
  const held = heldByDay(holds, startDate, stayDays(startDate, endDate), now, timeZone);
  return { pricing, present: withHeld(present, held) };
}
