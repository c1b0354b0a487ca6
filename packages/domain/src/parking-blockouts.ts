/**
 * Parking blockouts (public-site §4 "Blockout types": no drop-off or pick-up inside the period). One rule
 * for the booking's save (the server refuses the stay), the quote (the days a blockout takes whole are
 * refused where the dates are chosen, the others are told) and the wizard's flights step (a drop-off or
 * pick-up time inside a period is refused beside its field).
 */
import { addDaysToDate, startOfBusinessDay } from './dates';
import { messages } from './messages';

export interface BlockoutPeriod {
  startDatetime: Date;
  endDatetime: Date;
  /** The blockout's own message ('' for none). */
  message: string;
}

/** What a traveller reads about a blockout: its own message, else the product's. */
export const blockoutText = (message: string): string => message.trim() || messages.parkingBlockedOut;

/** The period a drop-off or pick-up at `instant` falls in (half-open: the end itself is free again). */
export function blockoutAt<T extends BlockoutPeriod>(blockouts: readonly T[], instant: Date): T | undefined {
  const at = instant.getTime();
  return blockouts.find(
    (blockout) => blockout.startDatetime.getTime() <= at && at < blockout.endDatetime.getTime(),
  );
}

export interface BlockoutProblem {
  field: 'startDatetime' | 'endDatetime';
  message: string;
}

/** The first refusal of a stay: its drop-off inside a period, else its pick-up. */
export function stayBlockoutProblem(
  blockouts: readonly BlockoutPeriod[],
  start: Date,
  end: Date,
): BlockoutProblem | undefined {
  const atStart = blockoutAt(blockouts, start);
  if (atStart) return { field: 'startDatetime', message: blockoutText(atStart.message) };
  const atEnd = blockoutAt(blockouts, end);
  if (atEnd) return { field: 'endDatetime', message: blockoutText(atEnd.message) };
  return undefined;
}

/** Whether a period overlaps a business date at all, and whether it takes the whole day. */
export function blockoutOnDay(
  blockout: BlockoutPeriod,
  date: string,
  timeZone: string,
): 'none' | 'part' | 'whole' {
  const dayStart = startOfBusinessDay(date, timeZone).getTime();
  const dayEnd = startOfBusinessDay(addDaysToDate(date, 1), timeZone).getTime();
  const start = blockout.startDatetime.getTime();
  const end = blockout.endDatetime.getTime();
  if (end <= dayStart || start >= dayEnd) return 'none';
  return start <= dayStart && end >= dayEnd ? 'whole' : 'part';
}

export type QuoteDay = 'startDate' | 'endDate';

export interface StayDayBlockout<T extends BlockoutPeriod> {
  blockout: T;
  /** The stay's days this period takes whole: no drop-off (startDate) or pick-up (endDate) that day. */
  closes: QuoteDay[];
}

/**
 * The periods that touch a stay's departure or return day (the only days a car moves), each with the
 * days it takes whole. A quote for those dates carries them: a day taken whole refuses the booking
 * whatever the times; a day taken in part only refuses the times inside the period.
 */
export function stayDayBlockouts<T extends BlockoutPeriod>(
  blockouts: readonly T[],
  startDate: string,
  endDate: string,
  timeZone: string,
): StayDayBlockout<T>[] {
  const found: StayDayBlockout<T>[] = [];
  for (const blockout of blockouts) {
    const onStart = blockoutOnDay(blockout, startDate, timeZone);
    const onEnd = blockoutOnDay(blockout, endDate, timeZone);
    if (onStart === 'none' && onEnd === 'none') continue;
    const closes: QuoteDay[] = [];
    if (onStart === 'whole') closes.push('startDate');
    if (onEnd === 'whole') closes.push('endDate');
    found.push({ blockout, closes });
  }
  return found.sort((a, b) => a.blockout.startDatetime.getTime() - b.blockout.startDatetime.getTime());
}
