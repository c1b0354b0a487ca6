/**
 * Fill rate of a lot (architecture-rules.md): bookings present on a day divided by spaces. A stay can
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

/** How long an unpaid online booking, or a change waiting for its payment, holds its places. */
export const PENDING_HOLD_MS = 15 * 60_000;

/** The statuses of a booking that takes a place: paid for (or booked by staff), or unpaid within its hold. */
export const PLACE_TAKING = { always: 'complete', whileHeld: 'pending' } as const;

/**
 * Whether a booking takes a place in its car park at `nowMs`: complete, or pending and created less than
 * PENDING_HOLD_MS ago. The one rule every count of cars uses (the server's SQL is built from the same
 * constants: bookings/status-rules-sql.ts, held equal by its test).
 */
export function takesPlace(status: string, createdMs: number, nowMs: number): boolean {
  return (
    status === PLACE_TAKING.always ||
    (status === PLACE_TAKING.whileHeld && createdMs > nowMs - PENDING_HOLD_MS)
  );
}
