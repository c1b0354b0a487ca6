/**
 * The end of every login (a password alone, a password and a second step, a passkey): a session that records how
 * it was signed in, its cookies, and the answer with the token and the user (read through the users resource).
 * No action of its own: the answer the login actions (accounts-routes.ts, two-factor/sign-in-routes.ts) share.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionAttributes } from '@parking/domain/api-contract/accounts';
import type { SignInMethod } from '@parking/domain/two-factor';
import type { RequestContext, Services } from '../context';
import { users } from '../db/schema/index';
import { readResource } from '../jsonapi/engine';
import type { Registry } from '../jsonapi/registry';
import { createSession, CSRF_COOKIE, findSessionUser, SESSION_COOKIE } from './sessions';

function setSessionCookies(
  reply: FastifyReply,
  services: Services,
  token: string,
  csrf: string,
  expires: Date,
) {
  const secure = services.config.secureCookies;
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
  // Readable by the page so that it can send it back as X-CSRFToken.
  reply.setCookie(CSRF_COOKIE, csrf, { path: '/', httpOnly: false, sameSite: 'lax', secure, expires });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

export async function signIn(
  ctx: RequestContext,
  registry: Registry,
  reply: FastifyReply,
  user: { id: number; email: string },
  method: SignInMethod,
) {
  const { services } = ctx;
  const session = await createSession(ctx.db, user.id, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    now: ctx.now,
    days: services.config.sessionDays,
    method,
  });
  await ctx.db.update(users).set({ lastLogin: ctx.now }).where(eq(users.id, user.id));
  setSessionCookies(reply, services, session.token, session.csrfToken, session.expiresAt);
  // Read the user back as the user now logged in, so that their own customer is included.
  const self = await findSessionUser(
    ctx.db,
    session.token,
    ctx.now,
    undefined,
    services.config.twoFactor.staffRequiredDefault,
  );
  const userDoc = await readResource(registry.get('users'), { ...ctx, user: self }, registry, user.id, {
    include: 'customer',
  });
  reply.status(201);
  return {
    data: {
      type: 'sessions',
      id: String(session.id),
      attributes: {
        token: session.token,
        email: user.email,
        expires: session.expiresAt.toISOString(),
        signInMethod: method,
        twoFactorSetupRequired: self?.twoFactorSetupRequired ?? false,
      } satisfies SessionAttributes,
      relationships: { user: { data: { type: 'users', id: String(user.id) } } },
    },
    included: [userDoc.data, ...(userDoc.included ?? [])],
  };
}
