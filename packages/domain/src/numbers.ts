/** Number fields as forms and the API send them: numbers or numeric strings, with the spec's messages. */
import { z } from 'zod';
import { messages } from './messages';

const numeric = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, { error: message }),
      ],
      { error: message },
    )
    .transform(Number);

/** Whole number above 0 ("Must be a number greater than 0"): spaces, rows, rate days, passengers out. */
export const positiveInt = (message: string = messages.numberGreaterThanZero) =>
  numeric(message).pipe(
    z.number().int({ error: message }).positive({ error: message }).max(1_000_000, { error: message }),
  );

/** Whole number from 0 ("Must be a number greater than or equal to 0"): passengers in. */
export const nonNegativeInt = (message: string = messages.numberGreaterOrEqualZero) =>
  numeric(message).pipe(
    z.number().int({ error: message }).min(0, { error: message }).max(1_000_000, { error: message }),
  );

/** A fraction 0..1 as a decimal string ("0.15"): fill thresholds, stored discount rates. */
export const fraction = (message: string = messages.fractionRange) =>
  numeric(message)
    .pipe(z.number().min(0, { error: message }).max(1, { error: message }))
    .transform((value) => String(Math.round(value * 10000) / 10000));

/** Money as a decimal string with two places, from 0. */
export const moneyAmount = (message = 'Enter a valid amount.') =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { error: message }))
    .transform((value) => Number(value).toFixed(2));

/** A required money amount ("Required ... base price, surcharge"): blank says so, anything else must be an amount. */
export const requiredMoney = (message: string = messages.invalidAmount) =>
  z
    .union([z.number(), z.string().trim()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : message),
    })
    .transform(String)
    .pipe(
      z
        .string()
        .min(1, { error: messages.required, abort: true })
        .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: message }),
    )
    .transform((value) => Number(value).toFixed(2));

/**
 * A percent typed 0-100 ("Must be a number between 0 and 100"), given to the API as the stored fraction
 * ("12.5" → "0.125"): discount rates (back-office §5).
 */
export const percentAsFraction = (message: string = messages.percentRange) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .min(1, { error: message })
          .regex(/^\d+(\.\d+)?$/, { error: message }),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number().min(0, { error: message }).max(100, { error: message }))
    .transform((value) => String(Math.round(value * 100) / 10000));

/** The stored fraction shown as a percent: "0.125" → "12.5". */
export function fractionToPercent(fraction: string | null | undefined): string {
  const value = Number(fraction);
  if (fraction === null || fraction === undefined || fraction === '' || !Number.isFinite(value)) return '';
  return String(Math.round(value * 10000) / 100);
}

/**
 * Passengers, one rule for each side of the counter. A traveller (the wizard, the public booking, Manage my
 * booking) says how many travel each way: at least 1 (public site: "Number above 0"). Staff record what they
 * know, 0 included (back office: "greater than or equal to 0").
 */
/** The fewest passengers a traveller books each way (the wizard, Manage my booking and the public API). */
export const TRAVELLER_PASSENGERS_MIN = 1;
export const travellerPassengers = () => positiveInt();
export const staffPassengers = () => nonNegativeInt();
