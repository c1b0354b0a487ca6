/** Login sessions: opaque tokens for the Authorization header, mirrored in an HttpOnly cookie. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@parking/domain/constants';
import { mustUseTwoFactor, type SignInMethod } from '@parking/domain/two-factor';
import type { AuthUser } from '../context';
import type { Executor } from '../db/client';
import { customers, sessions, users } from '../db/schema/index';
import { hasSecondFactorSql, staffRequiredSql } from './two-factor/factors-sql';
import { randomToken, sha256 } from './crypto';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

export interface NewSession {
  id: number;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(
  db: Executor,
  userId: number,
  meta: { ip: string; userAgent: string; now: Date; days: number; method?: SignInMethod },
): Promise<NewSession> {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(meta.now.getTime() + meta.days * 86_400_000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256(token),
      csrfToken,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
      created: meta.now,
      lastUsedAt: meta.now,
      expiresAt,
      authMethod: meta.method ?? 'password',
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('Session not created');
  return { id: row.id, token, csrfToken, expiresAt };
}

export interface SessionUser extends AuthUser {
  csrfToken: string;
  /** How the session was signed in. */
  signInMethod: SignInMethod;
  /** Staff without a second factor while the Admins' setting requires one: only the set-up is reachable. */
  twoFactorSetupRequired: boolean;
}

export async function findSessionUser(
  db: Executor,
  token: string,
  now: Date,
  idleMs = Number.POSITIVE_INFINITY,
  staffTwoFactorDefault = false,
): Promise<SessionUser | null> {
  if (token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      csrfToken: sessions.csrfToken,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      email: users.email,
      roles: users.roles,
      isActive: users.isActive,
      customerId: customers.id,
      authMethod: sessions.authMethod,
      hasSecondFactor: hasSecondFactorSql(users.id, users.totpEnabledAt),
      staffRequired: staffRequiredSql(),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.userId, users.id))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || !row.isActive) return null;
  // Idle expiry: a session unused for idleMs ends (lastUsedAt lags by up to five minutes, below).
  if (now.getTime() - row.lastUsedAt.getTime() > idleMs) return null;
  // Touch at most every five minutes: a read-heavy page must not write on every request.
  if (now.getTime() - row.lastUsedAt.getTime() > 5 * 60_000) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    email: row.email,
    roles: row.roles as Role[],
    customerId: row.customerId,
    sessionId: row.sessionId,
    csrfToken: row.csrfToken,
    via: 'token',
    signInMethod: row.authMethod as SignInMethod,
    twoFactorSetupRequired:
      !row.hasSecondFactor && mustUseTwoFactor(row.roles, row.staffRequired ?? staffTwoFactorDefault),
  };
}

export async function destroySession(db: Executor, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** After a password change or reset, every other session of the user ends. */
export async function destroyOtherSessions(
  db: Executor,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`),
    );
}
