/**
 * When a promo code applies (architecture-rules.md "Promo code"): now is within validFrom..validTo and,
 * when the discount sets a drop-off window, the booking's drop-off (its start) is within it.
 * Every bound is inclusive; a window with only one bound set limits that side only.
 */

export interface PromoWindow {
  validFrom: Date;
  validTo: Date;
  dropOffStart: Date | null;
  dropOffEnd: Date | null;
}

const within = (instant: Date, from: Date | null, to: Date | null) =>
  (from === null || instant.getTime() >= from.getTime()) &&
  (to === null || instant.getTime() <= to.getTime());

/**
 * True when the discount may be used now for a drop-off at `dropOff`. A discount limited to a
 * drop-off window never applies to an unknown drop-off.
 */
export function promoApplies(discount: PromoWindow, now: Date, dropOff?: Date | null): boolean {
  if (!within(now, discount.validFrom, discount.validTo)) return false;
  if (discount.dropOffStart === null && discount.dropOffEnd === null) return true;
  if (dropOff === undefined || dropOff === null) return false;
  return within(dropOff, discount.dropOffStart, discount.dropOffEnd);
}
