/** Single-use, expiring tokens for email links (confirmation, password reset). */
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@parking/domain/messages';
import type { Executor } from '../db/client';
import { userTokens } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { isDatabaseId } from '@parking/domain/api-values';
import { randomToken, sha256 } from './crypto';

export type TokenPurpose = 'email_confirmation' | 'password_reset';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_confirmation: 3 * 86_400_000,
  password_reset: 3_600_000,
};

export async function issueUserToken(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  ttlMs = TOKEN_TTL_MS[purpose],
) {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    created: now,
  });
  return token;
}

/**
 * Marks the token used and answers its user id; a wrong, used or expired token (or one for another
 * user or purpose) gets the same answer, so a guess learns nothing.
 */
export async function consumeUserToken(
  db: Executor,
  uid: string,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number> {
  const userId = isDatabaseId(uid) ? Number(uid) : NaN;
  if (Number.isNaN(userId) || token.length > 200)
    throw new DomainError('invalid_token', messages.invalidToken, { field: 'token' });
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    )
    .returning({ expiresAt: userTokens.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('invalid_token', messages.invalidToken, { field: 'token' });
  }
  return userId;
}

/**
 * Uses up every outstanding token of one purpose for a user. Once a password has been set (by a
 * reset link, a change while logged in, or an admin), an older reset email in someone's inbox must
 * not be able to set it again.
 */
export async function revokeUserTokens(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/**
 * Uses up every outstanding token of a user, whatever its purpose. When the login's address changes,
 * no link mailed to the old one (set a password, reset it, confirm the address) may still work.
 */
export async function revokeAllUserTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
}
