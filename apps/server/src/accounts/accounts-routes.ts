/**
 * Account calls that are actions rather than stored resources: login sessions, email
 * confirmation, password reset, the guest email check (public-site §7).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AnonEmailAttributes, SessionAttributes } from '@parking/domain/api-contract/accounts';
import {
  emailOnlySchema,
  loginSchema,
  passwordResetConfirmationSchema,
  tokenSchema,
} from '@parking/domain/accounts';
import { email as emailRule } from '@parking/domain/fields';
import { messages } from '@parking/domain/messages';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword, needsRehash, verifyPassword } from './crypto';
import { loginThrottle } from './login-throttle';
import { destroyOtherSessions, destroySession } from './sessions';
import { clearSessionCookies, signIn } from './session-answer-routes';
import { consumeUserToken, revokeUserTokens } from './user-tokens';
import type { RequestContext, Services } from '../context';
import { customers, users } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { inTransaction } from '../http/context';
import { readResource } from '../jsonapi/engine';
import { errors } from '../jsonapi/errors';
import type { Registry } from '../jsonapi/registry';
import { sendConfirmationEmail, sendPasswordResetEmail } from './account-emails';
import { claimGuestRecords } from './claim-guest-records';
import { secondStepNeeded } from './two-factor/sign-in-routes';

const actionResult = (type: string, attributes: Record<string, string | boolean>) => ({
  data: { type, id: randomUUID(), attributes },
});

async function findUserByEmail(ctx: RequestContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/**
 * The account actions. Their documents' relationships are not looked at. The per-address and per-account
 * limits need the checked input, so they are counted in the handler, before anything is looked up.
 */
export function accountActions(services: Services, registry: Registry): Action[] {
  const limits = services.config.rateLimits;
  const limiter = services.rateLimiter;

  /**
   * Per IP, and per account: the address asked about (emails sent to it), or the account an emailed
   * link names (its uid, so that one account's tokens cannot be guessed from many networks). An
   * attacker's volume, not a user's.
   */
  async function throttleRequest(
    ctx: RequestContext,
    action: string,
    account?: { email: string } | { uid: string },
  ) {
    const detail = 'Too many requests. Please try again later.';
    await limiter.consume(`${action}:ip:${ctx.ip}`, limits.requestsPerIp, limits.windowMs, detail);
    if (account && 'email' in account)
      await limiter.consume(
        `${action}:email:${account.email}`,
        limits.requestsPerEmail,
        limits.windowMs,
        detail,
      );
    if (account && 'uid' in account)
      await limiter.consume(
        `${action}:uid:${account.uid}`,
        limits.requestsPerAccount,
        limits.windowMs,
        detail,
      );
  }

  return [
    action({
      method: 'POST',
      path: 'sessions/',
      type: 'sessions',
      input: loginSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input, request }, reply) {
        const throttle = loginThrottle(limiter, limits, ctx.ip, input.email);
        // Every attempt is logged: who (the address typed), from where, and the outcome; never the password.
        const logAttempt = (outcome: string) =>
          request.log.info({ event: 'login', email: input.email, ip: ctx.ip, outcome }, 'login attempt');
        let delay: number;
        try {
          delay = await throttle.before();
        } catch (error) {
          logAttempt('throttled');
          throw error;
        }
        if (delay > 0) await sleep(delay);
        const user = await findUserByEmail(ctx, input.email);
        const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
        if (!user || !ok || !user.isActive) {
          await throttle.failed();
          logAttempt(user && ok ? 'inactive' : 'failed');
          throw errors.invalid(
            user && ok ? messages.inactiveAccount : messages.invalidCredentials,
            undefined,
            'authorization',
          );
        }
        // Hashes made with weaker parameters than today's are replaced while the password is at hand.
        if (user.passwordHash && needsRehash(user.passwordHash)) {
          await ctx.db
            .update(users)
            .set({ passwordHash: await hashPassword(input.password) })
            .where(eq(users.id, user.id));
        }
        // An account with two-factor sign-in gets no session yet: a login token for its second step.
        const pending = await secondStepNeeded(ctx, request, user);
        if (pending) {
          logAttempt('second step needed');
          reply.status(202);
          return pending;
        }
        logAttempt('succeeded');
        return signIn(ctx, registry, reply, user, 'password');
      },
    }),
    action({
      method: 'GET',
      path: 'sessions/current/',
      // Anonymous visitors get no session, not an error: the public pages must not bounce to login.
      access: 'anyone',
      async handle(ctx) {
        if (!ctx.user) return { data: null };
        const userDoc = await readResource(registry.get('users'), ctx, registry, ctx.user.id, {
          include: 'customer',
        });
        return {
          data: {
            type: 'sessions',
            id: String(ctx.user.sessionId),
            attributes: {
              email: ctx.user.email,
              signInMethod: ctx.user.signInMethod ?? 'password',
              twoFactorSetupRequired: ctx.user.twoFactorSetupRequired ?? false,
            } satisfies SessionAttributes,
            relationships: { user: { data: { type: 'users', id: String(ctx.user.id) } } },
          },
          included: [userDoc.data, ...(userDoc.included ?? [])],
        };
      },
    }),
    action({
      method: 'DELETE',
      path: 'sessions/current/',
      access: 'anyone',
      status: 204,
      async handle(ctx, _input, reply) {
        if (ctx.user) await destroySession(ctx.db, ctx.user.sessionId);
        clearSessionCookies(reply);
        return undefined;
      },
    }),
    action({
      method: 'POST',
      path: 'email-confirmations/',
      type: 'email-confirmations',
      input: tokenSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input }) {
        await throttleRequest(ctx, 'email-confirmation', { uid: input.uid });
        await inTransaction(ctx, async (tx) => {
          const userId = await consumeUserToken(tx.db, input.uid, input.token, 'email_confirmation', tx.now);
          await tx.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
          await claimGuestRecords(tx.db, userId);
        });
        return actionResult('email-confirmations', { uid: input.uid, detail: messages.accountConfirmed });
      },
    }),
    action({
      method: 'POST',
      path: 'confirmation-email-requests/',
      type: 'confirmation-email-requests',
      input: emailOnlySchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input }) {
        await throttleRequest(ctx, 'confirmation-request', { email: input.email });
        await inTransaction(ctx, async (tx) => {
          const user = await findUserByEmail(tx, input.email);
          // The same answer for an unknown, disabled or already confirmed address: the form must not
          // reveal accounts (it answered 400 "already confirmed" to a registered address).
          if (!user || !user.isActive || user.emailConfirmed) return;
          const [customer] = await tx.db
            .select({ firstName: customers.firstName })
            .from(customers)
            .where(eq(customers.userId, user.id))
            .limit(1);
          // A login made by staff without a password gets its welcome link again: a confirmation alone
          // would leave its owner with no way to sign in (the back office's Resend Confirmation Email).
          await sendConfirmationEmail(
            tx,
            { id: user.id, email: user.email, firstName: customer?.firstName ?? '' },
            user.passwordHash === null,
          );
        });
        return actionResult('confirmation-email-requests', { email: input.email });
      },
    }),
    action({
      method: 'POST',
      path: 'password-resets/',
      type: 'password-resets',
      input: emailOnlySchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input }) {
        await throttleRequest(ctx, 'password-reset', { email: input.email });
        // The same answer whether or not the address is registered: the form must not reveal accounts.
        await inTransaction(ctx, async (tx) => {
          const user = await findUserByEmail(tx, input.email);
          if (user?.isActive) await sendPasswordResetEmail(tx, { id: user.id, email: user.email });
        });
        return actionResult('password-resets', { email: input.email });
      },
    }),
    action({
      method: 'POST',
      path: 'password-reset-confirmations/',
      type: 'password-reset-confirmations',
      input: passwordResetConfirmationSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input }) {
        await throttleRequest(ctx, 'password-reset-confirmation', { uid: input.uid });
        const passwordHash = await hashPassword(input.newPassword1);
        await inTransaction(ctx, async (tx) => {
          const userId = await consumeUserToken(tx.db, input.uid, input.token, 'password_reset', tx.now);
          // Following the emailed link proves the address as well.
          await tx.db.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, userId));
          await claimGuestRecords(tx.db, userId);
          await destroyOtherSessions(tx.db, userId);
          await revokeUserTokens(tx.db, userId, 'password_reset', tx.now);
        });
        return actionResult('password-reset-confirmations', {
          uid: input.uid,
          detail: messages.passwordSetLogin,
        });
      },
    }),
    action({
      method: 'GET',
      path: 'anon-emails/:email/',
      access: 'anyone',
      async handle(ctx, { params }) {
        const parsed = emailRule.safeParse(params.email ?? '');
        if (!parsed.success)
          throw errors.parameter(parsed.error.issues[0]?.message ?? messages.emailInvalid, 'email');
        // Per IP (many addresses tried from one network) and per address asked about (one from many).
        await throttleRequest(ctx, 'anon-email');
        await limiter.consume(
          `anon-email:email:${parsed.data}`,
          limits.requestsPerAccount,
          limits.windowMs,
          'Too many requests. Please try again later.',
        );
        const user = await findUserByEmail(ctx, parsed.data);
        return {
          data: {
            type: 'anon-emails',
            id: parsed.data,
            attributes: { anon: !user, emailAddress: parsed.data } satisfies AnonEmailAttributes,
          },
        };
      },
    }),
  ];
}
