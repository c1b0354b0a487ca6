/**
 * Card checks of the local payment simulation, with Stripe's own wording and test numbers, shared
 * by the card form (live field errors) and the server (which decides the outcome).
 */
import type { PaymentRefusalCode } from './errors';

export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

/** Stripe's test numbers that fail, and how. Any other number passing the Luhn check succeeds. */
export const TEST_CARD_OUTCOMES: Record<string, { code: PaymentRefusalCode; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: cardMessages.declined },
  '4000000000009995': { code: 'insufficient_funds', message: cardMessages.insufficientFunds },
  '4000000000000069': { code: 'expired_card', message: cardMessages.expired },
  '4000000000000127': { code: 'incorrect_cvc', message: cardMessages.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: cardMessages.processingError },
};

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  /** "MM / YY" or "MM/YY" as typed. */
  expiry: string;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

/** Field errors of a card as typed, relative to `today`; empty when the card can be tried. */
export function cardFieldErrors(card: CardInput, today: Date): Partial<Record<CardField, string>> {
  const result: Partial<Record<CardField, string>> = {};
  const number = digitsOnly(card.number);
  const amex = /^3[47]/.test(number);
  if (number.length < (amex ? 15 : 16)) result.number = cardMessages.numberIncomplete;
  else if (!luhnValid(number)) result.number = cardMessages.numberInvalid;

  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(card.expiry);
  if (!match) result.expiry = cardMessages.expiryIncomplete;
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) result.expiry = cardMessages.expiryMonthInvalid;
    else if (year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) {
      result.expiry = cardMessages.expiryPast;
    }
  }
  if (!new RegExp(`^\\d{${amex ? 4 : 3}}$`).test(card.cvc.trim())) result.cvc = cardMessages.cvcIncomplete;
  return result;
}

/** What the simulated issuer answers for a card that passed the field checks. */
export function cardOutcome(
  number: string,
): { ok: true } | { ok: false; code: PaymentRefusalCode; message: string } {
  const outcome = TEST_CARD_OUTCOMES[digitsOnly(number)];
  return outcome ? { ok: false, ...outcome } : { ok: true };
}
