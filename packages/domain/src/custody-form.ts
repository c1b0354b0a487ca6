/**
 * The desk's dialogs (issue 23): check a car in, move it, hand it back. What each holds while being
 * filled in (business-local date and time, text fields), its rules with the same messages as the
 * server's, and the document each saves. Row within the region and kilometres out against kilometres
 * in are the rules of custody.ts, checked here with what the dialog knows and again by the server.
 */
import { z } from 'zod';
import { custodyMessages, damageMarksSchema, kilometersDriven, MAX_KILOMETERS, rowInRegion } from './custody';
import { businessInstant, TIME_PATTERN } from './dates';
import { optionalText } from './fields';
import { messages } from './messages';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const required = () => z.string().trim().min(1, { error: messages.required });
const seconds = (value: string) => (value.length === 5 ? `${value}:00` : value);
const kilometersText = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{1,7}$/.test(value) && Number(value) <= MAX_KILOMETERS), {
      error: custodyMessages.kilometersRange,
    });
const when = {
  date: required().pipe(z.string().regex(DATE, { error: messages.invalidDate })),
  time: required().pipe(z.string().regex(TIME_PATTERN, { error: messages.invalidTime })),
};

/** Where the car goes, as both Check In and Move hold it. */
const place = {
  lot: z.string(),
  lotRegion: required(),
  lotRegionRow: required(),
  /** The rows of the chosen region, for the row rule (0 until the regions have loaded). */
  regionRows: z.number(),
};

/** The row rule of custody.ts, beside the Row field, once the region's rows are known. */
function rowWithinRegion(value: { lotRegionRow: string; regionRows: number }, ctx: z.RefinementCtx) {
  if (
    value.lotRegionRow &&
    value.regionRows > 0 &&
    !rowInRegion(Number(value.lotRegionRow), value.regionRows)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['lotRegionRow'],
      message: custodyMessages.rowOutOfRange(value.regionRows),
    });
}

/** Check In: where (region and row of the booking's lot), who and when, and the car's state. */
export const checkInDialogSchema = z
  .object({
    ...place,
    parkedBy: required(),
    dateParked: when.date,
    timeParked: when.time,
    fuelLevel: optionalText(30),
    damage: damageMarksSchema,
    kilometers: kilometersText(),
    keyTag: optionalText(20),
    notes: optionalText(2000),
  })
  .superRefine(rowWithinRegion);
export type CheckInDialogValues = z.input<typeof checkInDialogSchema>;
export type CheckInDialog = z.output<typeof checkInDialogSchema>;

export function checkInDocument(values: CheckInDialog, timeZone: string) {
  return {
    attributes: {
      lotRegionRow: Number(values.lotRegionRow),
      timeParked: businessInstant(values.dateParked, seconds(values.timeParked), timeZone).toISOString(),
      fuelLevel: values.fuelLevel,
      damage: values.damage,
      kilometers: values.kilometers === '' ? null : Number(values.kilometers),
      keyTag: values.keyTag,
      notes: values.notes,
    },
    relationships: {
      lotRegion: { data: { type: 'lot-regions', id: values.lotRegion } },
      parkedBy: { data: { type: 'customers', id: values.parkedBy } },
    },
  };
}

/** Move: a new region and row. */
export const moveDialogSchema = z
  .object({
    ...place,
    movedBy: required(),
    date: when.date,
    time: when.time,
  })
  .superRefine(rowWithinRegion);
export type MoveDialogValues = z.input<typeof moveDialogSchema>;
export type MoveDialog = z.output<typeof moveDialogSchema>;

export function moveDocument(values: MoveDialog, timeZone: string) {
  return {
    attributes: {
      lotRegionRow: Number(values.lotRegionRow),
      at: businessInstant(values.date, seconds(values.time), timeZone).toISOString(),
    },
    relationships: {
      lotRegion: { data: { type: 'lot-regions', id: values.lotRegion } },
      movedBy: { data: { type: 'customers', id: values.movedBy } },
    },
  };
}

/** Hand Back: returned by, when, and the kilometres out (not below the kilometres in). */
export const handBackDialogSchema = z
  .object({
    returnedBy: required(),
    date: when.date,
    time: when.time,
    kilometers: kilometersText(),
    /** The check-in's reading, null when none was recorded. */
    kilometersIn: z.number().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.kilometers === '' || value.kilometersIn === null) return;
    if (kilometersDriven(value.kilometersIn, Number(value.kilometers)) === null)
      ctx.addIssue({
        code: 'custom',
        path: ['kilometers'],
        message: custodyMessages.kilometersBelowIn(value.kilometersIn),
      });
  });
export type HandBackDialogValues = z.input<typeof handBackDialogSchema>;
export type HandBackDialog = z.output<typeof handBackDialogSchema>;

export function handBackDocument(values: HandBackDialog, timeZone: string) {
  return {
    attributes: {
      at: businessInstant(values.date, seconds(values.time), timeZone).toISOString(),
      kilometers: values.kilometers === '' ? null : Number(values.kilometers),
    },
    relationships: { returnedBy: { data: { type: 'customers', id: values.returnedBy } } },
  };
}
