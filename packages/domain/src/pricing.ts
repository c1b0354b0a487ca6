/**
 * What a stay costs (architecture-rules.md "Domain rules"): rate table, long-stay daily rate,
 * exceptional-day surcharges, subscriptions, promo discount on parking only, extras, GST.
 * Everything is integer cents; rates are fractions held as basis points of a percent (1/10000).
 */
import { eachDate, stayDays } from './dates';
import { formatMoney, parseMoney, type Cents } from './money';

export interface RateRow {
  days: number;
  cents: Cents;
}

export interface LotPricing {
  /** The short-term rate table for this lot. */
  rows: RateRow[];
  /** Long-stay daily rate beyond the largest row. */
  dailyCents: Cents;
  /** Exceptional-day surcharges for this lot, by date. */
  surcharges: ReadonlyMap<string, Cents>;
  /** Share of covered parking a subscription takes off (the lot's subscriptionParkingDiscount; 1 = free). */
  subscriptionShare?: string;
}

/**
 * Parking price of a stay of `days` days, before surcharges: the exact row; below the largest row
 * with no exact row, the next larger row; above the largest, that row's price plus the daily rate
 * for each further day. With no table at all, the daily rate for each day.
 */
export function basePriceCents(days: number, rows: readonly RateRow[], dailyCents: Cents): Cents {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A stay has at least one day: ${days}`);
  const sorted = [...rows].sort((a, b) => a.days - b.days);
  const exact = sorted.find((row) => row.days === days);
  if (exact) return exact.cents;
  const larger = sorted.find((row) => row.days > days);
  if (larger) return larger.cents;
  const largest = sorted.at(-1);
  if (!largest) return days * dailyCents;
  return largest.cents + (days - largest.days) * dailyCents;
}

export function surchargeCents(
  startDate: string,
  endDate: string,
  surcharges: ReadonlyMap<string, Cents>,
): Cents {
  // Exceptional days are few and a stay may be long: walk the surcharges, not the stay's dates.
  // 'YYYY-MM-DD' strings compare in calendar order.
  let sum = 0;
  for (const [date, cents] of surcharges) if (date >= startDate && date <= endDate) sum += cents;
  return sum;
}

/** Full parking price of a stay from its departure date to its return date. */
export function parkingPriceCents(startDate: string, endDate: string, lot: LotPricing): Cents {
  return (
    basePriceCents(stayDays(startDate, endDate), lot.rows, lot.dailyCents) +
    surchargeCents(startDate, endDate, lot.surcharges)
  );
}

/** '0.15' → 1500 (parts per 10,000); refuses anything outside 0..1 or finer than 4 places. */
export function rateToParts(rate: string): number {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?|\.\d{1,4})$/.test(rate.trim()))
    throw new RangeError(`Not a rate between 0 and 1: ${rate}`);
  return Math.round(Number(rate) * 10000);
}

/** amount × rate, rounded half up to the cent, in integers only. */
export function applyRate(cents: Cents, parts: number): Cents {
  return Math.floor((cents * parts + 5000) / 10000);
}

/** GST is one eleventh of a GST-inclusive total, rounded to the cent. */
export function gstCents(totalCents: Cents): Cents {
  return Math.floor((totalCents * 10 + 55) / 110);
}

export interface SubscriptionCover {
  /** The last business date the subscription covers (its endDatetime's date). */
  coversUntil: string;
  /** Charge uncovered days as a stay of that many days (else the whole stay is free). */
  calculateGaps: boolean;
}

export interface CostInput {
  startDate: string;
  endDate: string;
  lot: LotPricing;
  /** Promo discount rate as a fraction string ('0.1'), or '0'. */
  discountRate: string;
  extrasCents: Cents;
  subscription?: SubscriptionCover | undefined;
}

export interface Costs {
  parkingCost: Cents;
  subscriptionDiscount: Cents;
  amountDiscounted: Cents;
  extrasCost: Cents;
  totalCost: Cents;
  gst: Cents;
  days: number;
}

/**
 * total = parkingCost - subscriptionDiscount - amountDiscounted + extrasCost; the promo rate applies
 * to what is left of parking after the subscription, never to extras.
 */
export function computeCosts(input: CostInput): Costs {
  const days = stayDays(input.startDate, input.endDate);
  if (days < 1) throw new RangeError('The return date is before the departure date');
  if (!Number.isInteger(input.extrasCents) || input.extrasCents < 0)
    throw new RangeError('Extras cost must be whole cents from 0');
  const parkingCost = parkingPriceCents(input.startDate, input.endDate, input.lot);
  let subscriptionDiscount = 0;
  if (input.subscription && input.subscription.coversUntil >= input.startDate) {
    const uncovered = eachDate(input.startDate, input.endDate).filter(
      (date) => date > (input.subscription?.coversUntil ?? ''),
    ).length;
    const charged =
      uncovered > 0 && input.subscription.calculateGaps
        ? basePriceCents(uncovered, input.lot.rows, input.lot.dailyCents)
        : 0;
    subscriptionDiscount = applyRate(
      Math.max(0, parkingCost - charged),
      rateToParts(input.lot.subscriptionShare ?? '1'),
    );
  }
  const parkingDue = parkingCost - subscriptionDiscount;
  const amountDiscounted = applyRate(parkingDue, rateToParts(input.discountRate));
  const totalCost = parkingDue - amountDiscounted + input.extrasCents;
  return {
    parkingCost,
    subscriptionDiscount,
    amountDiscounted,
    extrasCost: input.extrasCents,
    totalCost,
    gst: gstCents(totalCost),
    days,
  };
}

/** Costs as the API exchanges them: decimal strings. */
export function costsToStrings(
  costs: Costs,
): Record<
  'parkingCost' | 'subscriptionDiscount' | 'amountDiscounted' | 'extrasCost' | 'totalCost' | 'gst',
  string
> {
  return {
    parkingCost: formatMoney(costs.parkingCost),
    subscriptionDiscount: formatMoney(costs.subscriptionDiscount),
    amountDiscounted: formatMoney(costs.amountDiscounted),
    extrasCost: formatMoney(costs.extrasCost),
    totalCost: formatMoney(costs.totalCost),
    gst: formatMoney(costs.gst),
  };
}

/** An extra's price for a vehicle type: its variation's price, else the base price. */
export function extraPriceCents(
  basePrice: string,
  variations: ReadonlyMap<number, string>,
  vehicleTypeId: number | null,
): Cents {
  const variation = vehicleTypeId === null ? undefined : variations.get(vehicleTypeId);
  return parseMoney(variation ?? basePrice);
}
