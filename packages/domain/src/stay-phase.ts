/**
 * Where a traveller's booking stands, in their words (My Bookings): still to come, the car is with
 * us, or done. Only a confirmed (complete) booking has a phase; any other status (pending, cancelled,
 * abandoned, payment failed) is shown as that status, as the spec shows it.
 */
export type StayPhase = 'upcoming' | 'parked' | 'past';

export const STAY_PHASE_LABELS: Record<StayPhase, string> = {
  upcoming: 'Upcoming',
  parked: 'Parked now',
  past: 'Past',
};

export interface StayPhaseInput {
  status: string;
  startDatetime: string;
  /** Null for an open-ended (staff) booking. */
  endDatetime: string | null;
  /** When staff checked the car in (back office check-in), or null. */
  timeParked: string | null;
}

export function stayPhase(booking: StayPhaseInput, now: Date): StayPhase | null {
  if (booking.status !== 'complete') return null;
  const at = now.getTime();
  const end = booking.endDatetime === null ? Number.POSITIVE_INFINITY : Date.parse(booking.endDatetime);
  if (at >= end) return 'past';
  // Checked in early counts as parked; otherwise the stay has begun at its drop-off time.
  if (booking.timeParked !== null || at >= Date.parse(booking.startDatetime)) return 'parked';
  return 'upcoming';
}

/**
 * What is still owed in cents on a booking known to be going ahead: total less paid, never negative. Any
 * other booking's balance is balanceToPayCents (status first).
 */
export function amountOwedCents(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

/**
 * A balance the traveller can still pay online (manage my booking): only on a booking that is going
 * ahead. A cancelled, abandoned or failed booking owes nothing, whatever its figures say.
 */
export function balanceToPayCents(booking: {
  status: string;
  totalCents: number;
  paidCents: number;
}): number {
  return goingAhead(booking.status) ? amountOwedCents(booking.totalCents, booking.paidCents) : 0;
}

/** The statuses of a booking that still expects its money (a cancelled or abandoned one does not). */
export const GOING_AHEAD_STATUSES = ['complete', 'pending', 'payment_failed'] as const;
const GOING_AHEAD: ReadonlySet<string> = new Set(GOING_AHEAD_STATUSES);

/** Whether a booking in this status still expects its money (a cancelled or abandoned one does not). */
export const goingAhead = (status: string): boolean => GOING_AHEAD.has(status);
