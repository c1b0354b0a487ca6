/**
 * Whether an extra can be booked for a stay (architecture-rules.md, "Domain rules the spec leaves open"):
 * not when it is switched off, when an `extra` blockout overlapping the stay lists it, or when an
 * exceptional day inside the stay lists it among its unavailable extras.
 */
import type { BlockType } from './constants';
import { businessDate } from './dates';

export type Stay = { start: Date; end: Date };

export type ExtraState = { id: number; available: boolean };

export type BlockoutRule = {
  blockType: BlockType;
  startDatetime: Date;
  endDatetime: Date;
  extraIds: readonly number[];
  /** The blockout's own message ('' or absent for none): the notice the traveller reads (extra-notices.ts). */
  message?: string;
};

/** `date` is 'YYYY-MM-DD' in the business time zone; `name` the day's own ("Christmas Eve"). */
export type ExceptionalDayRule = { date: string; unavailableExtraIds: readonly number[]; name?: string };

export type ExtraCalendar = {
  blockouts: readonly BlockoutRule[];
  exceptionalDays: readonly ExceptionalDayRule[];
};

export type UnavailableReason = 'switched_off' | 'blockout' | 'exceptional_day';

/**
 * Half-open ranges: a blockout ending at the moment a stay starts does not touch it, the same
 * comparison the parking blockouts and the seed use.
 */
export function overlaps(a: Stay, start: Date, end: Date): boolean {
  return start.getTime() < a.end.getTime() && end.getTime() > a.start.getTime();
}

/** The business dates a stay covers, first and last (both counted, as for the stay length). */
export function stayDates(stay: Stay, timeZone: string): { first: string; last: string } {
  return { first: businessDate(stay.start, timeZone), last: businessDate(stay.end, timeZone) };
}

/** Every reason the extra cannot be booked for the stay; empty when it can. */
export function extraUnavailableReasons(
  extra: ExtraState,
  stay: Stay,
  calendar: ExtraCalendar,
  timeZone: string,
): UnavailableReason[] {
  const reasons: UnavailableReason[] = [];
  if (!extra.available) reasons.push('switched_off');
  const blocked = calendar.blockouts.some(
    (blockout) =>
      blockout.blockType === 'extra' &&
      blockout.extraIds.includes(extra.id) &&
      overlaps(stay, blockout.startDatetime, blockout.endDatetime),
  );
  if (blocked) reasons.push('blockout');
  const { first, last } = stayDates(stay, timeZone);
  const exceptional = calendar.exceptionalDays.some(
    (day) => day.date >= first && day.date <= last && day.unavailableExtraIds.includes(extra.id),
  );
  if (exceptional) reasons.push('exceptional_day');
  return reasons;
}

export const isExtraAvailable = (
  extra: ExtraState,
  stay: Stay,
  calendar: ExtraCalendar,
  timeZone: string,
): boolean => extraUnavailableReasons(extra, stay, calendar, timeZone).length === 0;

/** The ids of the extras that cannot be booked for the stay. */
export function unavailableExtraIds(
  extras: readonly ExtraState[],
  stay: Stay,
  calendar: ExtraCalendar,
  timeZone: string,
): Set<number> {
  // The calendar narrowed to the stay once (the same tests extraUnavailableReasons makes), then each extra.
  const { first, last } = stayDates(stay, timeZone);
  const closed = new Set<number>();
  for (const blockout of calendar.blockouts) {
    if (blockout.blockType === 'extra' && overlaps(stay, blockout.startDatetime, blockout.endDatetime))
      for (const id of blockout.extraIds) closed.add(id);
  }
  for (const day of calendar.exceptionalDays) {
    if (day.date >= first && day.date <= last) for (const id of day.unavailableExtraIds) closed.add(id);
  }
  return new Set(extras.filter((extra) => !extra.available || closed.has(extra.id)).map((extra) => extra.id));
}
