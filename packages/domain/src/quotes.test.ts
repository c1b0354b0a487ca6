import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import type { LotPricing } from './pricing';
import {
  bookingQuoteSchema,
  MAX_QUOTE_DAYS,
  promoCheckSchema,
  quoteDateProblems,
  quoteMessages,
  quotePriceCents,
} from './quotes';

const TODAY = '2026-11-21';

describe('quote form dates', () => {
  it.each<[string, string | undefined, string | undefined, Array<[string, string]>]>([
    ['today to today is fine', TODAY, TODAY, []],
    ['a year ahead is fine', '2027-01-01', '2027-01-05', []],
    [
      'both missing',
      undefined,
      undefined,
      [
        ['startDate', messages.required],
        ['endDate', messages.required],
      ],
    ],
    [
      'both empty',
      '',
      '',
      [
        ['startDate', messages.required],
        ['endDate', messages.required],
      ],
    ],
    [
      'malformed',
      '21/11/2026',
      '2026-02-30',
      [
        ['startDate', messages.invalidDate],
        ['endDate', messages.invalidDate],
      ],
    ],
    ['departure yesterday', '2026-11-20', '2026-11-25', [['startDate', messages.dateInFuture]]],
    ['return before departure', '2026-11-25', '2026-11-24', [['endDate', messages.dateAfterDeparture]]],
    ['exactly the longest stay', '2026-12-01', '2027-11-30', []],
    [
      'one day too long',
      '2026-12-01',
      '2027-12-01',
      [['endDate', quoteMessages.stayTooLong(MAX_QUOTE_DAYS)]],
    ],
    [
      'past departure and earlier return: both',
      '2026-11-10',
      '2026-11-09',
      [
        ['startDate', messages.dateInFuture],
        ['endDate', messages.dateAfterDeparture],
      ],
    ],
  ])('%s', (_name, start, end, expected) => {
    expect(quoteDateProblems(start, end, TODAY).map((p) => [p.field, p.message])).toEqual(expected);
  });
});

describe('quote price', () => {
  const lot: LotPricing = {
    rows: [
      { days: 1, cents: 3200 },
      { days: 3, cents: 6600 },
    ],
    dailyCents: 1200,
    surcharges: new Map([['2026-12-25', 1500]]),
  };

  it('is the parking price with surcharges', () => {
    expect(quotePriceCents('2026-12-24', '2026-12-26', lot)).toBe(6600 + 1500);
  });

  it('is zero when a subscription covers the stay', () => {
    expect(quotePriceCents('2026-12-24', '2026-12-26', lot, '2027-03-01')).toBe(0);
  });

  it('charges the days past the subscription as a stay of that many days', () => {
    // Covered until the 24th: the 25th and 26th are a 2-day stay (next larger row: 3 days).
    expect(quotePriceCents('2026-12-24', '2026-12-26', lot, '2026-12-24')).toBe(6600);
  });

  it('ignores a subscription that ended before the stay', () => {
    expect(quotePriceCents('2026-12-24', '2026-12-26', lot, '2026-12-01')).toBe(8100);
  });
});

describe('booking-quote payload', () => {
  const base = { startDatetime: '2026-12-01T06:00:00+11:00', endDatetime: '2026-12-05T18:00:00+11:00' };

  it('defaults the rate, extras, gaps flag and promo code', () => {
    const parsed = bookingQuoteSchema.parse(base);
    expect(parsed).toMatchObject({
      discountRate: '0',
      extrasCost: '0.00',
      calculateSubscriptionGaps: false,
      promoCode: '',
    });
    expect(parsed.startDatetime.toISOString()).toBe('2026-11-30T19:00:00.000Z');
  });

  it('normalises the rate, amount and promo code', () => {
    expect(
      bookingQuoteSchema.parse({ ...base, discountRate: '0.150', extrasCost: 12.5, promoCode: ' summer ' }),
    ).toMatchObject({
      discountRate: '0.15',
      extrasCost: '12.50',
      promoCode: 'SUMMER',
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'end not after start',
      { endDatetime: base.startDatetime },
      'endDatetime',
      messages.arrivalBeforeDeparture,
    ],
    [
      'end before start',
      { endDatetime: '2026-11-30T06:00:00+11:00' },
      'endDatetime',
      messages.arrivalBeforeDeparture,
    ],
    ['missing start', { startDatetime: undefined }, 'startDatetime', messages.required],
    ['no offset', { startDatetime: '2026-12-01T06:00:00' }, 'startDatetime', messages.invalidDatetime],
    ['rate above 1', { discountRate: '1.5' }, 'discountRate', messages.fractionRange],
    ['negative extras', { extrasCost: '-1' }, 'extrasCost', messages.invalidAmount],
  ])('refuses %s', (_name, change, field, message) => {
    const result = bookingQuoteSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('promo check payload', () => {
  it('trims and upper-cases the code; drop-offs are optional', () => {
    expect(promoCheckSchema.parse({ code: '  welcome10 ' })).toEqual({
      code: 'WELCOME10',
      dropOffStart: null,
      dropOffEnd: null,
    });
  });

  it('requires a code', () => {
    expect(promoCheckSchema.safeParse({ code: '   ' }).error?.issues[0]).toMatchObject({
      path: ['code'],
      message: messages.required,
    });
  });
});
