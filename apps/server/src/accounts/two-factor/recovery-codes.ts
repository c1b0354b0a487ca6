/**
 * Ten one-use recovery codes, shown once and stored as an HMAC-SHA-256 keyed from SESSION_SECRET: a code is 50
 * random bits, so the key (not in the database) is what keeps a stolen table from being searched offline.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, recoveryCodeFrom } from '@parking/domain/two-factor';
import type { Executor } from '../../db/client';
import { recoveryCodes } from '../../db/schema/index';

const codeHash = (code: string, secret: string) =>
  createHmac('sha256', `${secret}:recovery-codes`).update(code).digest('hex');

/** Replaces the user's codes with ten new ones, answered once, in the caller's transaction. */
export async function issueRecoveryCodes(db: Executor, userId: number, secret: string, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFrom(randomBytes(10)));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: codeHash(code, secret), created: now })));
  return codes;
}

/** Marks `code` (normalised) used if it is one of the user's unused codes; answers whether it was. */
export async function useRecoveryCode(
  db: Executor,
  userId: number,
  code: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash(code, secret)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}
