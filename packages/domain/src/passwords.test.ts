import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { password } from './fields';
import {
  GENERATED_PASSWORD_LENGTH,
  generatePassword,
  PASSWORD_ALPHABETS,
  type RandomSource,
} from './passwords';
import { seededUint32 } from './seeded-random';

const AMBIGUOUS = ['0', 'O', 'o', '1', 'l', 'I', '|', '"', "'", '`', ' '];
const ALLOWED = new Set(Object.values(PASSWORD_ALPHABETS).join(''));

/** A seeded generator (mulberry32): any seed fast-check picks gives a repeatable stream of 32-bit values. */
function seeded(seed: number): RandomSource {
  const next = seededUint32(seed);
  return (count) => Array.from({ length: count }, () => next());
}

function expectShape(generated: string) {
  expect(generated).toHaveLength(GENERATED_PASSWORD_LENGTH);
  for (const character of generated) expect(ALLOWED.has(character), character).toBe(true);
  for (const [kind, alphabet] of Object.entries(PASSWORD_ALPHABETS)) {
    expect(
      [...generated].some((character) => alphabet.includes(character)),
      kind,
    ).toBe(true);
  }
  // The customer form's own password rules accept it.
  expect(password.safeParse(generated).success).toBe(true);
}

describe('generatePassword', () => {
  it('has no ambiguous characters in its alphabets', () => {
    for (const character of AMBIGUOUS) expect(ALLOWED.has(character), character).toBe(false);
  });

  it('makes 16 characters from every kind, whatever the random values', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        expectShape(generatePassword(seeded(seed)));
      }),
    );
  });

  it('uses the platform’s secure random source by default, and does not repeat itself', () => {
    const made = Array.from({ length: 200 }, () => generatePassword());
    for (const generated of made) expectShape(generated);
    expect(new Set(made).size).toBe(made.length);
  });

  it('rejects values that would bias the choice rather than folding them', () => {
    // The top of the 32-bit range is not a whole number of alphabet lengths: those values are skipped.
    const values = [0xffffffff, 0xfffffffe, ...Array.from({ length: 200 }, (_, index) => index)];
    let next = 0;
    const generated = generatePassword((count) => values.slice(next, (next += count)));
    expectShape(generated);
    // Two skipped, one for each character, one for each swap of the shuffle.
    expect(next).toBe(2 + GENERATED_PASSWORD_LENGTH + (GENERATED_PASSWORD_LENGTH - 1));
  });

  it('spreads its characters over the whole alphabet', () => {
    const seen = new Set<string>();
    const random = seeded(42);
    for (let index = 0; index < 300; index += 1)
      for (const character of generatePassword(random)) seen.add(character);
    expect(seen).toEqual(ALLOWED);
  });
});
