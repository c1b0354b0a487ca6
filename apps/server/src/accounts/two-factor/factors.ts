/** A login's second factors, the Admins' setting, and what they make of each other. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { mustUseTwoFactor, type TwoFactorStatusAttributes } from '@parking/domain/two-factor';
import type { Config } from '../../config/config';
import type { Executor } from '../../db/client';
import { appSettings, recoveryCodes, users, webauthnCredentials } from '../../db/schema/index';
import { iso } from '@parking/domain/api-values';
import { STAFF_TWO_FACTOR_KEY } from './factors-sql';

export async function staffTwoFactorRequired(db: Executor, config: Config): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STAFF_TWO_FACTOR_KEY))
    .limit(1);
  return typeof row?.value === 'boolean' ? row.value : config.twoFactor.staffRequiredDefault;
}

export async function userFactors(db: Executor, userId: number) {
  const [user] = await db
    .select({
      roles: users.roles,
      totpEnabledAt: users.totpEnabledAt,
      totpPending: users.totpPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const passkeys = await db
    .select({
      id: webauthnCredentials.id,
      name: webauthnCredentials.name,
      created: webauthnCredentials.created,
      lastUsedAt: webauthnCredentials.lastUsedAt,
      credentialId: webauthnCredentials.credentialId,
      transports: webauthnCredentials.transports,
    })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(webauthnCredentials.id);
  return {
    roles: user?.roles ?? [],
    totp: !!user?.totpEnabledAt,
    recoveryCodesLeft: left?.n ?? 0,
    passkeys,
  };
}

export type UserFactors = Awaited<ReturnType<typeof userFactors>>;

export const hasSecondFactor = (factors: UserFactors) => factors.totp || factors.passkeys.length > 0;

export async function twoFactorStatus(
  db: Executor,
  config: Config,
  userId: number,
): Promise<TwoFactorStatusAttributes> {
  const factors = await userFactors(db, userId);
  const required = mustUseTwoFactor(factors.roles, await staffTwoFactorRequired(db, config));
  return {
    totp: factors.totp,
    recoveryCodesLeft: factors.recoveryCodesLeft,
    passkeys: factors.passkeys.map((row) => ({
      id: String(row.id),
      name: row.name,
      created: iso(row.created),
      lastUsed: row.lastUsedAt ? iso(row.lastUsedAt) : null,
    })),
    required,
    setupRequired: required && !hasSecondFactor(factors),
  };
}
