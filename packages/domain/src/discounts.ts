/** Promo codes ("Discounts" in the back office): how a code is matched and summarised. */
import { businessDate, formatDateShort } from './dates';
import { rateToParts } from './pricing';

/** Promo codes are matched trimmed and upper-cased (public-site §5). */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

export type DiscountSummary = {
  promoCode: string;
  /** Fraction string, "0.15". */
  rate: string;
  validFrom: Date;
  validTo: Date;
  dropOffStart: Date | null;
  dropOffEnd: Date | null;
};

/** "0.125" → "12.5%". */
export const ratePercent = (rate: string) => `${rateToParts(rate) / 100}%`;

const day = (instant: Date, timeZone: string) => formatDateShort(businessDate(instant, timeZone));

/** One line for lists: "WELCOME10 · 10% · valid 1/11/2026 – 31/12/2027", plus the drop-off window when set. */
export function discountDetails(discount: DiscountSummary, timeZone: string): string {
  const parts = [
    discount.promoCode,
    ratePercent(discount.rate),
    `valid ${day(discount.validFrom, timeZone)} – ${day(discount.validTo, timeZone)}`,
  ];
  const { dropOffStart, dropOffEnd } = discount;
  if (dropOffStart || dropOffEnd) {
    const from = dropOffStart ? day(dropOffStart, timeZone) : '…';
    const to = dropOffEnd ? day(dropOffEnd, timeZone) : '…';
    parts.push(`drop-off ${from} – ${to}`);
  }
  return parts.join(' · ');
}
