import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAud, formatMoney, isMoney, parseMoney } from './money';

describe('money', () => {
  it.each([
    ['0', 0],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.05', 5],
    ['-3.10', -310],
    ['1234567.89', 123456789],
  ])('parses %s as %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '1,000', '.5'])('refuses %j', (text) => {
    expect(isMoney(text)).toBe(false);
    expect(() => parseMoney(text)).toThrow(RangeError);
  });

  it('formats cents as a two-place decimal and round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const text = formatMoney(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(parseMoney(text)).toBe(cents);
      }),
    );
  });

  it('formats AUD in en-AU, dropping .00 only when asked (quotes)', () => {
    expect(formatAud(123450)).toBe('$1,234.50');
    expect(formatAud(4500)).toBe('$45.00');
    expect(formatAud(4500, { dropZeroCents: true })).toBe('$45');
    expect(formatAud(4550, { dropZeroCents: true })).toBe('$45.50');
  });
});
