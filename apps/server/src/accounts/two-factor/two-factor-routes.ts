/**
 * Two-factor sign-in, managed by its owner (any signed-in user: staff, and customers who want it). A staff session
 * that must set it up reaches only these `two-factor/` routes (http/context.ts). Admins' side (the setting, and a
 * staff member's reset) is in two-factor-admin-routes.ts.
 *
 *   GET    two-factor/                   the caller's factors (and whether they must have one)
 *   POST   two-factor/totp-setup/        a new authenticator secret: the secret, its otpauth URI and QR code, once
 *   POST   two-factor/totp/              confirm it with a code: authenticator sign-in on, ten recovery codes, once
 *   DELETE two-factor/totp/              turn it off (and the recovery codes)
 *   POST   two-factor/recovery-codes/    ten new recovery codes, the old ones void
 *   POST   two-factor/passkey-options/   a passkey registration's options and challenge
 *   POST   two-factor/passkeys/          register the passkey the browser made
 *   DELETE two-factor/passkeys/:id/      remove one
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  mustUseTwoFactor,
  passkeyRegistrationSchema,
  totpConfirmSchema,
  twoFactorMessages,
} from '@parking/domain/two-factor';
import { loginThrottle } from '../login-throttle';
import type { RequestContext, Services } from '../../context';
import { recoveryCodes, users, webauthnCredentials } from '../../db/schema/index';
import { action, type Action } from '../../http/action';
import { errors } from '../../jsonapi/errors';
import { createChallenge, dropUserChallenges, findChallenge, spendChallenge } from './challenges';
import { queueTwoFactorOffNotice } from './emails';
import { hasSecondFactor, staffTwoFactorRequired, twoFactorStatus, userFactors } from './factors';
import { registrationOptions, relyingParty, verifyRegistration } from './passkeys';
import { issueRecoveryCodes } from './recovery-codes';
import { open, seal } from './secret-box';
import { checkTotp, newTotpSecret, totpQrCode, totpUri } from './totp';

/** The signed-in caller's user id (the owner's routes, and the Admin turning the setting on). */
export const selfId = (ctx: RequestContext): number => {
  if (!ctx.user) throw errors.unauthorized();
  return ctx.user.id;
};

/** A user's factors as the owner and Admins see them. */
export const statusDocument = async (ctx: RequestContext, userId: number) => ({
  data: {
    type: 'two-factor',
    id: String(userId),
    attributes: await twoFactorStatus(ctx.db, ctx.services.config, userId),
  },
});

/** Refuses to take away a staff member's last second factor while Admins require one. */
async function keepRequiredFactor(ctx: RequestContext, userId: number, removing: 'totp' | number) {
  const factors = await userFactors(ctx.db, userId);
  if (!mustUseTwoFactor(factors.roles, await staffTwoFactorRequired(ctx.db, ctx.services.config))) return;
  const left =
    removing === 'totp'
      ? factors.passkeys.length > 0
      : factors.totp || factors.passkeys.some((row) => row.id !== removing);
  if (!left) throw errors.conflict(twoFactorMessages.staffMustKeep);
}

const recoveryCodesDocument = (userId: number, codes: string[]) => ({
  data: { type: 'recovery-codes', id: String(userId), attributes: { recoveryCodes: codes } },
});

export function twoFactorActions(services: Services): Action[] {
  const secret = services.config.sessionSecret;
  const limits = services.config.rateLimits;
  return [
    action({
      method: 'GET',
      path: 'two-factor/',
      access: 'authenticated',
      readOnly: true,
      async handle(ctx) {
        return statusDocument(ctx, selfId(ctx));
      },
    }),
    action({
      method: 'POST',
      path: 'two-factor/totp-setup/',
      access: 'authenticated',
      transaction: true,
      async handle(ctx) {
        const userId = selfId(ctx);
        const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user) throw errors.notFound();
        if (user.totpEnabledAt) throw errors.conflict(twoFactorMessages.alreadyOn);
        const totpSecret = newTotpSecret();
        // Kept sealed until a code from the app confirms it; a new set-up replaces an unfinished one.
        await ctx.db
          .update(users)
          .set({ totpPendingSecret: seal(totpSecret, secret) })
          .where(eq(users.id, userId));
        const uri = totpUri(services.config.twoFactor.issuer, user.email, totpSecret);
        return {
          data: {
            type: 'totp-setups',
            id: randomUUID(),
            attributes: { secret: totpSecret, otpauthUri: uri, qrCode: await totpQrCode(uri) },
          },
        };
      },
    }),
    action({
      method: 'POST',
      path: 'two-factor/totp/',
      type: 'totp-confirmations',
      input: totpConfirmSchema,
      otherRelationships: 'ignore',
      access: 'authenticated',
      async handle(ctx, { attributes: input }) {
        const userId = selfId(ctx);
        const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user) throw errors.notFound();
        if (user.totpEnabledAt) throw errors.conflict(twoFactorMessages.alreadyOn);
        if (!user.totpPendingSecret) throw errors.conflict(twoFactorMessages.setupFirst);
        // Wrong confirmation codes count as failed logins too: a stolen session cannot guess its way through.
        const throttle = loginThrottle(services.rateLimiter, limits, ctx.ip, user.email);
        await throttle.before();
        const pending = user.totpPendingSecret;
        const checked = await checkTotp(open(pending, secret), input.code, ctx.now, null);
        if (!checked.ok) {
          await throttle.failed();
          throw errors.invalid(twoFactorMessages.wrongCode, 'code', 'invalid_second_factor');
        }
        const codes = await ctx.services.database.transaction(async (db) => {
          const turnedOn = await db
            .update(users)
            .set({
              totpSecret: pending,
              totpPendingSecret: null,
              totpEnabledAt: ctx.now,
              totpLastStep: checked.step,
            })
            .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending)))
            .returning({ id: users.id });
          if (turnedOn.length === 0) throw errors.conflict(twoFactorMessages.setupFirst);
          return issueRecoveryCodes(db, userId, secret, ctx.now);
        });
        return recoveryCodesDocument(userId, codes);
      },
    }),
    action({
      method: 'DELETE',
      path: 'two-factor/totp/',
      access: 'authenticated',
      transaction: true,
      status: 204,
      async handle(ctx) {
        const userId = selfId(ctx);
        const factors = await userFactors(ctx.db, userId);
        if (!factors.totp) throw errors.conflict(twoFactorMessages.notOn);
        await keepRequiredFactor(ctx, userId, 'totp');
        await ctx.db
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(users.id, userId));
        await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        if (factors.passkeys.length === 0) await queueTwoFactorOffNotice(ctx, ctx.user?.email ?? '', false);
      },
    }),
    action({
      method: 'POST',
      path: 'two-factor/recovery-codes/',
      access: 'authenticated',
      transaction: true,
      async handle(ctx) {
        const userId = selfId(ctx);
        const factors = await userFactors(ctx.db, userId);
        if (!factors.totp) throw errors.conflict(twoFactorMessages.notOn);
        return recoveryCodesDocument(userId, await issueRecoveryCodes(ctx.db, userId, secret, ctx.now));
      },
    }),
    action({
      method: 'POST',
      path: 'two-factor/passkey-options/',
      access: 'authenticated',
      transaction: true,
      async handle(ctx, { request }) {
        const userId = selfId(ctx);
        const rp = relyingParty(services.config.twoFactor, request);
        const options = await registrationOptions(ctx.db, services.config.twoFactor, rp, {
          id: userId,
          email: ctx.user?.email ?? '',
        });
        await dropUserChallenges(ctx.db, userId, 'passkey_registration');
        const challengeToken = await createChallenge(ctx.db, 'passkey_registration', ctx.now, {
          userId,
          webauthnChallenge: options.challenge,
        });
        return {
          data: {
            type: 'passkey-options',
            id: randomUUID(),
            attributes: { challengeToken, options: { ...options } },
          },
        };
      },
    }),
    action({
      method: 'POST',
      path: 'two-factor/passkeys/',
      type: 'passkeys',
      input: passkeyRegistrationSchema.extend({
        challengeToken: z.string().min(1).max(200),
      }),
      otherRelationships: 'ignore',
      access: 'authenticated',
      transaction: true,
      async handle(ctx, { attributes: input, request }) {
        const userId = selfId(ctx);
        const challenge = await findChallenge(ctx.db, 'passkey_registration', input.challengeToken, ctx.now);
        if (!challenge || challenge.userId !== userId || !challenge.webauthnChallenge)
          throw errors.invalid(twoFactorMessages.loginExpired, 'challengeToken', 'challenge_expired');
        const made = await verifyRegistration(
          input.credential,
          challenge.webauthnChallenge,
          relyingParty(services.config.twoFactor, request),
        );
        await spendChallenge(ctx.db, challenge.id);
        const [taken] = await ctx.db
          .select({ id: webauthnCredentials.id })
          .from(webauthnCredentials)
          .where(eq(webauthnCredentials.credentialId, made.credentialId))
          .limit(1);
        if (taken) throw errors.conflict('This passkey is registered already.');
        const [row] = await ctx.db
          .insert(webauthnCredentials)
          .values({ userId, ...made, name: input.name || 'Passkey', created: ctx.now })
          .returning();
        if (!row) throw new Error('passkey not stored');
        return {
          data: {
            type: 'passkeys',
            id: String(row.id),
            attributes: { name: row.name, created: row.created.toISOString(), lastUsed: null },
          },
        };
      },
    }),
    action({
      method: 'DELETE',
      path: 'two-factor/passkeys/:id/',
      access: 'authenticated',
      transaction: true,
      status: 204,
      async handle(ctx, { id }) {
        const userId = selfId(ctx);
        const [row] = await ctx.db
          .select({ id: webauthnCredentials.id })
          .from(webauthnCredentials)
          .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
          .limit(1);
        if (!row) throw errors.notFound();
        await keepRequiredFactor(ctx, userId, row.id);
        await ctx.db.delete(webauthnCredentials).where(eq(webauthnCredentials.id, row.id));
        const left = await userFactors(ctx.db, userId);
        if (!hasSecondFactor(left)) await queueTwoFactorOffNotice(ctx, ctx.user?.email ?? '', false);
      },
    }),
  ];
}
