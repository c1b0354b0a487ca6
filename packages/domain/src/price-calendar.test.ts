import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, stayDays } from './dates';
import { calendarStays, markCheaper } from './price-calendar';
import { DEFAULT_STAY_LIMITS } from './stay-limits';

const TODAY = '2026-11-27';
const day = fc.integer({ min: -5, max: 40 }).map((n) => addDaysToDate(TODAY, n));

describe('calendarStays', () => {
  it('keeps the stay length, never starts before today, and steps a day at a time around the chosen stay', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 5 }),
        (start, extra, spread) => {
          const end = addDaysToDate(start, extra);
          const stays = calendarStays(start, end, TODAY, DEFAULT_STAY_LIMITS, spread);
          for (const stay of stays) {
            expect(stayDays(stay.startDate, stay.endDate)).toBe(stayDays(start, end));
            expect(stay.startDate >= TODAY).toBe(true);
            expect(stay.startDate).toBe(addDaysToDate(start, stay.offset));
            expect(Math.abs(stay.offset)).toBeLessThanOrEqual(spread);
          }
          expect(stays.map((stay) => stay.offset)).toEqual(
            [...stays.map((stay) => stay.offset)].sort((a, b) => a - b),
          );
          if (start >= TODAY) expect(stays.filter((stay) => stay.offset >= 0)).toHaveLength(spread + 1);
        },
      ),
    );
  });

  it('leaves out stays past the booking horizon', () => {
    const limits = { maxStayDays: 365, horizonDays: 10 };
    const stays = calendarStays(addDaysToDate(TODAY, 9), addDaysToDate(TODAY, 12), TODAY, limits);
    expect(stays.map((stay) => stay.offset)).toEqual([-3, -2, -1, 0, 1]);
  });
});

describe('markCheaper', () => {
  it('marks exactly the bookable days cheaper than the chosen one, the cheapest among them', () => {
    const cells = fc.array(fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }), {
      minLength: 1,
      maxLength: 7,
    });
    fc.assert(
      fc.property(cells, fc.nat(6), (prices, at) => {
        const chosenIndex = at % prices.length;
        const list = prices.map((cents, index) => ({ offset: index - chosenIndex, cents }));
        const marked = markCheaper(list);
        const chosen = prices[chosenIndex] ?? null;
        const lowest = Math.min(...prices.flatMap((cents) => (cents === null ? [] : [cents])));
        marked.forEach(({ cell, cheaper, cheapest }) => {
          expect(cheaper).toBe(chosen !== null && cell.cents !== null && cell.cents < chosen);
          expect(cheapest).toBe(cheaper && cell.cents === lowest);
        });
        expect(marked.find((entry) => entry.cell.offset === 0)?.cheaper).toBe(false);
      }),
    );
  });
});
