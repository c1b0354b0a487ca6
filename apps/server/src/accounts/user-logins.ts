/**
 * A login (a user) made or changed on someone's behalf: registration, staff creating a login for a
 * customer, an admin resetting a password or moving the login to another address. Every step uses `ctx.db`, so the caller's transaction holds
 * the login and whatever it belongs to (the customer) together; email goes out only after the commit.
 */
import { currentBusiness } from '../documents/business-contact';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { hashPassword } from './crypto';
import { destroyOtherSessions } from './sessions';
import { revokeAllUserTokens, revokeUserTokens } from './user-tokens';
import { isAdmin, type RequestContext } from '../context';
import { customers, users } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { loginEmailChangedMessage } from '../mail/templates';
import { sendConfirmationEmail } from './account-emails';
import { queueMail } from '../mail/queue-mail';

async function assertEmailFree(ctx: RequestContext, email: string, exceptUserId?: number): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined
        ? eq(users.email, email)
        : and(eq(users.email, email), sql`${users.id} <> ${exceptUserId}`),
    )
    .limit(1);
  if (taken) throw new DomainError('unique', messages.emailTaken, { field: 'email' });
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
  if (!user) throw new DomainError('unique', messages.emailTaken, { field: 'email' });
  await sendConfirmationEmail(
    ctx,
    { id: user.id, email: input.email, firstName: input.firstName },
    !input.password,
  );
  return user.id;
}

/**
 * Sets a user's password. Every other session of theirs ends and unused reset links die, so that
 * whoever knew the old password, or holds an old link, is out.
 */
export async function setPassword(
  ctx: RequestContext,
  userId: number,
  password: string,
  keepSessionId?: number,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  await destroyOtherSessions(ctx.db, userId, keepSessionId);
  await revokeUserTokens(ctx.db, userId, 'password_reset', ctx.now);
}

/** The refusal of a login's new address from anyone but an Admin: 403 on the email field. */
const onlyAdminsChangeLoginEmail = () =>
  new DomainError('permission_denied', messages.loginEmailAdminsOnly, { field: 'email' });

/**
 * Moves a login to another address: the one place `users.email` changes once the user exists (the users
 * and the customers resources both come here). Whoever holds a login's address holds the login (a
 * password reset goes there), so only Admins may; a Sales person who could would become whoever they
 * pointed at themselves, an Admin included. Sending the address the login has is no change.
 *
 * In the caller's transaction: the login and its customer take the new address, unconfirmed (staff typed
 * it; its owner has proved nothing, and confirming it claims that address's guest records), every session
 * of the user ends (but the caller's own, when the login is theirs), and every unused link mailed to the
 * old address dies. After the commit the new address is asked to confirm (or, without a password, to set
 * one) and the old one is told where the login went. Answers whether the address changed.
 */
export async function changeLoginEmail(ctx: RequestContext, userId: number, email: string): Promise<boolean> {
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash, firstName: customers.firstName })
    .from(users)
    .leftJoin(customers, eq(customers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`No user ${userId}`);
  if (user.email === email) return false;
  if (!isAdmin(ctx.user)) throw onlyAdminsChangeLoginEmail();
  await assertEmailFree(ctx, email, userId);
  await ctx.db.update(users).set({ email, emailConfirmed: false }).where(eq(users.id, userId));
  await ctx.db.update(customers).set({ email }).where(eq(customers.userId, userId));
  await destroyOtherSessions(ctx.db, userId, ctx.user?.id === userId ? ctx.user.sessionId : undefined);
  await revokeAllUserTokens(ctx.db, userId, ctx.now);
  const firstName = user.firstName ?? '';
  await sendConfirmationEmail(ctx, { id: userId, email, firstName }, user.passwordHash === null);
  const { phone } = await currentBusiness(ctx.db, ctx.services.config);
  const notice = loginEmailChangedMessage(user.email, firstName, email, phone);
  await queueMail(ctx.db, notice);
  return true;
}
