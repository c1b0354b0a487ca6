/**
 * The price calendar of step 1 (issue 24): the same stay length starting a few days earlier and later,
 * each priced like a quote, the days cheaper than the chosen one marked. Picking a day moves both dates.
 */
import { addDaysToDate } from './dates';
import { stayLimitProblems, type StayLimits } from './stay-limits';

/** Days either side of the chosen departure. */
export const CALENDAR_SPREAD = 3;

export interface CalendarStay {
  /** Days from the chosen departure (0 is the chosen stay). */
  offset: number;
  startDate: string;
  endDate: string;
}

/**
 * The stays of the calendar: departures `spread` days either side of `startDate`, each as long as the
 * chosen stay, leaving out those starting before today or breaking the stay limits (horizon, length).
 */
export function calendarStays(
  startDate: string,
  endDate: string,
  today: string,
  limits: StayLimits,
  spread: number = CALENDAR_SPREAD,
): CalendarStay[] {
  const stays: CalendarStay[] = [];
  for (let offset = -spread; offset <= spread; offset += 1) {
    const start = addDaysToDate(startDate, offset);
    const end = addDaysToDate(endDate, offset);
    if (start < today || end < start) continue;
    if (stayLimitProblems(start, end, today, limits).length > 0) continue;
    stays.push({ offset, startDate: start, endDate: end });
  }
  return stays;
}

export interface CalendarCell {
  offset: number;
  /** The stay's price in cents, or null when it cannot be booked online (full, or a day closed). */
  cents: number | null;
}

export interface MarkedCell<T extends CalendarCell> {
  cell: T;
  /** Costs less than the chosen stay (offset 0). */
  cheaper: boolean;
  /** The lowest price of the calendar, and less than the chosen stay. */
  cheapest: boolean;
}

/**
 * Marks the cells cheaper than the chosen stay, and the cheapest of them. With no bookable chosen stay,
 * any bookable day is "cheaper" than none: nothing is marked, the prices speak.
 */
export function markCheaper<T extends CalendarCell>(cells: readonly T[]): MarkedCell<T>[] {
  const chosen = cells.find((cell) => cell.offset === 0)?.cents ?? null;
  const bookable = cells.flatMap((cell) => (cell.cents === null ? [] : [cell.cents]));
  const lowest = bookable.length ? Math.min(...bookable) : null;
  return cells.map((cell) => {
    const cheaper = chosen !== null && cell.cents !== null && cell.cents < chosen;
    return { cell, cheaper, cheapest: cheaper && cell.cents === lowest };
  });
}
