/** Field rules shared by every form and every API payload. */
import { z } from 'zod';
import { messages } from './messages';

/** Deliberately plain: local@domain.tld, no spaces. Servers deliver to whatever passes this. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const maxLength = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** Required text: missing, null, empty and blank all fail with the same message. */
export function requiredText(max = 255, message: string = messages.required) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: maxLength(max) });
}

/** Optional text: missing or null become the empty string, as the database stores it. */
export function optionalText(max = 255) {
  return z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(max, { error: maxLength(max) })
    .nullish()
    .transform((value) => value ?? '');
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? messages.required : messages.invalidChoice),
  });
}

export const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(254, { error: maxLength(254) })
  .regex(EMAIL_PATTERN, { error: messages.emailInvalid })
  .transform((value) => value.toLowerCase());

export const password = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(8, { error: messages.passwordTooShort })
  .max(128, { error: maxLength(128) })
  .refine((value) => !/^\d+$/.test(value), { error: messages.passwordNumeric });

/** Rego is stored upper-cased without spaces (spec: vehicle validation). */
export const rego = requiredText(20).transform((value) => value.replace(/\s+/g, '').toUpperCase());

export function normaliseRego(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
