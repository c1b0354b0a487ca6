/**
 * Generated passwords (back-office §5): 16 characters from lowercase, uppercase, digits and special
 * characters, leaving out the ones that are easily misread when a password is read out over the phone
 * or copied from a screen (0/O/o, 1/l/I, and quotes, bars and brackets).
 */

export const PASSWORD_ALPHABETS = {
  lowercase: 'abcdefghijkmnpqrstuvwxyz',
  uppercase: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
  specials: '!@#$%^&*-_+=?',
} as const;

export const GENERATED_PASSWORD_LENGTH = 16;

/** Fills a list of unsigned 32-bit integers; the default is the platform's secure source. */
export type RandomSource = (count: number) => ArrayLike<number>;

const UINT32_RANGE = 2 ** 32;

function secureRandom(count: number): Uint32Array {
  const values = new Uint32Array(count);
  // Browsers and Node 20 both have Web Crypto on globalThis; this package does not type either platform.
  const webCrypto: unknown = Reflect.get(globalThis, 'crypto');
  if (
    typeof webCrypto !== 'object' ||
    webCrypto === null ||
    !('getRandomValues' in webCrypto) ||
    typeof webCrypto.getRandomValues !== 'function'
  ) {
    throw new Error('No secure random source');
  }
  webCrypto.getRandomValues(values);
  return values;
}

/** Uniform integers below `max`, by rejection: `value % max` alone favours the small ones. */
function randomBelow(random: RandomSource) {
  return (max: number): number => {
    const limit = UINT32_RANGE - (UINT32_RANGE % max);
    for (;;) {
      const [value = 0] = Array.from(random(1));
      if (value < limit) return value % max;
    }
  };
}

/**
 * A password with at least one character of each kind (so that it passes any rule that asks for
 * them), the rest from all kinds, in a random order.
 */
export function generatePassword(
  random: RandomSource = secureRandom,
  length: number = GENERATED_PASSWORD_LENGTH,
): string {
  const below = randomBelow(random);
  const pick = (alphabet: string) => alphabet.charAt(below(alphabet.length));
  const kinds = Object.values(PASSWORD_ALPHABETS);
  const all = kinds.join('');
  const characters = kinds.map(pick);
  while (characters.length < length) characters.push(pick(all));
  // Fisher-Yates, so that the guaranteed characters are not always in front.
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = below(index + 1);
    const swap = characters[index] ?? '';
    characters[index] = characters[other] ?? '';
    characters[other] = swap;
  }
  return characters.join('');
}
