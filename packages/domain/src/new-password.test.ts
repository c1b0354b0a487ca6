import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { messages } from './messages';
import { isCommonPassword, newPassword } from './new-password';

const issues = (value: unknown) => {
  const parsed = newPassword.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('new password rule', () => {
  it('refuses the passwords found accepted (password, password123, aaaaaaaa) as too common', () => {
    expect(issues('password')).toEqual([messages.passwordCommon]);
    expect(issues('password123')).toEqual([messages.passwordCommon]);
    expect(issues('PassWord123')).toEqual([messages.passwordCommon]);
    expect(issues('aaaaaaaa')).toEqual([messages.passwordCommon]);
    expect(issues('qwertyuiop')).toEqual([messages.passwordCommon]);
  });

  it('keeps the spec’s own messages beside it', () => {
    expect(issues('abc')).toContain(messages.passwordTooShort);
    expect(issues('12345678')).toEqual([messages.passwordNumeric]);
    expect(issues('')).toEqual([messages.passwordRequired]);
  });

  it('accepts an uncommon password, such as the demo one', () => {
    expect(issues('demo-pass-1')).toEqual([]);
    expect(issues('Tasman-Bridge-42')).toEqual([]);
  });

  it('ships every list entry lower-cased and 8+ characters, and finds each one', () => {
    const list = COMMON_PASSWORDS.split('\n');
    expect(list.length).toBeGreaterThan(2000);
    for (const word of list) {
      expect(word.length).toBeGreaterThanOrEqual(8);
      expect(isCommonPassword(word)).toBe(true);
    }
  });
});
