import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { remainingSpaces, wouldExceed } from './capacity';
import {
  heldPlaces,
  nextRelease,
  openPlaces,
  partnerPlaces,
  placesHeld,
  partnerStaySchema,
  partnerStopSellSchema,
  releaseInstant,
  stayPlaces,
  stopSellCovers,
  type DaySupply,
} from './partners';

const TZ = 'Australia/Hobart';
const DATE = '2027-03-10';
// The day starts at 00:00 in Hobart (UTC+11 in March): 2027-03-09T13:00Z.
const DAY_START = new Date('2027-03-09T13:00:00Z').getTime();
const HOUR = 3_600_000;

const partnerIds = [1, 2, 3, 4];
const dayArb = fc
  .record({
    capacity: fc.integer({ min: 0, max: 60 }),
    taken: fc.integer({ min: 0, max: 80 }),
    allotments: fc.array(
      fc.record({
        partnerId: fc.constantFrom(...partnerIds),
        places: fc.integer({ min: 1, max: 20 }),
        releaseHours: fc.integer({ min: 0, max: 96 }),
      }),
      { maxLength: 4 },
    ),
    partnerTaken: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 4, maxLength: 4 }),
    stopSold: fc.subarray(partnerIds),
    closed: fc.boolean(),
  })
  .map(({ capacity, taken, allotments, partnerTaken, stopSold, closed }): DaySupply => {
    // A partner's bookings are part of everyone's: never more than the places taken.
    let left = taken;
    const takenByPartner = new Map<number, number>();
    partnerIds.forEach((id, index) => {
      const mine = Math.min(left, partnerTaken[index] ?? 0);
      left -= mine;
      takenByPartner.set(id, mine);
    });
    return { date: DATE, capacity, taken, takenByPartner, allotments, stopSold: new Set(stopSold), closed };
  });
// A fixed clock: from four days before the day to its start.
const nowArb = fc.integer({ min: -96, max: 0 }).map((hours) => new Date(DAY_START + hours * HOUR));

describe('what a partner may sell', () => {
  it('releases an allotment at its hour before the day, and not a moment before', () => {
    expect(releaseInstant(DATE, 48, TZ).toISOString()).toBe('2027-03-07T13:00:00.000Z');
    const day: DaySupply = {
      date: DATE,
      capacity: 10,
      taken: 0,
      takenByPartner: new Map(),
      allotments: [{ partnerId: 1, places: 4, releaseHours: 48 }],
      stopSold: new Set(),
      closed: false,
    };
    const justBefore = new Date(DAY_START - 48 * HOUR - 1);
    const atRelease = new Date(DAY_START - 48 * HOUR);
    expect(openPlaces(day, justBefore, TZ)).toBe(6);
    expect(partnerPlaces(day, 2, justBefore, TZ)).toBe(6);
    expect(partnerPlaces(day, 1, justBefore, TZ)).toBe(10);
    expect(openPlaces(day, atRelease, TZ)).toBe(10);
    expect(partnerPlaces(day, 2, atRelease, TZ)).toBe(10);
  });

  it('never sells more than the capacity left, to the website or a partner', () => {
    fc.assert(
      fc.property(dayArb, nowArb, fc.constantFrom(...partnerIds), (day, now, partner) => {
        const left = Math.max(0, day.capacity - day.taken);
        expect(openPlaces(day, now, TZ)).toBeGreaterThanOrEqual(0);
        expect(openPlaces(day, now, TZ)).toBeLessThanOrEqual(left);
        expect(partnerPlaces(day, partner, now, TZ)).toBeLessThanOrEqual(left);
      }),
    );
  });

  it('gives a partner its own unreleased allotment on top of the open places, the website only the open ones', () => {
    fc.assert(
      fc.property(dayArb, nowArb, fc.constantFrom(...partnerIds), (day, now, partner) => {
        fc.pre(!day.closed && !day.stopSold.has(partner));
        const own = day.allotments
          .filter((a) => a.partnerId === partner)
          .reduce((sum, a) => sum + heldPlaces(day, a, now, TZ), 0);
        const open = openPlaces(day, now, TZ);
        const others = day.allotments
          .filter((a) => a.partnerId !== partner)
          .reduce((sum, a) => sum + heldPlaces(day, a, now, TZ), 0);
        expect(open).toBe(Math.max(0, day.capacity - day.taken - own - others));
        expect(partnerPlaces(day, partner, now, TZ)).toBe(
          Math.min(Math.max(0, day.capacity - day.taken - others), own + open),
        );
        expect(partnerPlaces(day, partner, now, TZ)).toBeGreaterThanOrEqual(open);
      }),
    );
  });

  it('holds for the website what no partner has booked of its unreleased allotment, never more than is left', () => {
    fc.assert(
      fc.property(dayArb, nowArb, (day, now) => {
        fc.pre(!day.closed);
        const held = placesHeld(day, now, TZ);
        const left = Math.max(0, day.capacity - day.taken);
        const open = openPlaces(day, now, TZ);
        // The website's places and the held ones never add up to more than the capacity left...
        if (open > 0) expect(open + held).toBeLessThanOrEqual(left);
        // ... and the website gets every place not held.
        expect(open).toBe(Math.max(0, left - held));
        expect(held).toBeLessThanOrEqual(day.allotments.reduce((sum, a) => sum + a.places, 0));
        // Each partner's own bookings count against its own allotment only.
        const unheld = { ...day, takenByPartner: new Map<number, number>() };
        expect(placesHeld(unheld, now, TZ)).toBeGreaterThanOrEqual(held);
      }),
    );
  });

  it('holds nothing from each allotment\u2019s release instant on, and the next release is the first change', () => {
    fc.assert(
      fc.property(dayArb, nowArb, (day, now) => {
        for (const allotment of day.allotments) {
          const release = releaseInstant(day.date, allotment.releaseHours, TZ);
          expect(heldPlaces(day, allotment, release, TZ)).toBe(0);
          expect(heldPlaces(day, allotment, new Date(release.getTime() + HOUR), TZ)).toBe(0);
          if (now.getTime() >= release.getTime()) expect(heldPlaces(day, allotment, now, TZ)).toBe(0);
        }
        const last = day.allotments.reduce((max, a) => Math.max(max, a.releaseHours), -1);
        if (last < 0) {
          expect(nextRelease(day.allotments, now, TZ)).toBeUndefined();
          return;
        }
        const next = nextRelease(day.allotments, now, TZ);
        expect(next && next.getTime()).toBeGreaterThan(now.getTime());
        // Nothing is released between now and the next release, on any day near it.
        for (let offset = -2; offset <= 6; offset += 1) {
          const date = new Date(DAY_START + offset * 86_400_000 + 12 * HOUR).toISOString().slice(0, 10);
          const other = { ...day, date };
          const justBefore = new Date((next?.getTime() ?? 0) - 1);
          expect(placesHeld(other, justBefore, TZ)).toBe(placesHeld(other, now, TZ));
        }
      }),
    );
  });

  it('the website\u2019s fill threshold, with the held places counted as taken, refuses exactly when none is open', () => {
    fc.assert(
      fc.property(
        dayArb,
        nowArb,
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(null, '0.9', '0.95', '0.5'),
        (day, now, spaces, threshold) => {
          const capped = { ...day, capacity: remainingSpaces(0, spaces, threshold), closed: false };
          const full = wouldExceed(capped.taken + placesHeld(capped, now, TZ), spaces, threshold);
          expect(full).toBe(openPlaces(capped, now, TZ) === 0);
        },
      ),
    );
  });

  it('sells nothing under a stop-sell or a closure', () => {
    fc.assert(
      fc.property(dayArb, nowArb, fc.constantFrom(...partnerIds), (day, now, partner) => {
        const stopped = { ...day, stopSold: new Set([...day.stopSold, partner]) };
        expect(partnerPlaces(stopped, partner, now, TZ)).toBe(0);
        const closed = { ...day, closed: true };
        expect(partnerPlaces(closed, partner, now, TZ)).toBe(0);
        expect(openPlaces(closed, now, TZ)).toBe(0);
      }),
    );
  });

  it('only ever gives more places as time passes to those without the allotment', () => {
    fc.assert(
      fc.property(dayArb, nowArb, nowArb, fc.constantFrom(...partnerIds), (day, a, b, partner) => {
        const [earlier, later] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
        expect(openPlaces(day, later, TZ)).toBeGreaterThanOrEqual(openPlaces(day, earlier, TZ));
        fc.pre(!day.allotments.some((allotment) => allotment.partnerId === partner));
        expect(partnerPlaces(day, partner, later, TZ)).toBeGreaterThanOrEqual(
          partnerPlaces(day, partner, earlier, TZ),
        );
      }),
    );
  });

  it('counts a partner\u2019s own bookings against its allotment first', () => {
    const day: DaySupply = {
      date: DATE,
      capacity: 10,
      taken: 3,
      takenByPartner: new Map([[1, 3]]),
      allotments: [{ partnerId: 1, places: 4, releaseHours: 24 }],
      stopSold: new Set(),
      closed: false,
    };
    const now = new Date(DAY_START - 72 * HOUR);
    expect(heldPlaces(day, day.allotments[0]!, now, TZ)).toBe(1);
    expect(openPlaces(day, now, TZ)).toBe(6);
    expect(partnerPlaces(day, 1, now, TZ)).toBe(7);
  });

  it('a stay has the places of its fullest day; stop-sells cover their dates inclusive', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 10 }), (places) => {
        const days = places.map((capacity) => ({ capacity }) as unknown as DaySupply);
        expect(stayPlaces(days, (day) => day.capacity)).toBe(Math.min(...places));
      }),
    );
    expect(stayPlaces([], () => 1)).toBe(0);
    const stop = { startDate: '2027-03-10', endDate: '2027-03-12' };
    expect(
      ['2027-03-09', '2027-03-10', '2027-03-12', '2027-03-13'].map((d) => stopSellCovers(stop, d)),
    ).toEqual([false, true, true, false]);
  });

  it('checks a stay and a stop-sell\u2019s dates are in order', () => {
    expect(
      partnerStaySchema.safeParse({ start: '2027-03-10T08:00:00+11:00', end: '2027-03-10T07:00:00+11:00' })
        .success,
    ).toBe(false);
    expect(
      partnerStaySchema.safeParse({ start: '2027-03-10T08:00:00+11:00', end: '2027-03-12T07:00:00+11:00' })
        .success,
    ).toBe(true);
    expect(partnerStopSellSchema.safeParse({ startDate: '2027-03-10', endDate: '2027-03-09' }).success).toBe(
      false,
    );
    expect(partnerStopSellSchema.safeParse({ startDate: '2027-03-10', endDate: '2027-03-10' }).success).toBe(
      true,
    );
  });
});
