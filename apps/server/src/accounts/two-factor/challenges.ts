/**
 * Logins between their steps and WebAuthn challenges (login_challenges): a random token for the browser, kept as
 * its SHA-256, five minutes, single use. Rows are in the database so that any instance finishes a login.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../crypto';
import type { Executor } from '../../db/client';
import { loginChallenges } from '../../db/schema/index';

export type ChallengePurpose = 'second_factor' | 'passkey_login' | 'passkey_registration';
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong second steps against one login before it is void (the password is asked again). */
const CHALLENGE_FAILURES = 5;

export async function createChallenge(
  db: Executor,
  purpose: ChallengePurpose,
  now: Date,
  values: { userId?: number; webauthnChallenge?: string },
): Promise<string> {
  const token = randomToken();
  // Expired challenges go as new ones come: the table stays the size of the logins in progress.
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await db.insert(loginChallenges).values({
    purpose,
    tokenHash: sha256(token),
    userId: values.userId ?? null,
    webauthnChallenge: values.webauthnChallenge ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    created: now,
  });
  return token;
}

export async function findChallenge(db: Executor, purpose: ChallengePurpose, token: string, now: Date) {
  if (token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256(token)),
        eq(loginChallenges.purpose, purpose),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.failures, CHALLENGE_FAILURES),
      ),
    )
    .limit(1);
  return row;
}

/** Ends a challenge; answers whether this call did (a challenge is spent once, whoever races for it). */
export async function spendChallenge(db: Executor, id: number): Promise<boolean> {
  const gone = await db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, id))
    .returning({ id: loginChallenges.id });
  return gone.length > 0;
}

export async function countChallengeFailure(db: Executor, id: number, failures: number): Promise<void> {
  await db
    .update(loginChallenges)
    .set({ failures: failures + 1 })
    .where(eq(loginChallenges.id, id));
}

export async function dropUserChallenges(
  db: Executor,
  userId: number,
  purpose: ChallengePurpose,
): Promise<void> {
  await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.userId, userId), eq(loginChallenges.purpose, purpose)));
}
