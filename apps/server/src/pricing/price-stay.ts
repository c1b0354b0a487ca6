/**
 * The price of a stay, once for every caller (a new booking, a staff edit, a traveller's change, the
 * cost calculation): the stay's business dates, the lot's rate table (from the held quote data when
 * the caller has it), the customer's subscription cover, then the domain's computeCosts.
 */
import { businessDate } from '@parking/domain/dates';
import type { Cents } from '@parking/domain/money';
import { computeCosts, costsToStrings, type Costs, type LotPricing } from '@parking/domain/pricing';
import type { Executor } from '../db/client';
import { loadLotPricing } from './pricing-data';
import { subscriptionCover } from '../subscriptions/subscription-cover';

export interface StayToPrice {
  lot: { id: number; productCodename: string };
  start: Date;
  end: Date;
  /** The discount's rate as a fraction string ('0.1'), after any promo code. */
  discountRate: string;
  extrasCents: Cents;
  /** Whose subscription may cover the stay (a login's user id), or null. */
  userId: number | null;
  /** Days past the subscription's end charged as a stay of that many days. */
  calculateGaps: boolean;
  /** The lots' pricing already held (the quote cache), to spare a round trip. */
  held?: Map<number, LotPricing> | undefined;
}

export interface PricedStay {
  costs: Costs;
  /** The same costs as the API and the booking columns carry them. */
  money: ReturnType<typeof costsToStrings>;
  startDate: string;
  endDate: string;
}

export async function priceStay(
  db: Executor,
  stay: StayToPrice,
  context: { now: Date; timeZone: string },
): Promise<PricedStay> {
  const startDate = businessDate(stay.start, context.timeZone);
  const endDate = businessDate(stay.end, context.timeZone);
  // One after the other: inside a booking's transaction both run on its one connection.
  const pricing = stay.held ?? (await loadLotPricing(db, [stay.lot.id], startDate, endDate));
  const coversUntil = (
    await subscriptionCover(db, stay.userId, stay.lot.productCodename, context.now, context.timeZone)
  )?.until;
  const lotPricing = pricing.get(stay.lot.id);
  if (!lotPricing) throw new Error(`No pricing for lot ${stay.lot.id}`);
  const costs = computeCosts({
    startDate,
    endDate,
    lot: lotPricing,
    discountRate: stay.discountRate,
    extrasCents: stay.extrasCents,
    subscription: coversUntil === undefined ? undefined : { coversUntil, calculateGaps: stay.calculateGaps },
  });
  return { costs, money: costsToStrings(costs), startDate, endDate };
}

/** A priced stay as the booking's cost columns. */
export function costColumns(priced: PricedStay) {
  return {
    parkingCost: priced.money.parkingCost,
    extrasCost: priced.money.extrasCost,
    subscriptionDiscount: priced.money.subscriptionDiscount,
    amountDiscounted: priced.money.amountDiscounted,
    totalCost: priced.money.totalCost,
    hadSubscription: priced.costs.subscriptionDiscount > 0,
  };
}
