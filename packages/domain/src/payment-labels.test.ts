import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from './constants';
import { paymentMethodLabel, paymentStatusLabel } from './payment-labels';

describe('payment labels', () => {
  it('names the card payment "Card", never the provider', () => {
    expect(paymentMethodLabel('stripe')).toBe('Card');
    expect(paymentMethodLabel('eftpos')).toBe('EFTPOS');
    expect(paymentMethodLabel(null)).toBe('');
  });

  it('gives every stored method a label that is not its stored value in lower case', () => {
    for (const method of PAYMENT_METHODS) {
      const label = paymentMethodLabel(method);
      expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
    }
  });

  it('shows an unknown value as it is', () => {
    expect(paymentMethodLabel('voucher')).toBe('voucher');
    expect(paymentStatusLabel('paid')).toBe('Paid');
    expect(paymentStatusLabel('odd')).toBe('odd');
  });

  it('calls an unpaid booking with money paid towards it "Part paid", never "Unpaid"', () => {
    expect(paymentStatusLabel('unpaid', '122.30')).toBe('Part paid');
    expect(paymentStatusLabel('unpaid', '0.00')).toBe('Unpaid');
    expect(paymentStatusLabel('unpaid', null)).toBe('Unpaid');
    expect(paymentStatusLabel('paid', '122.30')).toBe('Paid');
    expect(paymentStatusLabel('refunded', '10.00')).toBe('Refunded');
  });
});
