import { describe, expect, it } from 'vitest';
import {
  methodAfterPassword,
  mustUseTwoFactor,
  normaliseRecoveryCode,
  RECOVERY_ALPHABET,
  recoveryCode,
  recoveryCodeFrom,
  secondStepSchema,
  totpCode,
  twoFactorMessages,
} from './two-factor';

describe('two-factor rules', () => {
  it('reads an authenticator code of six digits, spaces forgiven', () => {
    expect(totpCode.parse('123 456')).toBe('123456');
    expect(totpCode.parse(' 012345 ')).toBe('012345');
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const parsed = totpCode.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(twoFactorMessages.codeFormat);
    }
  });

  it('makes recovery codes of two groups of five from the unambiguous alphabet', () => {
    const code = recoveryCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 255]));
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    for (const char of code.replace('-', '')) expect(RECOVERY_ALPHABET).toContain(char);
    for (const ambiguous of ['0', 'o', '1', 'l', 'i']) expect(RECOVERY_ALPHABET).not.toContain(ambiguous);
    expect(() => recoveryCodeFrom(new Uint8Array(3))).toThrow();
  });

  it('normalises a recovery code as typed: case, spaces and dashes', () => {
    expect(normaliseRecoveryCode('ABCDE-FGHJK')).toBe('abcde-fghjk');
    expect(normaliseRecoveryCode(' abcde fghjk ')).toBe('abcde-fghjk');
    expect(normaliseRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(normaliseRecoveryCode('abcde-fghj0')).toBeNull();
    expect(normaliseRecoveryCode('abcde')).toBeNull();
    expect(recoveryCode.safeParse('nope').error?.issues[0]?.message).toBe(twoFactorMessages.recoveryFormat);
  });

  it('requires a second factor of staff only, and only while the setting is on', () => {
    expect(mustUseTwoFactor(['Admins'], true)).toBe(true);
    expect(mustUseTwoFactor(['Sales', 'Customers'], true)).toBe(true);
    expect(mustUseTwoFactor(['Employees'], true)).toBe(true);
    expect(mustUseTwoFactor(['Customers'], true)).toBe(false);
    expect(mustUseTwoFactor(['Admins'], false)).toBe(false);
  });

  it('names the session method of each second step', () => {
    expect(methodAfterPassword('totp')).toBe('password+totp');
    expect(methodAfterPassword('recovery')).toBe('password+recovery');
    expect(methodAfterPassword('passkey')).toBe('password+passkey');
  });

  it('takes exactly one proof in the second step', () => {
    expect(secondStepSchema.safeParse({ loginToken: 't', code: '123456' }).success).toBe(true);
    expect(secondStepSchema.safeParse({ loginToken: 't' }).success).toBe(false);
    expect(
      secondStepSchema.safeParse({ loginToken: 't', code: '123456', recoveryCode: 'abcde-fghjk' }).success,
    ).toBe(false);
  });
});
