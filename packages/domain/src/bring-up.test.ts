import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBringUpStep,
  boardOrder,
  BRING_UP_STATES,
  bringUpRefusal,
  bringUpMessages,
  carNeededAt,
  EXPECTED,
  mayAsk,
  rankOf,
  travellerBringUpText,
  waitingSince,
  type BringUp,
  type BringUpStep,
} from './bring-up';

const step: fc.Arbitrary<BringUpStep> = fc.oneof(
  fc.constant({ state: 'landed' } as const),
  fc.constantFrom('traveller', 'staff').map((by) => ({ state: 'asked', by }) as const),
  fc.constantFrom('Jack', 'Mia').map((by) => ({ state: 'bringing', by }) as const),
  fc.constantFrom('3', '12B').map((bay) => ({ state: 'ready', bay }) as const),
  fc.constant({ state: 'handed_back' } as const),
);

/** Runs the steps from Expected, skipping the refused ones; answers each state reached and each refusal. */
function run(steps: readonly BringUpStep[]) {
  let current: BringUp = EXPECTED;
  const states: BringUp[] = [current];
  let asks = 0;
  const now = new Date('2026-12-01T10:00:00Z');
  for (const [index, next] of steps.entries()) {
    const refusal = bringUpRefusal(current, next);
    if (refusal) {
      expect(() => applyBringUpStep(current, next, now)).toThrow(refusal);
      continue;
    }
    if (next.state === 'asked') asks += 1;
    current = applyBringUpStep(current, next, new Date(now.getTime() + index * 60_000));
    states.push(current);
  }
  return { states, asks, last: current };
}

describe('the bring-up status machine', () => {
  it('never goes back a step, whatever is asked of it', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        const { states } = run(steps);
        for (let i = 1; i < states.length; i += 1)
          expect(rankOf(states[i]!.state)).toBeGreaterThan(rankOf(states[i - 1]!.state));
      }),
    );
  });

  it('takes one ask per booking at most', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        const { asks, last } = run(steps);
        expect(asks).toBeLessThanOrEqual(1);
        if (asks === 1) expect(mayAsk(last)).toBe(false);
      }),
    );
  });

  it('refuses every step after the hand-back', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 10 }), step, (steps, after) => {
        const handedBack = run([...steps, { state: 'handed_back' }]).last;
        expect(handedBack.state).toBe('handed_back');
        expect(bringUpRefusal(handedBack, after)).toBe(bringUpMessages.handedBack);
        expect(mayAsk(handedBack)).toBe(false);
      }),
    );
  });

  it('may skip ahead, recording what each step says', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const bringing = applyBringUpStep(EXPECTED, { state: 'bringing', by: 'Jack' }, now);
    expect(bringing).toMatchObject({ state: 'bringing', bringingBy: 'Jack', bringingAt: now });
    expect(travellerBringUpText(bringing)).toBe('Your car is being brought up by Jack');
    const ready = applyBringUpStep(bringing, { state: 'ready', bay: '3' }, now);
    expect(travellerBringUpText(ready)).toBe('Ready at bay 3');
    // Once on its way, nobody asks for it again.
    expect(bringUpRefusal(bringing, { state: 'asked', by: 'traveller' })).toBe(bringUpMessages.alreadyAsked);
    expect(bringUpRefusal(ready, { state: 'landed' })).toBe(bringUpMessages.goesBack);
  });

  it('counts the wait from the ask, else the landing, until the car is ready', () => {
    const landed = applyBringUpStep(EXPECTED, { state: 'landed' }, new Date(1_000));
    expect(waitingSince(EXPECTED)).toBeNull();
    expect(waitingSince(landed)).toEqual(new Date(1_000));
    const asked = applyBringUpStep(landed, { state: 'asked', by: 'traveller' }, new Date(2_000));
    expect(waitingSince(asked)).toEqual(new Date(2_000));
    expect(waitingSince(applyBringUpStep(asked, { state: 'ready', bay: '1' }, new Date(3_000)))).toBeNull();
  });

  it('lists every state', () => {
    expect(BRING_UP_STATES.map(rankOf)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

const base = Date.parse('2026-12-01T00:00:00Z');
const card = fc.record({
  bookingCode: fc.stringMatching(/^[A-Z0-9]{8}$/),
  arrival: fc.option(
    fc.integer({ min: 0, max: 86_400_000 }).map((ms) => new Date(base + ms)),
    { nil: null },
  ),
  bookedPickUp: fc.integer({ min: 0, max: 86_400_000 }).map((ms) => new Date(base + ms)),
});
const settings = fc.record({ shuttleMinutes: fc.nat(60), walkMinutes: fc.nat(60) });

describe("the board's order", () => {
  it('puts the cars in the order they are needed: arrival (else booked pick-up) + shuttle + walk', () => {
    fc.assert(
      fc.property(fc.array(card, { maxLength: 30 }), settings, (cards, s) => {
        const placed = cards.map((c) => ({ ...c, neededAt: carNeededAt({ ...c, ...s }) }));
        const ordered = boardOrder(placed);
        // The same cards, each once.
        expect([...ordered].sort((a, b) => placed.indexOf(a) - placed.indexOf(b))).toEqual(placed);
        for (let i = 1; i < ordered.length; i += 1) {
          const before = ordered[i - 1]!;
          const after = ordered[i]!;
          expect(before.neededAt.getTime()).toBeLessThanOrEqual(after.neededAt.getTime());
          if (before.neededAt.getTime() === after.neededAt.getTime())
            expect(before.bookingCode <= after.bookingCode).toBe(true);
        }
        for (const c of placed) {
          const from = (c.arrival ?? c.bookedPickUp).getTime();
          expect(c.neededAt.getTime() - from).toBe((s.shuttleMinutes + s.walkMinutes) * 60_000);
        }
      }),
    );
  });

  it('does not depend on the order the cards came in', () => {
    fc.assert(
      fc.property(fc.array(card, { maxLength: 20 }), settings, (cards, s) => {
        const placed = cards.map((c) => ({ ...c, neededAt: carNeededAt({ ...c, ...s }) }));
        const key = (list: typeof placed) => list.map((c) => `${c.neededAt.getTime()}|${c.bookingCode}`);
        expect(key(boardOrder([...placed].reverse()))).toEqual(key(boardOrder(placed)));
      }),
    );
  });

  it('follows a late flight: a later arrival never moves a car earlier', () => {
    fc.assert(
      fc.property(card, settings, fc.nat(600), (c, s, lateMinutes) => {
        const on = carNeededAt({ ...c, ...s });
        const arrival = new Date((c.arrival ?? c.bookedPickUp).getTime() + lateMinutes * 60_000);
        expect(carNeededAt({ ...c, ...s, arrival }).getTime()).toBeGreaterThanOrEqual(on.getTime());
      }),
    );
  });
});
