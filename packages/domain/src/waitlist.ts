/**
 * The waitlist of a full day (issue 24): a traveller who finds a lot full for their dates leaves an email;
 * when a place frees, the first on the list whose stay now fits is offered it, held for them for a set
 * time (WAITLIST_HOLD_MINUTES), then the next when that hold lapses. A held place counts against the lot's
 * capacity like an unpaid online booking, so nobody else can take it meanwhile. Anyone may type any address,
 * so an entry is `pending` until its address's owner opens the emailed confirmation link (issue 38): until
 * then it is on no list, is offered nothing and holds nothing, and it is dropped after a day.
 */
import { z } from 'zod';
import { wouldExceed } from './capacity';
import { stayDays } from './day-arithmetic';
import { calendarDate, email, requiredText } from './fields';
import { waitlistMessages } from './waitlist-messages';

export const WAITLIST_STATUSES = ['pending', 'waiting', 'offered', 'booked', 'lapsed', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** On the list: confirmed by the address's owner, waiting for a place or holding one. Only these count. */
export const QUEUED_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];

/**
 * The traveller's entry for a stay, confirmed or not: joining again for it finds this one (one row per
 * address, lot and stay, the database's unique index says the same).
 */
export const OPEN_STATUSES = ['pending', 'waiting', 'offered'] as const satisfies readonly WaitlistStatus[];

/**
 * How long an unconfirmed entry waits for its owner to open the link. Long enough to read the email the
 * next morning; short enough that addresses typed by strangers do not linger (the sweep drops them).
 */
export const PENDING_CONFIRMATION_HOURS = 24;

export const DEFAULT_WAITLIST_HOLD_MINUTES = 30;

export { waitlistMessages };

/** Joining: the traveller's email, the dates of step 1 and the lot (a relationship). */
export const waitlistJoinSchema = z
  .object({
    email,
    startDate: calendarDate(),
    endDate: calendarDate(),
  })
  .refine((value) => value.endDate >= value.startDate, {
    error: waitlistMessages.endBeforeStart,
    path: ['endDate'],
  });
export type WaitlistJoinInput = z.output<typeof waitlistJoinSchema>;

/** When a hold offered at `offeredAt` lapses. */
export function holdExpiry(offeredAt: Date, holdMinutes: number): Date {
  return new Date(offeredAt.getTime() + holdMinutes * 60_000);
}

/** When an unconfirmed entry asked for at `joined` (or asked for again) stops being confirmable. */
export function pendingExpiry(joined: Date): Date {
  return new Date(joined.getTime() + PENDING_CONFIRMATION_HOURS * 3_600_000);
}

/** An unconfirmed entry can be confirmed until its expiry, not at it. */
export function pendingIsLive(joined: Date, now: Date): boolean {
  return pendingExpiry(joined).getTime() > now.getTime();
}

/** The confirmation link's action: its signed token, as the emailed link carries it. */
export const waitlistConfirmationSchema = z.object({ token: requiredText(128) });

/** A hold counts (against capacity, for its holder) until its expiry, not at it. */
export function holdIsLive(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() > now.getTime();
}

export interface WaitingEntry {
  id: number;
  startDate: string;
  endDate: string;
  /** When the traveller joined: the list's order (ids break ties). */
  joined: Date;
}

export interface LotCapacity {
  spaces: number;
  fillRateThreshold: string | null;
}

/** 'YYYY-MM-DD' minus 'YYYY-MM-DD', in days. */
const offset = (from: string, date: string) => stayDays(from, date) - 1;

/** The list's order: first to join first; the earlier id on the same instant. */
export function waitlistOrder<E extends WaitingEntry>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => a.joined.getTime() - b.joined.getTime() || a.id - b.id);
}

/**
 * Who is offered a place now. `present[i]` is the cars present (bookings, unpaid holds and live waitlist
 * holds) on the date `fromDate` + i, which must cover every entry's stay. In the list's order, an entry
 * whose every day takes one more car within the lot's threshold is offered, and its held place counts
 * from then on, so that a later entry is offered only what is left. An entry that does not fit is passed
 * over (a place freed on other dates is not its), keeping its turn for the next place.
 */
export function chooseOffers<E extends WaitingEntry>(
  entries: readonly E[],
  present: readonly number[],
  fromDate: string,
  lot: LotCapacity,
): E[] {
  const load = [...present];
  const offered: E[] = [];
  for (const entry of waitlistOrder(entries)) {
    const first = offset(fromDate, entry.startDate);
    const last = offset(fromDate, entry.endDate);
    if (first < 0 || last >= load.length || last < first) continue;
    let fits = true;
    for (let day = first; day <= last && fits; day += 1)
      fits = !wouldExceed(load[day] ?? 0, lot.spaces, lot.fillRateThreshold);
    if (!fits) continue;
    for (let day = first; day <= last; day += 1) load[day] = (load[day] ?? 0) + 1;
    offered.push(entry);
  }
  return offered;
}
