import { describe, expect, it } from 'vitest';
import { cardFieldErrors, cardMessages, cardOutcome, luhnValid } from './cards';

const today = new Date('2026-11-21T00:00:00Z');

describe('local card checks', () => {
  it('accepts 4242 4242 4242 4242 and passes it', () => {
    expect(cardFieldErrors({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, today)).toEqual(
      {},
    );
    expect(cardOutcome('4242424242424242')).toEqual({ ok: true });
  });

  it.each([
    ['4000 0000 0000 0002', cardMessages.declined],
    ['4000 0000 0000 9995', cardMessages.insufficientFunds],
  ])('%s is refused by the issuer: %s', (number, message) => {
    expect(cardOutcome(number)).toMatchObject({ ok: false, message });
  });

  it.each([
    [{ number: '4242 4242 4242', expiry: '12/30', cvc: '123' }, 'number', cardMessages.numberIncomplete],
    [{ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, 'number', cardMessages.numberInvalid],
    [{ number: '4242424242424242', expiry: '1', cvc: '123' }, 'expiry', cardMessages.expiryIncomplete],
    [{ number: '4242424242424242', expiry: '13/30', cvc: '123' }, 'expiry', cardMessages.expiryMonthInvalid],
    [{ number: '4242424242424242', expiry: '10/26', cvc: '123' }, 'expiry', cardMessages.expiryPast],
    [{ number: '4242424242424242', expiry: '12/30', cvc: '12' }, 'cvc', cardMessages.cvcIncomplete],
  ])('%j: %s says %s', (card, field, message) => {
    expect(cardFieldErrors(card, today)[field as 'number' | 'expiry' | 'cvc']).toBe(message);
  });

  it('the current month is still valid', () => {
    expect(
      cardFieldErrors({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, today).expiry,
    ).toBeUndefined();
  });

  it('Luhn', () => {
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('1234567812345678')).toBe(false);
  });
});
