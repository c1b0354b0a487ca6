import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, eachDate } from './dates';
import {
  applyRate,
  basePriceCents,
  computeCosts,
  extraPriceCents,
  gstCents,
  parkingPriceCents,
  rateToParts,
  surchargeCents,
  type LotPricing,
  type RateRow,
} from './pricing';

const table: RateRow[] = [
  { days: 1, cents: 2500 },
  { days: 2, cents: 4000 },
  { days: 3, cents: 5200 },
  { days: 5, cents: 7000 },
  { days: 7, cents: 8500 },
];
const lot: LotPricing = { rows: table, dailyCents: 1200, surcharges: new Map() };

/** A rate table whose prices never fall as days rise, as an admin would enter it. */
const monotoneTable = fc
  .uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 })
  .chain((days) =>
    fc
      .array(fc.integer({ min: 0, max: 5000 }), { minLength: days.length, maxLength: days.length })
      .map((steps) => {
        const sorted = [...days].sort((a, b) => a - b);
        let price = 0;
        return sorted.map((d, i) => ({ days: d, cents: (price += steps[i] ?? 0) }));
      }),
  );
const rate = fc.integer({ min: 0, max: 10000 }).map((parts) => (parts / 10000).toFixed(4));
const date = fc.integer({ min: 0, max: 3000 }).map((offset) => addDaysToDate('2025-01-01', offset));

describe('parking price from the rate table', () => {
  it.each([
    [1, 2500],
    [2, 4000],
    [3, 5200],
    [4, 7000], // no 4-day row: the next larger row
    [5, 7000],
    [6, 8500],
    [7, 8500],
    [8, 8500 + 1200], // beyond the largest row: plus the long-stay daily rate
    [10, 8500 + 3 * 1200],
    [30, 8500 + 23 * 1200],
  ])('%i days cost %i cents', (days, cents) => {
    expect(basePriceCents(days, table, 1200)).toBe(cents);
  });

  it('with no table, every day costs the daily rate', () => {
    expect(basePriceCents(4, [], 1500)).toBe(6000);
  });

  it('counts calendar days with both ends included (same day = 1)', () => {
    expect(parkingPriceCents('2026-12-01', '2026-12-01', lot)).toBe(2500);
    expect(parkingPriceCents('2026-12-01', '2026-12-03', lot)).toBe(5200);
  });

  it('adds each exceptional day inside the stay once', () => {
    const withSurcharges: LotPricing = {
      ...lot,
      surcharges: new Map([
        ['2026-12-24', 1500],
        ['2026-12-31', 1000],
      ]),
    };
    expect(parkingPriceCents('2026-12-23', '2026-12-25', withSurcharges)).toBe(5200 + 1500);
    expect(parkingPriceCents('2026-12-25', '2026-12-30', withSurcharges)).toBe(8500);
  });

  it('property: the long-stay formula holds beyond the largest row', () => {
    fc.assert(
      fc.property(
        monotoneTable,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 400 }),
        (rows, daily, extra) => {
          const largest = rows.at(-1);
          if (!largest) return;
          expect(basePriceCents(largest.days + extra, rows, daily)).toBe(largest.cents + extra * daily);
        },
      ),
    );
  });

  it('property: a longer stay never costs less when there are no surcharges', () => {
    fc.assert(
      fc.property(
        monotoneTable,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 60 }),
        (rows, daily, days) => {
          expect(basePriceCents(days + 1, rows, daily)).toBeGreaterThanOrEqual(
            basePriceCents(days, rows, daily),
          );
        },
      ),
    );
  });
});

describe('totals', () => {
  it('discount applies to parking only, extras are added after it', () => {
    const costs = computeCosts({
      startDate: '2026-12-01',
      endDate: '2026-12-03',
      lot,
      discountRate: '0.1',
      extrasCents: 3500,
    });
    expect(costs).toMatchObject({
      parkingCost: 5200,
      amountDiscounted: 520,
      extrasCost: 3500,
      totalCost: 5200 - 520 + 3500,
      days: 3,
    });
  });

  it('rounds a discount half up to the cent', () => {
    expect(applyRate(2525, rateToParts('0.1'))).toBe(253); // 252.5 → 253
    expect(applyRate(2524, rateToParts('0.1'))).toBe(252);
    expect(applyRate(999, rateToParts('0.3333'))).toBe(333);
  });

  it.each([
    [11000, 1000],
    [5500, 500],
    [100, 9], // 9.09 → 9
    [105, 10], // 9.545 → 10
    [0, 0],
  ])('GST of %i cents is %i cents (one eleventh)', (total, gst) => {
    expect(gstCents(total)).toBe(gst);
  });

  it('a subscription covering the stay makes parking free; the promo then discounts nothing', () => {
    const costs = computeCosts({
      startDate: '2026-12-01',
      endDate: '2026-12-05',
      lot,
      discountRate: '0.2',
      extrasCents: 2000,
      subscription: { coversUntil: '2026-12-31', calculateGaps: true },
    });
    expect(costs).toMatchObject({
      parkingCost: 7000,
      subscriptionDiscount: 7000,
      amountDiscounted: 0,
      totalCost: 2000,
    });
  });

  it('days beyond the subscription are charged as a stay of that many days when gaps are calculated', () => {
    const input = { startDate: '2026-12-01', endDate: '2026-12-05', lot, discountRate: '0', extrasCents: 0 };
    const gaps = computeCosts({ ...input, subscription: { coversUntil: '2026-12-03', calculateGaps: true } });
    expect(gaps).toMatchObject({ parkingCost: 7000, subscriptionDiscount: 7000 - 4000, totalCost: 4000 });
    const noGaps = computeCosts({
      ...input,
      subscription: { coversUntil: '2026-12-03', calculateGaps: false },
    });
    expect(noGaps.totalCost).toBe(0);
    const expired = computeCosts({
      ...input,
      subscription: { coversUntil: '2026-11-30', calculateGaps: true },
    });
    expect(expired.subscriptionDiscount).toBe(0);
  });

  it('property: totals are never negative, GST is total/11 to the cent, the identity holds', () => {
    fc.assert(
      fc.property(
        monotoneTable,
        fc.integer({ min: 0, max: 5000 }),
        date,
        fc.integer({ min: 0, max: 90 }),
        rate,
        fc.integer({ min: 0, max: 100000 }),
        fc.option(fc.record({ offset: fc.integer({ min: -5, max: 100 }), calculateGaps: fc.boolean() }), {
          nil: undefined,
        }),
        (rows, daily, start, length, discountRate, extrasCents, sub) => {
          const end = addDaysToDate(start, length);
          const costs = computeCosts({
            startDate: start,
            endDate: end,
            lot: { rows, dailyCents: daily, surcharges: new Map() },
            discountRate,
            extrasCents,
            subscription: sub && {
              coversUntil: addDaysToDate(start, sub.offset),
              calculateGaps: sub.calculateGaps,
            },
          });
          expect(costs.totalCost).toBeGreaterThanOrEqual(0);
          expect(costs.totalCost).toBe(
            costs.parkingCost - costs.subscriptionDiscount - costs.amountDiscounted + costs.extrasCost,
          );
          expect(Math.abs(costs.gst * 11 - costs.totalCost)).toBeLessThanOrEqual(5.5);
          expect(costs.amountDiscounted).toBeLessThanOrEqual(costs.parkingCost - costs.subscriptionDiscount);
          // The discount never touches extras.
          expect(costs.totalCost).toBeGreaterThanOrEqual(costs.extrasCost);
          for (const value of Object.values(costs)) expect(Number.isInteger(value)).toBe(true);
        },
      ),
    );
  });

  it('refuses rates outside 0..1', () => {
    expect(() => rateToParts('1.5')).toThrow(RangeError);
    expect(() => rateToParts('-0.1')).toThrow(RangeError);
    expect(rateToParts('1')).toBe(10000);
    expect(rateToParts('0.15')).toBe(1500);
  });
});

describe('extra prices', () => {
  it('uses the vehicle type variation, else the base price', () => {
    const variations = new Map([[3, '45.00']]);
    expect(extraPriceCents('30.00', variations, 3)).toBe(4500);
    expect(extraPriceCents('30.00', variations, 4)).toBe(3000);
    expect(extraPriceCents('30.00', variations, null)).toBe(3000);
  });
});

describe("the lot's subscription share", () => {
  it('a subscription takes off only the lot’s share of covered parking', () => {
    const half = computeCosts({
      startDate: '2026-12-01',
      endDate: '2026-12-03',
      lot: { ...lot, subscriptionShare: '0.5' },
      discountRate: '0',
      extrasCents: 0,
      subscription: { coversUntil: '2026-12-31', calculateGaps: true },
    });
    expect(half).toMatchObject({ parkingCost: 5200, subscriptionDiscount: 2600, totalCost: 2600 });
  });
});

describe('surcharges', () => {
  it('property: a stay pays the surcharge of each of its dates, both ends included, and no other', () => {
    const day = fc.integer({ min: 0, max: 120 }).map((offset) => addDaysToDate('2026-11-01', offset));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.tuple(day, fc.integer({ min: 0, max: 100_000 }))),
        (start, length, entries) => {
          const end = addDaysToDate(start, length);
          const surcharges = new Map(entries);
          const expected = eachDate(start, end).reduce((sum, date) => sum + (surcharges.get(date) ?? 0), 0);
          expect(surchargeCents(start, end, surcharges)).toBe(expected);
        },
      ),
    );
  });
});
