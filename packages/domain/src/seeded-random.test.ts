import { describe, expect, it } from 'vitest';
import { SeededRandom, seededRandom, seededUint32, WeightedTable } from './seeded-random';

describe('seeded random (mulberry32)', () => {
  it('gives the reference mulberry32 stream for a seed', () => {
    const next = seededUint32(1);
    expect([next(), next(), next()]).toEqual([2693262067, 11749833, 2265367787]);
    const float = seededRandom(1);
    expect(float()).toBeCloseTo(0.6270739405881613, 15);
  });

  it('repeats itself for the same seed and differs for another', () => {
    const a = seededRandom(0x5eed_2026);
    const b = seededRandom(0x5eed_2026);
    const c = seededRandom(42);
    const first = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(first);
    expect(Array.from({ length: 100 }, () => c())).not.toEqual(first);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('picks integers, items, weighted items and strings within their ranges', () => {
    const random = new SeededRandom(7);
    const float = seededRandom(7);
    expect(random.next()).toBe(float());
    for (let i = 0; i < 500; i++) {
      const n = random.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
      expect(['a', 'b']).toContain(random.pick(['a', 'b']));
      expect(
        random.weighted([
          ['never', 0],
          ['always', 1],
        ] as const),
      ).toBe('always');
    }
    expect(random.string('xy', 12)).toMatch(/^[xy]{12}$/);
    expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(() => random.pick([])).toThrow(RangeError);
    expect(() => random.weighted([])).toThrow(RangeError);
  });

  it('picks from a weighted table in proportion to the weights', () => {
    const random = new SeededRandom(11);
    const table = new WeightedTable(['rare', 'common', 'never'], (item) =>
      item === 'rare' ? 1 : item === 'common' ? 9 : 0,
    );
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const item = table.pick(random);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    expect(counts.get('never')).toBeUndefined();
    expect((counts.get('rare') ?? 0) / 10_000).toBeCloseTo(0.1, 1);
  });
});
