/**
 * The return trip (issue 41): the bring-up board's order and each car's status on it.
 *
 * Order: every pick-up of the day, in the order the cars are needed. A car is needed when its traveller reaches
 * the car park: the flight's latest known arrival (from the flight-status poller), else the pick-up as booked,
 * plus the shuttle's ride and the walk (two settings). Ties go by booking code, so the order is total.
 *
 * Status: Expected → Landed → Asked for → Being brought up (by whom) → Ready at bay N → Handed back. A step may
 * skip ahead (the desk brings up a car nobody asked for yet) but never goes back; the traveller asks once; nothing
 * moves after the hand-back (which is the custody record's, with the kilometres out).
 */
import { z } from 'zod';

export const BRING_UP_STATES = ['expected', 'landed', 'asked', 'bringing', 'ready', 'handed_back'] as const;
export type BringUpState = (typeof BRING_UP_STATES)[number];

/** The walk from the plane to the shuttle, in minutes, when BRING_UP_WALK_MINUTES is not set. */
export const DEFAULT_BRING_UP_WALK_MINUTES = 15;
/** The shuttle's ride from the terminal to the car park, in minutes, when SHUTTLE_RIDE_MINUTES is not set. */
export const DEFAULT_SHUTTLE_RIDE_MINUTES = 10;

/** A booking's bring-up as stored: its state and what each step recorded. */
export interface BringUp {
  state: BringUpState;
  landedAt: Date | null;
  askedAt: Date | null;
  /** Who asked: the traveller ("I have landed") or the desk. */
  askedBy: 'traveller' | 'staff' | null;
  bringingAt: Date | null;
  /** Who is bringing the car up (a staff member's name, as the traveller is told). */
  bringingBy: string | null;
  readyAt: Date | null;
  bay: string | null;
  handedBackAt: Date | null;
}

export const EXPECTED: BringUp = {
  state: 'expected',
  landedAt: null,
  askedAt: null,
  askedBy: null,
  bringingAt: null,
  bringingBy: null,
  readyAt: null,
  bay: null,
  handedBackAt: null,
};

/** A step of the bring-up, by whoever takes it. */
export type BringUpStep =
  | { state: 'landed' }
  | { state: 'asked'; by: 'traveller' | 'staff' }
  | { state: 'bringing'; by: string }
  | { state: 'ready'; bay: string }
  | { state: 'handed_back' };

export const bringUpMessages = {
  handedBack: 'This car has been handed back.',
  alreadyAsked: 'Your car has already been asked for.',
  goesBack: 'A car cannot go back a step.',
  bayRequired: 'Enter the bay number.',
  bayFormat: 'Enter a bay number of up to 10 letters or digits.',
  nameRequired: 'Enter who is bringing the car up.',
  notReturning: 'This booking has no pick-up to bring a car up for.',
} as const;

export const rankOf = (state: BringUpState): number => BRING_UP_STATES.indexOf(state);

/** Why the step is refused, or null when it may be taken. */
export function bringUpRefusal(current: BringUp, step: BringUpStep): string | null {
  if (current.state === 'handed_back') return bringUpMessages.handedBack;
  // One ask per booking: a car asked for (or already on its way) is not asked for again.
  if (step.state === 'asked' && (current.askedAt !== null || rankOf(current.state) >= rankOf('asked')))
    return bringUpMessages.alreadyAsked;
  if (rankOf(step.state) <= rankOf(current.state)) return bringUpMessages.goesBack;
  return null;
}

/** The bring-up after `step` at `now`; throws the refusal's words when it may not be taken. */
export function applyBringUpStep(current: BringUp, step: BringUpStep, now: Date): BringUp {
  const refusal = bringUpRefusal(current, step);
  if (refusal) throw new Error(refusal);
  const next: BringUp = { ...current, state: step.state };
  if (step.state === 'landed') next.landedAt = now;
  if (step.state === 'asked') {
    next.askedAt = now;
    next.askedBy = step.by;
  }
  if (step.state === 'bringing') {
    next.bringingAt = now;
    next.bringingBy = step.by;
  }
  if (step.state === 'ready') {
    next.readyAt = now;
    next.bay = step.bay;
  }
  if (step.state === 'handed_back') next.handedBackAt = now;
  return next;
}

export interface NeededInput {
  /** The flight's latest known arrival (estimate, or actual landing), when the poller has one. */
  arrival: Date | null;
  /** The pick-up as booked. */
  bookedPickUp: Date;
  shuttleMinutes: number;
  walkMinutes: number;
}

/** When the car is needed at the kerb: (arrival, else the booked pick-up) + the shuttle + the walk. */
export function carNeededAt(input: NeededInput): Date {
  const base = input.arrival ?? input.bookedPickUp;
  return new Date(base.getTime() + (input.shuttleMinutes + input.walkMinutes) * 60_000);
}

/** The board's order: by the time the car is needed, then by booking code. */
export function boardOrder<T extends { neededAt: Date; bookingCode: string }>(cards: readonly T[]): T[] {
  return [...cards].sort(
    (a, b) =>
      a.neededAt.getTime() - b.neededAt.getTime() ||
      (a.bookingCode < b.bookingCode ? -1 : a.bookingCode > b.bookingCode ? 1 : 0),
  );
}

/**
 * Since when the traveller has been waiting on the desk: from the ask (or the landing, when nobody asked yet)
 * until the car is ready; null when nobody waits (not landed yet, or ready, or handed back).
 */
export function waitingSince(bringUp: BringUp): Date | null {
  if (rankOf(bringUp.state) >= rankOf('ready') || bringUp.state === 'expected') return null;
  return bringUp.askedAt ?? bringUp.landedAt;
}

/** The card's status as the desk reads it. */
export function bringUpLabel(bringUp: Pick<BringUp, 'state' | 'bringingBy' | 'bay'>): string {
  switch (bringUp.state) {
    case 'expected':
      return 'Expected';
    case 'landed':
      return 'Landed';
    case 'asked':
      return 'Asked for';
    case 'bringing':
      return bringUp.bringingBy ? `Being brought up by ${bringUp.bringingBy}` : 'Being brought up';
    case 'ready':
      return bringUp.bay ? `Ready at bay ${bringUp.bay}` : 'Ready';
    case 'handed_back':
      return 'Handed back';
  }
}

/** The status as the traveller reads it on Manage my booking. */
export function travellerBringUpText(bringUp: Pick<BringUp, 'state' | 'bringingBy' | 'bay'>): string {
  switch (bringUp.state) {
    case 'expected':
      return 'When you have landed, tell us and we will bring your car up.';
    case 'landed':
      return 'Your flight has landed. Tap "I have landed" when you are ready and we will bring your car up.';
    case 'asked':
      return 'Your car has been asked for. We will bring it up shortly.';
    case 'bringing':
      return bringUp.bringingBy
        ? `Your car is being brought up by ${bringUp.bringingBy}`
        : 'Your car is being brought up';
    case 'ready':
      return bringUp.bay ? `Ready at bay ${bringUp.bay}` : 'Your car is ready';
    case 'handed_back':
      return 'Your car has been handed back. Safe travels home!';
  }
}

/** Whether the traveller may still ask for the car. */
export const mayAsk = (bringUp: BringUp): boolean =>
  bringUpRefusal(bringUp, { state: 'asked', by: 'traveller' }) === null;

/** A step the desk takes on the board (the hand-back is the custody record's own, with the kilometres out). */
export const bringUpMoveSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('landed') }),
  z.object({ state: z.literal('asked') }),
  z.object({
    state: z.literal('bringing'),
    /** Who brings it up; the signed-in staff member when not given. */
    by: z.string().trim().min(1, bringUpMessages.nameRequired).max(60).optional(),
  }),
  z.object({
    state: z.literal('ready'),
    bay: z
      .string({ error: bringUpMessages.bayRequired })
      .trim()
      .min(1, bringUpMessages.bayRequired)
      .regex(/^[A-Za-z0-9-]{1,10}$/, bringUpMessages.bayFormat),
  }),
]);
export type BringUpMoveInput = z.infer<typeof bringUpMoveSchema>;
