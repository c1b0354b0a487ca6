/**
 * Drop-off and pick-up slots (issue 24): the desk takes at most a lot's `slotCapacity` cars in any
 * 15-minute slot, counting drop-offs and pick-ups alike (both are a car through the desk). Empty means
 * unlimited. The server refuses a booking whose drop-off or pick-up slot is full, under the lot's lock;
 * the wizard shows how busy a chosen time is and the quieter slots nearby; the diary shows each slot's load.
 *
 * A slot is a whole number: the quarter hours since the Unix epoch. Every time zone a business could be in
 * is offset from UTC by whole quarter hours, so a slot is also the business's local quarter hour
 * (5:00-5:15 am), on days that change clocks too.
 */
import { businessInstant, businessTimeOfDay, formatTime12 } from './dates';

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

/** At this share of the cap a slot is busy (the desk queues); at the cap it is full. */
export const BUSY_SHARE = 0.75;

export const slotMessages = {
  dropOffFull: 'This drop-off time is fully booked. Please choose another time.',
  pickUpFull: 'This pick-up time is fully booked. Please choose another time.',
  capacityRange: 'Must be a number greater than 0.',
} as const;

/** The slot an instant falls in. */
export const slotOf = (instant: Date): number => Math.floor(instant.getTime() / SLOT_MS);

/** The first instant of a slot. */
export const slotStart = (slot: number): Date => new Date(slot * SLOT_MS);

/** The instant a slot ends (the next one's start). */
export const slotEnd = (slot: number): Date => new Date((slot + 1) * SLOT_MS);

/** The slot of a business date and local time ('HH:mm' or 'HH:mm:ss'). */
export const slotOfBusinessTime = (date: string, time: string, timeZone: string): number =>
  slotOf(businessInstant(date, time, timeZone));

/** '5:00 am' (the slot's start in the business's time). */
export const slotStartLabel = (slot: number, timeZone: string): string =>
  formatTime12(businessTimeOfDay(slotStart(slot), timeZone));

/** '5:00 am to 5:15 am'. */
export const slotLabel = (slot: number, timeZone: string): string =>
  `${slotStartLabel(slot, timeZone)} to ${formatTime12(businessTimeOfDay(slotEnd(slot), timeZone))}`;

/** A stay as the desk sees it: a drop-off, and a pick-up unless open-ended (staff only). */
export interface StayMovements {
  start: Date;
  end: Date | null;
}

/** The slots a stay takes a place in: its drop-off's, then its pick-up's (the same slot twice when both fall in it). */
export function movementSlots(stay: StayMovements): number[] {
  return stay.end === null ? [slotOf(stay.start)] : [slotOf(stay.start), slotOf(stay.end)];
}

/** Cars through the desk in each slot: every stay's drop-off and pick-up counted once each. */
export function slotLoads(stays: Iterable<StayMovements>): Map<number, number> {
  const loads = new Map<number, number>();
  for (const stay of stays) {
    for (const slot of movementSlots(stay)) loads.set(slot, (loads.get(slot) ?? 0) + 1);
  }
  return loads;
}

/** Whether `more` cars fit in a slot holding `load` (a null cap is unlimited). */
export const slotHasRoom = (load: number, cap: number | null, more = 1): boolean =>
  cap === null || load + more <= cap;

export type SlotField = 'startDatetime' | 'endDatetime';

export interface SlotProblem {
  field: SlotField;
  slot: number;
  message: string;
}

/**
 * What a new (or moved) stay would find full, given the loads of the other stays: the drop-off's slot,
 * then the pick-up's. A stay whose drop-off and pick-up share a slot needs two places in it.
 */
export function staySlotProblems(
  stay: StayMovements,
  loads: ReadonlyMap<number, number>,
  cap: number | null,
): SlotProblem[] {
  if (cap === null) return [];
  const slots = movementSlots(stay);
  const need = new Map<number, number>();
  for (const slot of slots) need.set(slot, (need.get(slot) ?? 0) + 1);
  const problems: SlotProblem[] = [];
  slots.forEach((slot, index) => {
    const field: SlotField = index === 0 ? 'startDatetime' : 'endDatetime';
    if (problems.some((problem) => problem.slot === slot)) return;
    if (!slotHasRoom(loads.get(slot) ?? 0, cap, need.get(slot) ?? 1)) {
      problems.push({
        field,
        slot,
        message: field === 'startDatetime' ? slotMessages.dropOffFull : slotMessages.pickUpFull,
      });
    }
  });
  return problems;
}

export type SlotLevel = 'quiet' | 'busy' | 'full';

/** How busy a slot is: full at the cap, busy from BUSY_SHARE of it, else quiet (always quiet when unlimited). */
export function slotLevel(load: number, cap: number | null): SlotLevel {
  if (cap === null) return 'quiet';
  if (load >= cap) return 'full';
  return load >= cap * BUSY_SHARE ? 'busy' : 'quiet';
}

export const slotLevelText: Record<SlotLevel, string> = {
  quiet: 'Quiet',
  busy: 'Busy',
  full: 'Fully booked',
};

/**
 * How many of a slot's places are taken, in words. A slot can hold more than its limit (bookings made
 * before the limit was lowered, or by the desk): it is then full, not "3 of 2 places taken".
 */
export const placesTakenText = (load: number, cap: number): string =>
  load > cap ? `all ${cap} places taken` : `${load} of ${cap} places taken`;

export interface QuieterOptions {
  /** How far either way to look, in slots (default 4: an hour). */
  within?: number;
  /** At most this many suggestions (default 3). */
  limit?: number;
  /** Slots that may be suggested (e.g. not in the past, the same day); all by default. */
  allowed?: (slot: number) => boolean;
}

/**
 * Quieter slots near `chosen`: each with room and fewer cars than `chosen`, nearest first (the earlier of
 * two as near), then the emptier. None when the lot is unlimited.
 */
export function quieterSlots(
  chosen: number,
  loads: ReadonlyMap<number, number>,
  cap: number | null,
  options: QuieterOptions = {},
): number[] {
  if (cap === null) return [];
  const within = options.within ?? 4;
  const limit = options.limit ?? 3;
  const chosenLoad = loads.get(chosen) ?? 0;
  const found: Array<{ slot: number; distance: number; load: number }> = [];
  for (let distance = 1; distance <= within; distance += 1) {
    for (const slot of [chosen - distance, chosen + distance]) {
      const load = loads.get(slot) ?? 0;
      if (load < chosenLoad && slotHasRoom(load, cap) && (options.allowed?.(slot) ?? true))
        found.push({ slot, distance, load });
    }
  }
  return found
    .sort((a, b) => a.distance - b.distance || a.load - b.load || a.slot - b.slot)
    .slice(0, limit)
    .map((entry) => entry.slot);
}
