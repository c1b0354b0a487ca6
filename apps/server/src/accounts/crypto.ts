import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

const CURRENT = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/** A hash of another algorithm or with other parameters than today's: rehash it at the next login. */
export const needsRehash = (passwordHash: string) => !passwordHash.startsWith(CURRENT);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // A user without a password still costs one verification, so timing does not tell who exists.
  const target = passwordHash ?? (await dummyHash());
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash('not-a-real-password-0', ARGON2));

/** A random secret for a URL or header (256 bits, base64url). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256: a database leak gives no usable session or link. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
