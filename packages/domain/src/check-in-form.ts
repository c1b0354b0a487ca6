/**
 * The check-in screen's form (back-office §2 "Booking check-in screen"): what it holds while being edited, its
 * rules with the spec's messages, and the booking attributes and relationships it saves.
 */
import { z } from 'zod';
import { ref, selection, type Editable } from './booking-form';
import { businessInstant, TIME_PATTERN } from './dates';
import { seconds } from './drop-off';
import { optionalText } from './fields';
import { messages } from './messages';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parking Space, Parking Region, Row (1 to the region's rows), Fuel Level, Damage, Parked By (staff), Date Parked
 * and Time Parked.
 */
export const checkInFormSchema = z
  .object({
    lot: selection(),
    lotRegion: z.string().default(''),
    lotRegionRow: z.string().default(''),
    fuelLevel: optionalText(30),
    damage: optionalText(2000),
    parkedBy: z.string().default(''),
    dateParked: z.string().trim().default(''),
    timeParked: z.string().trim().default(''),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string = messages.required) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (value.lotRegionRow && !/^[1-9]\d*$/.test(value.lotRegionRow))
      issue('lotRegionRow', messages.numberGreaterThanZero);
    if (value.lotRegion && !value.lotRegionRow) issue('lotRegionRow');
    if (value.dateParked && !DATE.test(value.dateParked)) issue('dateParked', messages.invalidDate);
    if (value.timeParked && !TIME_PATTERN.test(value.timeParked)) issue('timeParked', messages.invalidTime);
    // A time needs its day, and a day its time.
    if (value.dateParked && !value.timeParked) issue('timeParked');
    if (value.timeParked && !value.dateParked) issue('dateParked');
  });
export type CheckInFormValues = Editable<z.input<typeof checkInFormSchema>>;
export type CheckInForm = z.output<typeof checkInFormSchema>;

/** The check-in's attributes and relationships; the lot only when it was changed (a new lot reprices the stay). */
export function checkInPayload(values: CheckInForm, timeZone: string, lotChanged: boolean) {
  return {
    attributes: {
      lotRegionRow: values.lotRegion && values.lotRegionRow ? Number(values.lotRegionRow) : null,
      fuelLevel: values.fuelLevel,
      damage: values.damage,
      timeParked:
        values.dateParked && values.timeParked
          ? businessInstant(values.dateParked, seconds(values.timeParked), timeZone).toISOString()
          : null,
    },
    relationships: {
      ...(lotChanged ? { lot: ref('lots', values.lot) } : {}),
      lotRegion: ref('lot-regions', values.lotRegion),
      parkedBy: ref('customers', values.parkedBy),
    },
  };
}
