/**
 * A login's second step (POST sessions/second-step/: an authenticator code, a recovery code or a passkey, after
 * POST sessions/ answered 202 with a login token) and the sign-in with a passkey alone (POST passkey-challenges/,
 * then POST sessions/passkey/). Wrong codes count as failed logins of the account (accounts/login-throttle.ts), and a
 * login token dies after five of them.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { SessionAttributes } from '@parking/domain/api-contract/accounts';
import {
  methodAfterPassword,
  passkeySignInSchema,
  secondStepSchema,
  twoFactorMessages,
  type SecondFactor,
} from '@parking/domain/two-factor';
import { messages } from '@parking/domain/messages';
import { loginThrottle } from '../login-throttle';
import { signIn } from '../session-answer-routes';
import { inTransaction, type RequestContext, type Services } from '../../context';
import { users } from '../../db/schema/index';
import { action, type Action } from '../../http/action';
import { DomainError } from '@parking/domain/errors';
import { ApiError, errors, fromDomainError } from '../../jsonapi/errors';
import type { Registry } from '../../jsonapi/registry';
import { countChallengeFailure, createChallenge, findChallenge, spendChallenge } from './challenges';
import { hasSecondFactor, userFactors } from './factors';
import { authenticationOptions, relyingParty, verifyAuthentication, type RelyingParty } from './passkeys';
import { useRecoveryCode } from './recovery-codes';
import { open } from './secret-box';
import { checkTotp } from './totp';
import type { FastifyRequest } from 'fastify';

const loginExpired = () => errors.invalid(twoFactorMessages.loginExpired, 'loginToken', 'login_expired');

/**
 * After a right password: the 202 answer that asks for a second step, or undefined when the account has none.
 * The account's passkeys are offered with a challenge kept on the login token.
 */
export async function secondStepNeeded(
  ctx: RequestContext,
  request: FastifyRequest,
  user: { id: number; email: string },
) {
  const factors = await userFactors(ctx.db, user.id);
  if (!hasSecondFactor(factors)) return undefined;
  const methods: SecondFactor[] = [];
  if (factors.totp) methods.push('totp', 'recovery');
  let passkeyOptions: Awaited<ReturnType<typeof authenticationOptions>> | undefined;
  if (factors.passkeys.length > 0) {
    methods.push('passkey');
    passkeyOptions = await authenticationOptions(
      relyingParty(ctx.services.config.twoFactor, request),
      factors.passkeys,
    );
  }
  const loginToken = await createChallenge(ctx.db, 'second_factor', ctx.now, {
    userId: user.id,
    ...(passkeyOptions ? { webauthnChallenge: passkeyOptions.challenge } : {}),
  });
  return {
    data: {
      type: 'sessions',
      id: randomUUID(),
      attributes: {
        email: user.email,
        secondFactorRequired: true,
        loginToken,
        methods,
        ...(passkeyOptions ? { passkeyOptions: { ...passkeyOptions } } : {}),
      } satisfies SessionAttributes,
    },
  };
}

type Outcome = { ok: true; method: SecondFactor } | { ok: false; error: ApiError };
const refused = (detail: string, field: string): Outcome => ({
  ok: false,
  error: errors.invalid(detail, field, 'invalid_second_factor'),
});

/** Checks the proof and spends the login token in one transaction; a refusal commits nothing but its count. */
async function checkSecondStep(
  ctx: RequestContext,
  input: ReturnType<typeof secondStepSchema.parse>,
  challenge: { id: number; userId: number; webauthnChallenge: string | null },
  user: { totpSecret: string | null; totpLastStep: number | null },
  rp: RelyingParty,
): Promise<Outcome> {
  const secret = ctx.services.config.sessionSecret;
  return inTransaction(ctx, async (tx) => {
    let outcome: Outcome;
    if (input.code !== undefined) {
      if (!user.totpSecret) return refused(twoFactorMessages.wrongCode, 'code');
      const checked = await checkTotp(open(user.totpSecret, secret), input.code, tx.now, user.totpLastStep);
      if (!checked.ok)
        return refused(checked.used ? twoFactorMessages.codeUsed : twoFactorMessages.wrongCode, 'code');
      // Taken once: a second request racing with the same code finds the step moved on.
      const moved = await tx.db
        .update(users)
        .set({ totpLastStep: checked.step })
        .where(
          and(
            eq(users.id, challenge.userId),
            or(isNull(users.totpLastStep), lt(users.totpLastStep, checked.step)),
          ),
        )
        .returning({ id: users.id });
      if (moved.length === 0) return refused(twoFactorMessages.codeUsed, 'code');
      outcome = { ok: true, method: 'totp' };
    } else if (input.recoveryCode !== undefined) {
      const used = await useRecoveryCode(tx.db, challenge.userId, input.recoveryCode, secret, tx.now);
      if (!used) return refused(twoFactorMessages.wrongRecoveryCode, 'recoveryCode');
      outcome = { ok: true, method: 'recovery' };
    } else {
      if (!challenge.webauthnChallenge || !input.passkey)
        return refused(twoFactorMessages.passkeyRefused, 'passkey');
      try {
        await verifyAuthentication(
          tx.db,
          input.passkey,
          challenge.webauthnChallenge,
          rp,
          tx.now,
          challenge.userId,
        );
      } catch (error) {
        if (error instanceof DomainError) return { ok: false, error: fromDomainError(error) };
        throw error;
      }
      outcome = { ok: true, method: 'passkey' };
    }
    if (!(await spendChallenge(tx.db, challenge.id))) throw loginExpired();
    return outcome;
  });
}

export function twoFactorSignInActions(services: Services, registry: Registry): Action[] {
  const limits = services.config.rateLimits;
  const limiter = services.rateLimiter;
  return [
    action({
      method: 'POST',
      path: 'sessions/second-step/',
      type: 'sessions',
      input: secondStepSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input, request }, reply) {
        const challenge = await findChallenge(ctx.db, 'second_factor', input.loginToken, ctx.now);
        if (!challenge?.userId) throw loginExpired();
        const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
        if (!user?.isActive) throw loginExpired();
        const throttle = loginThrottle(limiter, limits, ctx.ip, user.email);
        const delay = await throttle.before();
        if (delay > 0) await sleep(delay);
        const outcome = await checkSecondStep(
          ctx,
          input,
          { id: challenge.id, userId: challenge.userId, webauthnChallenge: challenge.webauthnChallenge },
          user,
          relyingParty(services.config.twoFactor, request),
        );
        const log = (result: string) =>
          request.log.info(
            { event: 'login', email: user.email, ip: ctx.ip, outcome: result },
            'login second step',
          );
        if (!outcome.ok) {
          await throttle.failed();
          await countChallengeFailure(ctx.db, challenge.id, challenge.failures);
          log('second step failed');
          throw outcome.error;
        }
        log('succeeded');
        return signIn(ctx, registry, reply, user, methodAfterPassword(outcome.method));
      },
    }),
    action({
      method: 'POST',
      path: 'passkey-challenges/',
      access: 'anyone',
      async handle(ctx, { request }) {
        await limiter.consume(
          `passkey-challenge:ip:${ctx.ip}`,
          limits.requestsPerIp,
          limits.windowMs,
          'Too many requests. Please try again later.',
        );
        const options = await authenticationOptions(
          relyingParty(services.config.twoFactor, request),
          undefined,
        );
        const challengeToken = await createChallenge(ctx.db, 'passkey_login', ctx.now, {
          webauthnChallenge: options.challenge,
        });
        return {
          data: {
            type: 'passkey-challenges',
            id: randomUUID(),
            attributes: { challengeToken, options: { ...options } },
          },
        };
      },
    }),
    action({
      method: 'POST',
      path: 'sessions/passkey/',
      type: 'sessions',
      input: passkeySignInSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: input, request }, reply) {
        const throttle = loginThrottle(limiter, limits, ctx.ip, null);
        await throttle.before();
        const challenge = await findChallenge(ctx.db, 'passkey_login', input.challengeToken, ctx.now);
        if (!challenge?.webauthnChallenge)
          throw errors.invalid(twoFactorMessages.loginExpired, 'challengeToken', 'login_expired');
        const rp = relyingParty(services.config.twoFactor, request);
        let userId: number;
        try {
          userId = await inTransaction(ctx, async (tx) => {
            const owner = await verifyAuthentication(
              tx.db,
              input.credential,
              challenge.webauthnChallenge ?? '',
              rp,
              tx.now,
            );
            if (!(await spendChallenge(tx.db, challenge.id)))
              throw errors.invalid(twoFactorMessages.loginExpired, 'challengeToken', 'login_expired');
            return owner;
          });
        } catch (error) {
          if (error instanceof ApiError || error instanceof DomainError) await throttle.failed();
          throw error;
        }
        const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user?.isActive) throw errors.invalid(messages.inactiveAccount, undefined, 'authorization');
        request.log.info(
          { event: 'login', email: user.email, ip: ctx.ip, outcome: 'succeeded' },
          'passkey login',
        );
        return signIn(ctx, registry, reply, user, 'passkey');
      },
    }),
  ];
}
