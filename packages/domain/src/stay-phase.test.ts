import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountOwedCents, balanceToPayCents, stayPhase, type StayPhaseInput } from './stay-phase';

const booking = (overrides: Partial<StayPhaseInput> = {}): StayPhaseInput => ({
  status: 'complete',
  startDatetime: '2026-12-01T06:00:00+11:00',
  endDatetime: '2026-12-08T18:00:00+11:00',
  timeParked: null,
  ...overrides,
});

describe('stayPhase', () => {
  it('is upcoming before the drop-off', () => {
    expect(stayPhase(booking(), new Date('2026-11-30T12:00:00+11:00'))).toBe('upcoming');
  });

  it('is parked once checked in, even before the booked drop-off time', () => {
    expect(
      stayPhase(booking({ timeParked: '2026-12-01T05:30:00+11:00' }), new Date('2026-12-01T05:40:00+11:00')),
    ).toBe('parked');
  });

  it('is parked between drop-off and pick-up', () => {
    expect(stayPhase(booking(), new Date('2026-12-01T06:00:00+11:00'))).toBe('parked');
    expect(stayPhase(booking(), new Date('2026-12-08T17:59:00+11:00'))).toBe('parked');
  });

  it('is past from the pick-up time on', () => {
    expect(stayPhase(booking(), new Date('2026-12-08T18:00:00+11:00'))).toBe('past');
    expect(
      stayPhase(booking({ timeParked: '2026-12-01T06:00:00+11:00' }), new Date('2027-01-01T00:00:00Z')),
    ).toBe('past');
  });

  it('an open-ended stay is never past', () => {
    expect(stayPhase(booking({ endDatetime: null }), new Date('2030-01-01T00:00:00Z'))).toBe('parked');
  });

  it.each(['pending', 'cancelled', 'abandoned', 'payment_failed', 'error'])(
    'a %s booking keeps its status (no phase)',
    (status) => {
      expect(stayPhase(booking({ status }), new Date('2026-11-30T12:00:00+11:00'))).toBeNull();
    },
  );

  it('moves only forward in time: upcoming, then parked, then past', () => {
    const order = { upcoming: 0, parked: 1, past: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: -20 * 86_400_000, max: 20 * 86_400_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (offset, step) => {
          const base = Date.parse('2026-12-01T06:00:00+11:00') + offset;
          const first = stayPhase(booking(), new Date(base));
          const later = stayPhase(booking(), new Date(base + step));
          expect(first && later && order[later] >= order[first]).toBe(true);
        },
      ),
    );
  });
});

describe('amountOwedCents', () => {
  it('is what is left to pay, never negative', () => {
    expect(amountOwedCents(20130, 0)).toBe(20130);
    expect(amountOwedCents(20130, 10000)).toBe(10130);
    expect(amountOwedCents(20130, 20130)).toBe(0);
    expect(amountOwedCents(0, 500)).toBe(0);
  });
});

describe('balanceToPayCents', () => {
  it.each(['complete', 'pending', 'payment_failed'])('a %s booking owes what is left to pay', (status) => {
    expect(balanceToPayCents({ status, totalCents: 9700, paidCents: 2000 })).toBe(7700);
    expect(balanceToPayCents({ status, totalCents: 9700, paidCents: 9700 })).toBe(0);
  });

  it.each(['cancelled', 'abandoned', 'error'])('a %s booking owes nothing', (status) => {
    expect(balanceToPayCents({ status, totalCents: 9700, paidCents: 0 })).toBe(0);
  });
});
