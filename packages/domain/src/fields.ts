/** Field rules shared by every form and every API payload. */
import { z } from 'zod';
import { isCountableInstant, TIME_PATTERN } from './dates';
import { messages } from './messages';
import { normaliseRego } from './rego';

/**
 * Deliberately plain: local@domain.tld, no spaces and no control characters (\p{Cc}: U+0000 to U+001F,
 * U+007F to U+009F). Servers deliver to whatever passes this.
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

const maxLength = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** C0 controls but tab, line feed and carriage return, and DEL: PostgreSQL stores no U+0000 at all. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
const noControls = { error: messages.controlCharacters, abort: true } as const;

/** Required text: missing, null, empty and blank all fail with the same message. */
export function requiredText(max = 255, message: string = messages.required) {
  return z
    .string({ error: message })
    .refine((value) => !hasControlCharacters(value), noControls)
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: maxLength(max) });
}

/** Optional text: missing or null become the empty string, as the database stores it. */
export function optionalText(max = 255) {
  return z
    .string({ error: 'Not a valid string.' })
    .refine((value) => !hasControlCharacters(value), noControls)
    .trim()
    .max(max, { error: maxLength(max) })
    .nullish()
    .transform((value) => value ?? '');
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required
        : messages.invalidChoice,
  });
}

export const email = z
  .string({ error: messages.emailRequired })
  .refine((value) => !hasControlCharacters(value), noControls)
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(254, { error: maxLength(254) })
  .regex(EMAIL_PATTERN, { error: messages.emailInvalid })
  .transform((value) => value.toLowerCase());

export const password = z
  .string({ error: messages.passwordRequired })
  .refine((value) => !hasControlCharacters(value), noControls)
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(8, { error: messages.passwordTooShort })
  .max(128, { error: maxLength(128) })
  .refine((value) => !/^\d+$/.test(value), { error: messages.passwordNumeric });

/** Rego is stored upper-cased without spaces (spec: vehicle validation). */
export const rego = requiredText(20).transform(normaliseRego);

/** 'YYYY-MM-DD' naming a day that exists: Date alone reads 30 February as 2 March. */
function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A calendar date 'YYYY-MM-DD' that exists (no 31 February). */
export function calendarDate(message: string = messages.invalidDate) {
  return requiredText(10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message, abort: true })
      .refine(isCalendarDate, { error: message }),
  );
}

/** A time of day, 'HH:mm' or 'HH:mm:ss', stored as 'HH:mm:ss'. */
export function timeOfDay(message: string = messages.invalidTime) {
  return requiredText(8).pipe(
    z
      .string()
      .regex(TIME_PATTERN, { error: message })
      .transform((value) => (value.length === 5 ? `${value}:00` : value)),
  );
}

// An instant needs its offset: '2026-12-01T10:00' alone would mean a different moment on every machine.
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * What requiredDatetime() makes of a well-formed datetime text, read without zod for the hot calls (a booking
 * quote, the extras list's stay); undefined for any other value, which the schema then reads and words the error
 * of. Where this answers, it answers what the schema does: the same checks on text the schema's trim leaves as it
 * is (the pattern admits no spaces), and the same Date (fields.test.ts compares them).
 */
export function readDatetime(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value.length > 40 || !ISO_DATETIME.test(value)) return undefined;
  if (!isCalendarDate(value.slice(0, 10))) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) || !isCountableInstant(instant) ? undefined : instant;
}

/** An ISO 8601 datetime with offset, as a Date whose date has a four-digit year in every time zone. */
export function requiredDatetime(message: string = messages.invalidDatetime) {
  // Too long ends the field (abort): a form's rule over two datetimes (departure before return) then never
  // runs on a text that did not become a Date, which threw a TypeError (a 500) in every such rule.
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(40, { error: maxLength(40), abort: true })
    .pipe(
      z
        .string()
        .regex(ISO_DATETIME, { error: message, abort: true })
        .refine((value) => isCalendarDate(value.slice(0, 10)), { error: message, abort: true })
        .transform((value) => new Date(value))
        .pipe(z.date({ error: message }).refine(isCountableInstant, { error: message })),
    );
}

/** An optional datetime: missing, null and '' become null. */
export function optionalDatetime(message: string = messages.invalidDatetime) {
  return z
    .preprocess((value) => (value === '' ? null : value), requiredDatetime(message).nullish())
    .transform((value) => value ?? null);
}

const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/** A business-local date and time 'YYYY-MM-DDTHH:mm' as a form holds it (the server takes the instant). */
export function localDatetime(message: string = messages.invalidDatetime) {
  return requiredText(16).pipe(
    z
      .string()
      .regex(LOCAL_DATETIME, { error: message, abort: true })
      .refine((value) => isCalendarDate(value.slice(0, 10)), { error: message }),
  );
}

/** The same, optional: '' stays ''. */
export function optionalLocalDatetime(message: string = messages.invalidDatetime) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || (LOCAL_DATETIME.test(value) && isCalendarDate(value.slice(0, 10))), {
      error: message,
    });
}
