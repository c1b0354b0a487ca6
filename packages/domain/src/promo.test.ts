import { describe, expect, it } from 'vitest';
import { promoApplies, type PromoWindow } from './promo';

const at = (text: string) => new Date(text);
const open: PromoWindow = {
  validFrom: at('2026-11-01T00:00:00+11:00'),
  validTo: at('2026-12-31T23:59:59+11:00'),
  dropOffStart: null,
  dropOffEnd: null,
};
const windowed: PromoWindow = {
  ...open,
  dropOffStart: at('2026-12-20T00:00:00+11:00'),
  dropOffEnd: at('2027-01-10T23:59:59+11:00'),
};
const now = at('2026-11-21T09:00:00+11:00');
const dropOff = at('2026-12-24T06:00:00+11:00');

describe('promo code windows', () => {
  it.each<[string, PromoWindow, Date, Date | null | undefined, boolean]>([
    ['inside the validity, no drop-off window', open, now, dropOff, true],
    ['no drop-off window and no drop-off given', open, now, undefined, true],
    ['before validFrom', open, at('2026-10-31T23:59:59+11:00'), dropOff, false],
    ['after validTo', open, at('2027-01-01T00:00:00+11:00'), dropOff, false],
    ['exactly at validFrom (inclusive)', open, open.validFrom, dropOff, true],
    ['exactly at validTo (inclusive)', open, open.validTo, dropOff, true],
    ['one millisecond past validTo', open, at('2026-12-31T23:59:59.001+11:00'), dropOff, false],
    ['drop-off inside the window', windowed, now, dropOff, true],
    ['drop-off before the window', windowed, now, at('2026-12-19T23:59:59+11:00'), false],
    ['drop-off after the window', windowed, now, at('2027-01-11T00:00:00+11:00'), false],
    ['drop-off exactly at the window start', windowed, now, windowed.dropOffStart ?? now, true],
    ['drop-off exactly at the window end', windowed, now, windowed.dropOffEnd ?? now, true],
    ['window set but drop-off unknown', windowed, now, null, false],
    [
      'drop-off inside the window but code expired',
      windowed,
      at('2027-01-02T00:00:00+11:00'),
      dropOff,
      false,
    ],
    [
      'only a window start: later drop-off',
      { ...open, dropOffStart: at('2026-12-01T00:00:00+11:00') },
      now,
      at('2030-01-01T00:00:00Z'),
      true,
    ],
    [
      'only a window start: earlier drop-off',
      { ...open, dropOffStart: at('2026-12-01T00:00:00+11:00') },
      now,
      at('2026-11-30T00:00:00+11:00'),
      false,
    ],
    [
      'only a window end: earlier drop-off',
      { ...open, dropOffEnd: at('2026-12-01T00:00:00+11:00') },
      now,
      at('2026-11-25T00:00:00+11:00'),
      true,
    ],
    [
      'only a window end: later drop-off',
      { ...open, dropOffEnd: at('2026-12-01T00:00:00+11:00') },
      now,
      at('2026-12-01T00:00:01+11:00'),
      false,
    ],
  ])('%s → %s', (_name, discount, when, drop, expected) => {
    expect(promoApplies(discount, when, drop)).toBe(expected);
  });
});
