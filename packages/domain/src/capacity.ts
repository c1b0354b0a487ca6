/**
 * Fill rate of a lot (architecture.md): bookings present on a day divided by spaces. A stay can
 * be booked online only if, on every day of it, one more car keeps the rate within the threshold.
 */

/** Parts per 10,000, so that thresholds like 0.95 compare exactly. */
export function thresholdParts(threshold: string | null): number {
  return threshold === null ? 10000 : Math.round(Number(threshold) * 10000);
}

/** True when one more booking on a day with `present` cars would take the lot above its threshold. */
export function wouldExceed(present: number, spaces: number, threshold: string | null): boolean {
  return (present + 1) * 10000 > thresholdParts(threshold) * spaces;
}

/** How many more cars fit on a day with `present` cars. */
export function remainingSpaces(present: number, spaces: number, threshold: string | null): number {
  return Math.max(0, Math.floor((thresholdParts(threshold) * spaces) / 10000) - present);
}

/** The stay's busiest day decides. */
export function stayExceedsThreshold(
  presentByDay: readonly number[],
  spaces: number,
  threshold: string | null,
): boolean {
  return presentByDay.some((present) => wouldExceed(present, spaces, threshold));
}

export function fillRate(present: number, spaces: number): number {
  return spaces > 0 ? present / spaces : 1;
}
