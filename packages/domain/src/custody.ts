/**
 * The custody record (issue 23): what happened to a car while we held it. Each move of the car is an
 * entry with its time and the staff member: checked in (where, fuel or charge, damage per area of the
 * car, kilometres in, key tag, notes), moved to another region or row, handed back (kilometres out).
 * The booking's check-in fields (back-office §3: lotRegion, lotRegionRow, fuelLevel, damage, kilometers,
 * vehicleNotes, parkedBy, timeParked) are the record's check-in as the spec names them; the server
 * writes both in one transaction. These rules are pure: the dialog and the server use the same ones.
 */
import { z } from 'zod';
import { optionalText, requiredDatetime } from './fields';
import { messages } from './messages';
import { nonNegativeInt, positiveInt } from './numbers';

/** The areas of the car outline staff mark damage on. */
export const CAR_AREAS = ['front', 'rear', 'left', 'right', 'roof'] as const;
export type CarArea = (typeof CAR_AREAS)[number];
export const CAR_AREA_LABELS: Record<CarArea, string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left side',
  right: 'Right side',
  roof: 'Roof',
};

/** Fuel or charge levels offered at check-in (a free value is kept when a booking has another). */
export const FUEL_LEVELS = ['Empty', '1/4', '1/2', '3/4', 'Full'] as const;

export const CUSTODY_KINDS = ['checked_in', 'moved', 'handed_back'] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];
export const CUSTODY_KIND_LABELS: Record<CustodyKind, string> = {
  checked_in: 'Checked in',
  moved: 'Moved',
  handed_back: 'Handed back',
};

/** An odometer: whole kilometres, 0 to 9,999,999. */
export const MAX_KILOMETERS = 9_999_999;
/** A time entered a little ahead of the server's clock (a phone's clock) is accepted; more is a typo. */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

export const custodyMessages = {
  rowOutOfRange: (rows: number) => `Choose a row from 1 to ${rows}.`,
  regionOfAnotherLot: "Choose a region of the booking's car park.",
  notStaff: 'Select a staff member.',
  kilometersBelowIn: (kilometersIn: number) =>
    `Kilometres out cannot be less than kilometres in (${kilometersIn.toLocaleString('en-AU')}).`,
  kilometersRange: `Enter whole kilometres from 0 to ${MAX_KILOMETERS.toLocaleString('en-AU')}.`,
  notCheckedIn: 'This car has not been checked in.',
  alreadyHandedBack: 'This car has already been handed back.',
  beforeCheckIn: 'The time cannot be before the car was checked in.',
  inFuture: 'The time cannot be in the future.',
  notComplete: 'Only a complete booking can be checked in.',
  damageAreaTwice: 'Each area of the car can be marked once.',
} as const;

/** One marked area of the car outline, with what was seen there. */
export const damageMarkSchema = z.object({
  area: z.enum(CAR_AREAS, { error: messages.invalidChoice }),
  note: optionalText(300),
});
export type DamageMark = z.output<typeof damageMarkSchema>;

export const damageMarksSchema = z
  .array(damageMarkSchema, { error: 'Not a valid list.' })
  .max(CAR_AREAS.length)
  .nullish()
  .transform((marks) => marks ?? [])
  .refine((marks) => new Set(marks.map((mark) => mark.area)).size === marks.length, {
    error: custodyMessages.damageAreaTwice,
  });

const kilometers = () =>
  nonNegativeInt(custodyMessages.kilometersRange)
    .pipe(z.number().max(MAX_KILOMETERS, { error: custodyMessages.kilometersRange }))
    .nullish()
    .transform((value) => value ?? null);

/** POST bookings/{id}/custody/check-ins/: relationships lotRegion and parkedBy (a staff customer). */
export const checkInInputSchema = z.strictObject({
  lotRegionRow: positiveInt(),
  timeParked: requiredDatetime(),
  fuelLevel: optionalText(30),
  damage: damageMarksSchema,
  kilometers: kilometers(),
  keyTag: optionalText(20),
  notes: optionalText(2000),
});
export type CheckInInput = z.output<typeof checkInInputSchema>;

/** POST bookings/{id}/custody/moves/: relationships lotRegion and movedBy. */
export const moveInputSchema = z.strictObject({
  lotRegionRow: positiveInt(),
  at: requiredDatetime(),
});
export type MoveInput = z.output<typeof moveInputSchema>;

/** POST bookings/{id}/custody/hand-backs/: relationship returnedBy. */
export const handBackInputSchema = z.strictObject({
  at: requiredDatetime(),
  kilometers: kilometers(),
});
export type HandBackInput = z.output<typeof handBackInputSchema>;

/** Row options for a region run from 1 up to its rows (back-office §5). */
export const rowInRegion = (row: number, rows: number): boolean =>
  Number.isInteger(row) && row >= 1 && row <= rows;

/** Kilometres driven in our care; null unless both readings are known and the later is not less. */
export function kilometersDriven(kilometersIn: number | null, kilometersOut: number | null): number | null {
  if (kilometersIn === null || kilometersOut === null || kilometersOut < kilometersIn) return null;
  return kilometersOut - kilometersIn;
}

/** The booking's `damage` text as the spec's single field holds it: "Front: scratch; Roof". */
export function damageText(marks: readonly DamageMark[]): string {
  return CAR_AREAS.flatMap((area) => {
    const mark = marks.find((item) => item.area === area);
    if (!mark) return [];
    return [mark.note ? `${CAR_AREA_LABELS[area]}: ${mark.note}` : CAR_AREA_LABELS[area]];
  }).join('; ');
}

/** An entry of the record, as the rules read it. */
export interface CustodyEntry {
  kind: CustodyKind;
  at: Date;
  lotRegionId: number | null;
  lotRegionRow: number | null;
  fuelLevel: string;
  damage: readonly DamageMark[];
  kilometers: number | null;
  keyTag: string;
  notes: string;
}

export type CustodyStatus = 'awaiting' | 'parked' | 'handed_back';

export interface CustodySummary {
  status: CustodyStatus;
  /** The latest check-in (a check-in repeated while parked corrects the first). */
  checkIn: CustodyEntry | null;
  /** Where the car is now: the check-in's place, or the latest move's. */
  lotRegionId: number | null;
  lotRegionRow: number | null;
  handBack: CustodyEntry | null;
  kilometersIn: number | null;
  kilometersOut: number | null;
  kilometersDriven: number | null;
}

/** The record's state from its entries, oldest first (they are written in order, each checked). */
export function summariseCustody(entries: readonly CustodyEntry[]): CustodySummary {
  let checkIn: CustodyEntry | null = null;
  let handBack: CustodyEntry | null = null;
  let place: { id: number | null; row: number | null } = { id: null, row: null };
  for (const entry of entries) {
    if (entry.kind === 'checked_in') {
      checkIn = entry;
      handBack = null;
      place = { id: entry.lotRegionId, row: entry.lotRegionRow };
    } else if (entry.kind === 'moved') {
      place = { id: entry.lotRegionId, row: entry.lotRegionRow };
    } else {
      handBack = entry;
    }
  }
  const kilometersIn = checkIn?.kilometers ?? null;
  const kilometersOut = handBack?.kilometers ?? null;
  return {
    status: handBack ? 'handed_back' : checkIn ? 'parked' : 'awaiting',
    checkIn,
    lotRegionId: place.id,
    lotRegionRow: place.row,
    handBack,
    kilometersIn,
    kilometersOut,
    kilometersDriven: kilometersDriven(kilometersIn, kilometersOut),
  };
}

type Refusal = { field: string; message: string };

/** Why an entry cannot be added now (null when it can): the order of events and the time given. */
export function custodyEntryRefusal(
  summary: CustodySummary,
  entry: { kind: CustodyKind; at: Date; kilometers?: number | null },
  now: Date,
): Refusal | null {
  const timeField = entry.kind === 'checked_in' ? 'timeParked' : 'at';
  if (summary.status === 'handed_back')
    return { field: 'non_field_errors', message: custodyMessages.alreadyHandedBack };
  if (entry.kind !== 'checked_in' && summary.status !== 'parked')
    return { field: 'non_field_errors', message: custodyMessages.notCheckedIn };
  if (entry.at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    return { field: timeField, message: custodyMessages.inFuture };
  if (entry.kind !== 'checked_in' && summary.checkIn && entry.at.getTime() < summary.checkIn.at.getTime())
    return { field: 'at', message: custodyMessages.beforeCheckIn };
  if (
    entry.kind === 'handed_back' &&
    entry.kilometers !== undefined &&
    entry.kilometers !== null &&
    summary.kilometersIn !== null &&
    entry.kilometers < summary.kilometersIn
  )
    return { field: 'kilometers', message: custodyMessages.kilometersBelowIn(summary.kilometersIn) };
  return null;
}
