/**
 * The rule for a password being set (registration, reset, change, staff setting one): the spec's
 * rules plus "not one of the 10,000 most common passwords". Kept apart from fields.ts so that the
 * list (about 20 kB) is loaded only by the screens that set a password, not by the home page.
 */
import { COMMON_PASSWORDS } from './common-passwords';
import { password } from './fields';
import { messages } from './messages';

let common: Set<string> | undefined;

/** On the list (any letter case), or one character repeated ("aaaaaaaa"), which no list ranks. */
export function isCommonPassword(value: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(value.toLowerCase()) || /^(.)\1*$/su.test(value);
}

export const newPassword = password.refine((value) => !isCommonPassword(value), {
  error: messages.passwordCommon,
});
