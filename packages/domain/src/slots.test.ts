import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  movementSlots,
  placesTakenText,
  quieterSlots,
  slotEnd,
  slotHasRoom,
  slotLabel,
  slotLevel,
  slotLoads,
  slotMessages,
  slotOf,
  slotOfBusinessTime,
  slotStart,
  staySlotProblems,
} from './slots';

const TZ = 'Australia/Hobart';
const QUARTER = 15 * 60_000;
// Instants from 2020 to 2035, to the millisecond.
const instant = fc.integer({ min: 1_577_836_800_000, max: 2_082_758_400_000 }).map((ms) => new Date(ms));
const cap = fc.option(fc.integer({ min: 1, max: 30 }), { nil: null });
const loadsArb = fc
  .array(fc.tuple(fc.integer({ min: -12, max: 12 }), fc.integer({ min: 0, max: 40 })), { maxLength: 25 })
  .map((entries) => new Map(entries.map(([offset, load]) => [1000 + offset, load])));

describe('slotOf', () => {
  it('puts every instant in the quarter hour that holds it', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const slot = slotOf(at);
        expect(slotStart(slot).getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(slotEnd(slot).getTime());
        expect(slotEnd(slot).getTime() - slotStart(slot).getTime()).toBe(QUARTER);
      }),
    );
  });

  it('is the business quarter hour, on a day the clocks change too', () => {
    // 5 April 2026: Hobart goes back from +11:00 to +10:00 at 3 am.
    expect(slotLabel(slotOfBusinessTime('2026-04-05', '05:07', TZ), TZ)).toBe('5:00 am to 5:15 am');
    expect(slotLabel(slotOfBusinessTime('2026-11-27', '23:59', TZ), TZ)).toBe('11:45 pm to 12:00 am');
    expect(slotOfBusinessTime('2026-11-27', '05:14:59', TZ)).toBe(
      slotOfBusinessTime('2026-11-27', '05:00', TZ),
    );
    expect(slotOfBusinessTime('2026-11-27', '05:15', TZ)).toBe(
      slotOfBusinessTime('2026-11-27', '05:00', TZ) + 1,
    );
  });
});

describe('slotLoads', () => {
  it('counts each drop-off and each pick-up once, in its own slot', () => {
    const stay = fc.record({ start: instant, end: fc.option(instant, { nil: null }) });
    fc.assert(
      fc.property(fc.array(stay, { maxLength: 30 }), (stays) => {
        const loads = slotLoads(stays);
        const total = [...loads.values()].reduce((sum, load) => sum + load, 0);
        expect(total).toBe(stays.reduce((sum, s) => sum + (s.end === null ? 1 : 2), 0));
        for (const s of stays)
          for (const slot of movementSlots(s)) expect(loads.get(slot)).toBeGreaterThan(0);
      }),
    );
  });
});

describe('staySlotProblems', () => {
  it('refuses exactly when a slot would go over its cap', () => {
    fc.assert(
      fc.property(
        loadsArb,
        cap,
        fc.integer({ min: -12, max: 12 }),
        fc.integer({ min: -12, max: 12 }),
        (loads, max, a, b) => {
          const stay = { start: slotStart(1000 + a), end: slotStart(1000 + b) };
          const problems = staySlotProblems(stay, loads, max);
          const after = new Map(loads);
          for (const slot of movementSlots(stay)) after.set(slot, (after.get(slot) ?? 0) + 1);
          const over = movementSlots(stay).some((slot) => max !== null && (after.get(slot) ?? 0) > max);
          expect(problems.length > 0).toBe(over);
          if (max === null) expect(problems).toEqual([]);
        },
      ),
    );
  });

  it('names the drop-off or the pick-up with the spec-style message', () => {
    const loads = new Map([
      [10, 2],
      [20, 1],
    ]);
    expect(staySlotProblems({ start: slotStart(10), end: slotStart(20) }, loads, 2)).toEqual([
      { field: 'startDatetime', slot: 10, message: slotMessages.dropOffFull },
    ]);
    expect(staySlotProblems({ start: slotStart(11), end: slotStart(10) }, loads, 2)).toEqual([
      { field: 'endDatetime', slot: 10, message: slotMessages.pickUpFull },
    ]);
    // Both movements in one slot need two places.
    expect(staySlotProblems({ start: slotStart(20), end: slotStart(20) }, loads, 2)).toHaveLength(1);
    expect(staySlotProblems({ start: slotStart(30), end: slotStart(30) }, loads, 2)).toEqual([]);
  });
});

describe('slotLevel', () => {
  it('is full exactly when no car fits, and quiet when unlimited', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), cap, (load, max) => {
        expect(slotLevel(load, max) === 'full').toBe(!slotHasRoom(load, max));
        if (max === null) expect(slotLevel(load, max)).toBe('quiet');
      }),
    );
    expect(slotLevel(7, 10)).toBe('quiet');
    expect(slotLevel(8, 10)).toBe('busy');
    expect(slotLevel(10, 10)).toBe('full');
  });
});

describe('placesTakenText', () => {
  it('counts the places taken up to the limit, and calls a slot over its limit full (issue 40)', () => {
    expect(placesTakenText(0, 4)).toBe('0 of 4 places taken');
    expect(placesTakenText(4, 4)).toBe('4 of 4 places taken');
    expect(placesTakenText(3, 2)).toBe('all 2 places taken');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 30 }), (load, max) => {
        const [taken = '', of = ''] = /(\d+) of (\d+)/.exec(placesTakenText(load, max))?.slice(1) ?? [];
        if (load > max) expect(placesTakenText(load, max)).toBe(`all ${max} places taken`);
        else expect(Number(taken)).toBeLessThanOrEqual(Number(of));
      }),
    );
  });
});

describe('quieterSlots', () => {
  it('suggests only nearby slots with room and fewer cars, nearest first, never twice', () => {
    fc.assert(
      fc.property(
        loadsArb,
        cap,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        (loads, max, within, limit) => {
          const chosen = 1000;
          const found = quieterSlots(chosen, loads, max, { within, limit });
          expect(new Set(found).size).toBe(found.length);
          expect(found.length).toBeLessThanOrEqual(limit);
          const distances = found.map((slot) => Math.abs(slot - chosen));
          expect(distances).toEqual([...distances].sort((x, y) => x - y));
          for (const slot of found) {
            expect(Math.abs(slot - chosen)).toBeGreaterThan(0);
            expect(Math.abs(slot - chosen)).toBeLessThanOrEqual(within);
            expect(loads.get(slot) ?? 0).toBeLessThan(loads.get(chosen) ?? 0);
            expect(slotHasRoom(loads.get(slot) ?? 0, max)).toBe(true);
          }
          if (max === null) expect(found).toEqual([]);
        },
      ),
    );
  });

  it('always finds one for a full slot when a slot nearby has room', () => {
    fc.assert(
      fc.property(loadsArb, fc.integer({ min: 1, max: 30 }), (loads, max) => {
        const chosen = 1000;
        const full = new Map(loads).set(chosen, max);
        const roomNearby = [-4, -3, -2, -1, 1, 2, 3, 4].some((d) =>
          slotHasRoom(full.get(chosen + d) ?? 0, max),
        );
        expect(quieterSlots(chosen, full, max).length > 0).toBe(roomNearby);
      }),
    );
  });

  it('keeps to the allowed slots', () => {
    const loads = new Map([
      [100, 5],
      [99, 1],
      [101, 2],
    ]);
    expect(quieterSlots(100, loads, 5)).toEqual([99, 101, 98]);
    expect(quieterSlots(100, loads, 5, { allowed: (slot) => slot > 100 })).toEqual([101, 102, 103]);
  });
});
