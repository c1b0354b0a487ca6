/**
 * A login (a user) made or changed on someone's behalf: registration, staff creating a login for a
 * customer, an admin resetting a password. Every step uses `ctx.db`, so the caller's transaction holds
 * the login and whatever it belongs to (the customer) together; email goes out only after the commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { hashPassword } from '../auth/crypto';
import { destroyOtherSessions } from '../auth/sessions';
import { revokeUserTokens } from '../auth/user-tokens';
import type { RequestContext } from '../context';
import { users } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { sendConfirmationEmail } from './account-emails';

export async function assertEmailFree(ctx: RequestContext, email: string, exceptUserId?: number): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? eq(users.email, email) : and(eq(users.email, email), sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  if (taken) throw errors.invalid(messages.emailTaken, 'email', 'unique');
}

export interface NewLogin {
  /** Lower-cased already (the domain's email rule does it). */
  email: string;
  /** Without one the user is sent a welcome link that sets it. */
  password?: string | undefined;
  roles: Role[];
  /** For the email's greeting. */
  firstName: string;
}

/**
 * Creates the user and sends, after the commit, the confirmation email (a password was given) or the
 * welcome link that sets one. Answers the new user's id.
 */
export async function createLogin(ctx: RequestContext, input: NewLogin): Promise<number> {
  await assertEmailFree(ctx, input.email);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  // Two requests with one address at once both pass the check above on PostgreSQL; the unique index
  // decides, and the loser gets the same field message instead of a generic 400.
  const [user] = await ctx.db
    .insert(users)
    .values({ email: input.email, passwordHash, roles: input.roles, created: ctx.now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) throw errors.invalid(messages.emailTaken, 'email', 'unique');
  await sendConfirmationEmail(ctx, { id: user.id, email: input.email, firstName: input.firstName }, !input.password);
  return user.id;
}

/**
 * Sets a user's password. Every other session of theirs ends and unused reset links die, so that
 * whoever knew the old password, or holds an old link, is out.
 */
export async function setPassword(ctx: RequestContext, userId: number, password: string, keepSessionId?: number): Promise<void> {
  await ctx.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, userId));
  await destroyOtherSessions(ctx.db, userId, keepSessionId);
  await revokeUserTokens(ctx.db, userId, 'password_reset', ctx.now);
}
