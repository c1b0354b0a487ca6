/**
 * Why extras cannot be booked for a stay, in the traveller's words (issue 40, item 4): under the note "One or
 * more of the extras below are unavailable at the selected dates." the wizard's Checkout step and the back
 * office's booking form show what makes them so. An `extra` blockout overlapping the stay speaks with its own
 * message (its extras named when it has none); an exceptional day inside the stay names its extras and the day.
 * An extra switched off has no notice: nothing about the dates makes it unavailable.
 */
import { overlaps, stayDates, type ExtraCalendar, type Stay } from './availability';
import { formatDateShort } from './dates';

export interface NamedExtra {
  id: number;
  name: string;
}

export interface ExtraNotice {
  message: string;
  /** The extras it makes unavailable, in the order of `extras`. */
  extraIds: number[];
}

const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

/** The notices of a stay, in calendar order, one per message (two blockouts saying the same are one). */
export function extraNotices(
  extras: readonly NamedExtra[],
  stay: Stay,
  calendar: ExtraCalendar,
  timeZone: string,
): ExtraNotice[] {
  const found: Array<{ at: number; message: string; ids: ReadonlySet<number> }> = [];
  const named = (ids: ReadonlySet<number>) => extras.filter((extra) => ids.has(extra.id));
  for (const blockout of calendar.blockouts) {
    if (blockout.blockType !== 'extra' || !overlaps(stay, blockout.startDatetime, blockout.endDatetime))
      continue;
    const ids = new Set(blockout.extraIds);
    const names = named(ids).map((extra) => extra.name);
    if (names.length === 0) continue;
    const message = blockout.message?.trim() || `${listed(names)}: not available at the selected dates.`;
    found.push({ at: blockout.startDatetime.getTime(), message, ids });
  }
  const { first, last } = stayDates(stay, timeZone);
  for (const day of calendar.exceptionalDays) {
    if (day.date < first || day.date > last) continue;
    const ids = new Set(day.unavailableExtraIds);
    const names = named(ids).map((extra) => extra.name);
    if (names.length === 0) continue;
    const when = day.name?.trim()
      ? `${day.name.trim()} (${formatDateShort(day.date)})`
      : formatDateShort(day.date);
    found.push({
      at: Date.parse(`${day.date}T00:00:00Z`),
      message: `${listed(names)}: not available on ${when}.`,
      ids,
    });
  }
  found.sort((a, b) => a.at - b.at);
  const notices: ExtraNotice[] = [];
  for (const { message, ids } of found) {
    const same = notices.find((notice) => notice.message === message);
    const extraIds = extras.filter((extra) => ids.has(extra.id)).map((extra) => extra.id);
    if (same)
      same.extraIds = extras
        .filter((extra) => same.extraIds.includes(extra.id) || ids.has(extra.id))
        .map((extra) => extra.id);
    else notices.push({ message, extraIds });
  }
  return notices;
}
