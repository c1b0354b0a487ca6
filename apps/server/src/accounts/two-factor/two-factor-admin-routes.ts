/**
 * Two-factor sign-in as Admins manage it: whether staff must use it, and a user's factors (seen, or reset).
 *
 *   GET    two-factor-settings/          Admins: "Staff must use two-factor sign-in"
 *   PATCH  two-factor-settings/          Admins: set it (audited)
 *   GET    users/:id/two-factor/         Admins: a user's factors
 *   DELETE users/:id/two-factor/         Admins: reset them (audited, the user signed out and told by email)
 */
import { eq } from 'drizzle-orm';
import { twoFactorMessages, twoFactorSettingsSchema } from '@parking/domain/two-factor';
import { destroyOtherSessions } from '../sessions';
import type { RequestContext, Services } from '../../context';
import {
  appSettings,
  auditLogs,
  loginChallenges,
  recoveryCodes,
  users,
  webauthnCredentials,
} from '../../db/schema/index';
import { action, type Action } from '../../http/action';
import { errors } from '../../jsonapi/errors';
import { queueTwoFactorOffNotice } from './emails';
import { STAFF_TWO_FACTOR_KEY } from './factors-sql';
import { hasSecondFactor, staffTwoFactorRequired, userFactors } from './factors';
import { selfId, statusDocument } from './two-factor-routes';

export function twoFactorAdminActions(services: Services): Action[] {
  return [
    action({
      method: 'GET',
      path: 'two-factor-settings/',
      access: 'admin',
      readOnly: true,
      async handle(ctx) {
        return settingsDocument(ctx);
      },
    }),
    action({
      method: 'PATCH',
      path: 'two-factor-settings/',
      type: 'two-factor-settings',
      input: twoFactorSettingsSchema,
      otherRelationships: 'ignore',
      access: 'admin',
      transaction: true,
      async handle(ctx, { attributes: input }) {
        const before = await staffTwoFactorRequired(ctx.db, services.config);
        // The Admin who turns it on would be shut out of everything else at once: their own second factor first.
        if (input.staffRequired && !before && !hasSecondFactor(await userFactors(ctx.db, selfId(ctx))))
          throw errors.conflict(twoFactorMessages.adminFirst);
        await ctx.db
          .insert(appSettings)
          .values({
            key: STAFF_TWO_FACTOR_KEY,
            value: input.staffRequired,
            updatedAt: ctx.now,
            updatedBy: ctx.user?.id ?? null,
          })
          .onConflictDoUpdate({
            target: appSettings.key,
            set: { value: input.staffRequired, updatedAt: ctx.now, updatedBy: ctx.user?.id ?? null },
          });
        if (before !== input.staffRequired) {
          await ctx.db.insert(auditLogs).values({
            userId: ctx.user?.id ?? null,
            timestamp: ctx.now,
            resourceType: 'two-factor-settings',
            resourceId: STAFF_TWO_FACTOR_KEY,
            action: 'update',
            changes: { staffRequired: { from: before, to: input.staffRequired } },
          });
        }
        return settingsDocument(ctx);
      },
    }),
    action({
      method: 'GET',
      path: 'users/:id/two-factor/',
      access: 'admin',
      readOnly: true,
      async handle(ctx, { id }) {
        await existingUser(ctx, id);
        return statusDocument(ctx, id);
      },
    }),
    action({
      method: 'DELETE',
      path: 'users/:id/two-factor/',
      access: 'admin',
      transaction: true,
      status: 204,
      async handle(ctx, { id }) {
        const user = await existingUser(ctx, id);
        const factors = await userFactors(ctx.db, id);
        await ctx.db
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(users.id, id));
        await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
        await ctx.db.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, id));
        await ctx.db.delete(loginChallenges).where(eq(loginChallenges.userId, id));
        // Signed out everywhere, when there was a factor to take away (the Admin's own session is kept when it
        // is their own reset).
        if (hasSecondFactor(factors))
          await destroyOtherSessions(ctx.db, id, ctx.user?.id === id ? ctx.user.sessionId : undefined);
        await ctx.db.insert(auditLogs).values({
          userId: ctx.user?.id ?? null,
          timestamp: ctx.now,
          resourceType: 'users',
          resourceId: String(id),
          action: 'two_factor_reset',
          changes: {
            totp: { from: factors.totp, to: false },
            recoveryCodesLeft: { from: factors.recoveryCodesLeft, to: 0 },
            passkeys: { from: factors.passkeys.length, to: 0 },
          },
        });
        await queueTwoFactorOffNotice(ctx, user.email, true);
      },
    }),
  ];
}

async function existingUser(ctx: RequestContext, id: number) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw errors.notFound();
  return user;
}

async function settingsDocument(ctx: RequestContext) {
  const [row] = await ctx.db
    .select({ updatedAt: appSettings.updatedAt })
    .from(appSettings)
    .where(eq(appSettings.key, STAFF_TWO_FACTOR_KEY))
    .limit(1);
  return {
    data: {
      type: 'two-factor-settings',
      id: STAFF_TWO_FACTOR_KEY,
      attributes: {
        staffRequired: await staffTwoFactorRequired(ctx.db, ctx.services.config),
        /** Not set by an Admin yet: the server's default (STAFF_TWO_FACTOR_DEFAULT, on in production). */
        isDefault: !row,
        staffRequiredDefault: ctx.services.config.twoFactor.staffRequiredDefault,
      },
    },
  };
}
