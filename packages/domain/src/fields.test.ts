import { describe, expect, it } from 'vitest';
import { loginSchema, passwordResetConfirmationSchema, registerSchema } from './accounts';
import { vehicleSchema } from './vehicles';
import { email, hasControlCharacters, optionalText, password, requiredText } from './fields';
import { messages } from './messages';

/** The first message per field: what a form shows beside it and what the API answers. */
const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

const valid = {
  email: 'Ann@Example.com',
  password: 'secret-pass',
  title: 'Ms',
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: '0400 000 000',
};

describe('account rules (public-site §5)', () => {
  it('accepts a valid registration, lower-casing the email and defaulting business to empty', () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.business).toBe('');
  });

  it.each([
    [{ email: '' }, 'email', 'Email address required'],
    [{ email: undefined }, 'email', 'Email address required'],
    [{ email: 'not-an-email' }, 'email', 'Email address must be valid'],
    [{ password: '' }, 'password', 'Password required'],
    [{ password: 'short1' }, 'password', 'Password must be at least 8 chars'],
    [{ password: '123456789' }, 'password', 'Password must include non-numeric chars'],
    [{ firstName: '   ' }, 'firstName', 'This field is required.'],
    [{ lastName: null }, 'lastName', 'This field is required.'],
    [{ phoneNumber: '' }, 'phoneNumber', 'This field is required.'],
    [{ title: '' }, 'title', 'This field is required.'],
    [{ title: 'Lord' }, 'title', 'Select a valid choice.'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });

  it('login needs both fields', () => {
    expect(messagesOf(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('set password: the confirmation must match', () => {
    const result = passwordResetConfirmationSchema.safeParse({
      uid: '1',
      token: 't',
      newPassword1: 'secret-pass',
      newPassword2: 'other-pass',
    });
    expect(messagesOf(result)).toEqual({ newPassword2: 'Passwords do not match' });
  });
});

describe('vehicle rules', () => {
  it('upper-cases the rego and strips its spaces', () => {
    expect(
      vehicleSchema.parse({ rego: ' ab c 12 3', make: 'Toyota', model: 'Corolla', colour: 'White' }).rego,
    ).toBe('ABC123');
  });

  it('requires rego, make, model and colour', () => {
    expect(Object.keys(messagesOf(vehicleSchema.safeParse({})))).toEqual(['rego', 'make', 'model', 'colour']);
  });
});

describe('control characters', () => {
  it('are refused in every kind of text field, tabs and line breaks aside', () => {
    for (const bad of ['\u0000', '\u0007', '\u001b', '\u007f', '\u000b']) {
      for (const schema of [requiredText(), optionalText(), email, password]) {
        const parsed = schema.safeParse(`abc${bad}def@example.com`);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(messages.controlCharacters);
      }
    }
    expect(optionalText(100).parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(hasControlCharacters('plain text, émigré, 漢字')).toBe(false);
  });
});
