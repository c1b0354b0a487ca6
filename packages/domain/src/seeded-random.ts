/**
 * One seeded pseudo-random generator (mulberry32) for everything that must be repeatable: the demo seed,
 * the benches' request mixes and the tests' generated data. Pure and browser-safe; never for secrets.
 */

/** A repeatable stream of unsigned 32-bit integers from a seed. */
export function seededUint32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A repeatable stream of floats in [0, 1) from a seed. */
export function seededRandom(seed: number): () => number {
  const next = seededUint32(seed);
  return () => next() / 4294967296;
}

/** Seeded picks of every kind the seed and the generated test data need. */
export class SeededRandom {
  private readonly float: () => number;

  constructor(seed: number) {
    this.float = seededRandom(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.float();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** `count` characters drawn from `alphabet`. */
  string(alphabet: string, count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }

  /** A version-4-shaped UUID (deterministic, for placeholder emails). */
  uuid(): string {
    const hex = this.string('0123456789abcdef', 32);
    const variant = '89ab'[this.int(0, 3)];
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

/** Weighted picks over a fixed list, precomputed for speed (one item chosen thousands of times). */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    let sum = 0;
    for (const item of items) {
      sum += weight(item);
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(random: SeededRandom): T {
    const roll = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.cumulative[mid] ?? 0) > roll) high = mid;
      else low = mid + 1;
    }
    return this.items[low] as T;
  }
}
