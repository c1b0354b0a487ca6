/** Builds the request context: who is calling (token header or session cookie) and the CSRF rule. */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext, Services } from '../context';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  findSessionUser,
  SESSION_COOKIE,
  type SessionUser,
} from '../accounts/sessions';
import { errors } from '../jsonapi/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function authenticate(request: FastifyRequest, services: Services): Promise<SessionUser | null> {
  const header = request.headers.authorization;
  // `ApplePass <token>` is an Apple Wallet pass's own credential, checked by its web service (wallet/): no login.
  if (header !== undefined && !/^ApplePass\s/.test(header)) {
    const match = /^Token\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw errors.unauthorized('Invalid token header. No credentials provided.');
    const user = await findSessionUser(
      services.database,
      match[1],
      services.clock(),
      services.config.sessionIdleMs,
      services.config.twoFactor.staffRequiredDefault,
    );
    if (!user) throw errors.unauthorized('Invalid token.');
    return user;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return null;
  const user = await findSessionUser(
    services.database,
    cookie,
    services.clock(),
    services.config.sessionIdleMs,
    services.config.twoFactor.staffRequiredDefault,
  );
  // A stale cookie is treated as no cookie: the public pages must keep working.
  if (!user) return null;
  if (!SAFE_METHODS.has(request.method)) {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || sent !== user.csrfToken || request.cookies[CSRF_COOKIE] !== sent) {
      throw errors.forbidden('CSRF Failed: CSRF token missing or incorrect.');
    }
  }
  return { ...user, via: 'cookie' };
}

/**
 * What a session that must first set up two-factor sign-in may reach: the set-up itself and its own session
 * (to read it, or to log out). Anything else it asks for is answered as to a visitor, and a call that needs a
 * login is refused with 403 two_factor_setup_required (action.ts, jsonapi/engine.ts).
 */
function reachableDuringSetup(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return /\/api\/v1\/(two-factor\/|sessions\/current\/$)/.test(url);
}

export async function buildContext(
  request: FastifyRequest,
  _reply: FastifyReply,
  services: Services,
  deferred: Array<() => Promise<void>>,
): Promise<RequestContext> {
  // A visitor (no token, no session cookie: most quotes) is known without a promise.
  const visitor = request.headers.authorization === undefined && !request.cookies[SESSION_COOKIE];
  const authenticated = visitor ? null : await authenticate(request, services);
  const setupPending = !!authenticated?.twoFactorSetupRequired && !reachableDuringSetup(request);
  const user = setupPending ? null : authenticated;
  const defer: RequestContext['defer'] = (job) => deferred.push(job);
  return {
    defer,
    writes: { committed: false },
    db: services.database,
    user: user && {
      id: user.id,
      email: user.email,
      roles: user.roles,
      customerId: user.customerId,
      sessionId: user.sessionId,
      via: user.via,
      signInMethod: user.signInMethod,
      twoFactorSetupRequired: user.twoFactorSetupRequired,
    },
    ...(setupPending ? { twoFactorSetupPending: true } : {}),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    now: services.clock(),
    services,
  };
}

// Until every route imports them from ../context (where services may reach them too).
export { inTransaction } from '../context';
