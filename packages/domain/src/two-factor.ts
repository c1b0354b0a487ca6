/**
 * Two-factor sign-in (issue 38): an authenticator app's six-digit code (TOTP), ten one-use recovery codes, and
 * passkeys (WebAuthn). The rules the server and the browser share: the codes' formats, who must have a second
 * factor, how a session was signed in, and the words of the refusals.
 */
import { z } from 'zod';
import type { Role } from './constants';
import { messages } from './messages';

/** How a session was signed in (sessions.auth_method). */
export const SIGN_IN_METHODS = [
  'password',
  'password+totp',
  'password+recovery',
  'password+passkey',
  'passkey',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The second steps a login may answer with. */
export const SECOND_FACTORS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: a code read off paper is typed back without doubt. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Two groups of five: 50 bits of randomness, plenty for a one-use code behind the login's rate limits. */
const RECOVERY_GROUP = 5;

export const twoFactorMessages = {
  secondStepNeeded: 'Enter the code from your authenticator app, a recovery code or use a passkey.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  codeUsed: 'That code has just been used. Wait for the next one.',
  recoveryFormat: 'Enter a recovery code as shown, e.g. abcde-fghjk.',
  wrongRecoveryCode: 'That recovery code is not right, or it has been used already.',
  loginExpired: 'Your sign-in took too long. Please enter your email and password again.',
  passkeyRefused: 'That passkey could not be checked. Please try again or use another way to sign in.',
  passkeyUnknown: 'That passkey is not registered for this site.',
  setupFirst: 'Start the authenticator set-up first.',
  alreadyOn: 'Authenticator sign-in is already on.',
  notOn: 'Authenticator sign-in is not on.',
  staffMustKeep:
    'Staff must use two-factor sign-in: add a passkey or another authenticator before turning this one off.',
  setupRequired: 'Set up two-factor sign-in to continue.',
  adminFirst:
    'Set up your own two-factor sign-in (an authenticator app or a passkey) before requiring it of all staff.',
  oneMethod: 'Send one of code, recovery code or passkey.',
} as const;

/** The authenticator's code: six digits, spaces (as apps show them, "123 456") ignored. */
export const totpCode = z
  .string({ error: messages.required })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: twoFactorMessages.codeFormat }));

/** A recovery code as typed: case, spaces and the dash are forgiven; answers the stored form `xxxxx-xxxxx`. */
export function normaliseRecoveryCode(value: string): string | null {
  const compact = value.toLowerCase().replace(/[\s-]+/g, '');
  if (compact.length !== RECOVERY_GROUP * 2) return null;
  if (![...compact].every((char) => RECOVERY_ALPHABET.includes(char))) return null;
  return `${compact.slice(0, RECOVERY_GROUP)}-${compact.slice(RECOVERY_GROUP)}`;
}

export const recoveryCode = z
  .string({ error: messages.required })
  .max(40, { error: twoFactorMessages.recoveryFormat })
  .transform((value, context) => {
    const normal = normaliseRecoveryCode(value);
    if (normal === null) {
      context.addIssue({ code: 'custom', message: twoFactorMessages.recoveryFormat });
      return z.NEVER;
    }
    return normal;
  });

/** A recovery code from random bytes (one byte a character; the alphabet's 31 letters bias it by under 1%). */
export function recoveryCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_GROUP * 2) throw new Error('need 10 random bytes');
  const chars = [...bytes.slice(0, RECOVERY_GROUP * 2)].map(
    (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length],
  );
  return `${chars.slice(0, RECOVERY_GROUP).join('')}-${chars.slice(RECOVERY_GROUP).join('')}`;
}

/** Staff are every login with a role other than Customers: they see other people's bookings and money. */
export const isStaffRoles = (roles: readonly string[]): boolean => roles.some((role) => role !== 'Customers');

/**
 * Whether this login must have a second factor before it may do anything: staff, while the Admins' setting
 * "Staff must use two-factor sign-in" is on. Customers choose for themselves.
 */
export const mustUseTwoFactor = (roles: readonly (Role | string)[], staffRequired: boolean): boolean =>
  staffRequired && isStaffRoles(roles);

/** The method a session records for a second step taken after the password. */
export const methodAfterPassword = (factor: SecondFactor): SignInMethod =>
  factor === 'totp' ? 'password+totp' : factor === 'recovery' ? 'password+recovery' : 'password+passkey';

/** The second step of a login: the login's token and exactly one of the three proofs. */
export const secondStepSchema = z
  .object({
    loginToken: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    passkey: z.record(z.string(), z.unknown()).optional(),
  })
  .refine(
    (value) =>
      [value.code, value.recoveryCode, value.passkey].filter((proof) => proof !== undefined).length === 1,
    { error: twoFactorMessages.oneMethod, path: ['code'] },
  );
export type SecondStepInput = z.infer<typeof secondStepSchema>;

export const totpConfirmSchema = z.object({ code: totpCode });

export const passkeyRegistrationSchema = z.object({
  credential: z.record(z.string(), z.unknown()),
  name: z.string().trim().max(60).optional(),
});

export const passkeySignInSchema = z.object({
  challengeToken: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
  credential: z.record(z.string(), z.unknown()),
});

export const twoFactorSettingsSchema = z.object({ staffRequired: z.boolean({ error: messages.required }) });

/** `two-factor` (GET two-factor/): the signed-in user's own second factors. */
export interface TwoFactorStatusAttributes {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: Array<{ id: string; name: string; created: string; lastUsed: string | null }>;
  /** The Admins' setting makes this login need a second factor. */
  required: boolean;
  /** Required and none yet: the session reaches nothing but the set-up. */
  setupRequired: boolean;
}
