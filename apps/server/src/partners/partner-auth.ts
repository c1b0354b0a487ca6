/**
 * The partner API's request path (issue 42): every call under /partner/v1/ names its key (`Authorization: Bearer
 * <key>`, or the X-Api-Key header), found by its sha256. No key, an unknown or revoked one: 401; a paused partner:
 * 403; more calls with a key in a minute than RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE: 429 with Retry-After (counted
 * in PostgreSQL, so on every instance, in batches: partner-call-counter.ts). The keys are read from memory when the
 * app holds them (partner-key-cache.ts). Each refusal is a JSON:API error with a
 * stable code (packages/domain/src/errors.ts: partner_key_missing, partner_key_invalid, partner_key_revoked,
 * partner_paused, partner_rate_limited). The handler gets the partner in its context.
 */
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { DomainError } from '@parking/domain/errors';
import { partnerMessages, type PartnerStatus } from '@parking/domain/partners';
import { hasCommitted, type RequestContext, type Services } from '../context';
import { partnerApiKeys } from '../db/schema/index';
import { JSONAPI } from '../http/errors';
import { sendWritten } from '../http/send-written';
import { WrittenAnswer } from '../pricing/written-answer';
import { readKey } from './partner-key-cache';
import { hashPartnerKey } from './partner-keys';

/** The partner calling, as its key names it. */
export interface PartnerCaller {
  id: number;
  name: string;
  status: Exclude<PartnerStatus, 'paused'>;
  keyId: number;
}

export interface PartnerContext extends RequestContext {
  partner: PartnerCaller;
}

const MINUTE_MS = 60_000;

/** The key a request sends, '' for an Authorization header of another scheme, undefined for none. */
function sentKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' ? apiKey.trim() : undefined;
}

/** The partner a request's key belongs to, or the refusal; counts the call against the key's minute. */
async function authenticatePartner(ctx: RequestContext, request: FastifyRequest): Promise<PartnerCaller> {
  const key = sentKey(request);
  if (key === undefined) throw new DomainError('partner_key_missing', partnerMessages.keyMissing);
  // Longer than any key of ours: not worth hashing.
  if (key === '' || key.length > 200)
    throw new DomainError('partner_key_invalid', partnerMessages.keyInvalid);
  const hash = hashPartnerKey(key);
  // From memory when the keys are held (partner-key-cache.ts), else from the database.
  const held = await ctx.services.partnerKeys?.find(ctx.now, hash);
  const found = held === undefined ? await readKey(ctx.db, hash) : (held ?? undefined);
  if (!found) throw new DomainError('partner_key_invalid', partnerMessages.keyInvalid);
  if (found.revokedAt !== null) throw new DomainError('partner_key_revoked', partnerMessages.keyRevoked);
  if (found.status !== 'sandbox' && found.status !== 'live')
    throw new DomainError('partner_paused', partnerMessages.paused);
  const { count, resetInMs } = await ctx.services.partnerCalls.hit(`partner:key:${found.keyId}`, ctx.now);
  if (count > ctx.services.config.rateLimits.partnerRequestsPerMinute) {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    throw new DomainError('partner_rate_limited', partnerMessages.tooMany(seconds), {
      retryAfterSeconds: seconds,
    });
  }
  // When the key was last used, to the minute (one write a minute, not one a call).
  if (ctx.services.partnerKeys?.useDue(found, ctx.now) ?? true)
    await ctx.db
      .update(partnerApiKeys)
      .set({ lastUsedAt: ctx.now })
      .where(
        and(
          eq(partnerApiKeys.id, found.keyId),
          or(
            isNull(partnerApiKeys.lastUsedAt),
            lt(partnerApiKeys.lastUsedAt, new Date(ctx.now.getTime() - MINUTE_MS)),
          ),
        ),
      );
  return { id: found.id, name: found.name, status: found.status, keyId: found.keyId };
}

export type PartnerHandler<G extends RouteGenericInterface = RouteGenericInterface> = (
  ctx: PartnerContext,
  request: FastifyRequest<G>,
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * A partner API route: its context (no user: the partner is the caller), the key checked, the handler, its answer
 * as JSON:API; work deferred to after the commit runs then, and the side-effect queue is nudged as for the website's
 * routes (http/route.ts). A refusal reaches the app's error handler, which answers it as JSON:API errors.
 */
export function partnerRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  services: Services,
  handler: PartnerHandler<G>,
) {
  return async (request: FastifyRequest<G>, reply: FastifyReply) => {
    const deferred: Array<() => Promise<void>> = [];
    const ctx: RequestContext = {
      defer: (job) => deferred.push(job),
      writes: { committed: false },
      db: services.database,
      user: null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      now: services.clock(),
      services,
    };
    const partner = await authenticatePartner(ctx, request);
    const body = await handler({ ...ctx, partner }, request, reply);
    if (hasCommitted(ctx)) {
      // As http/route.ts does for the website's writes: this instance's held quotes show the change at once.
      services.quoteCache?.invalidate();
      services.extrasCache?.invalidate();
      services.jobs.nudge();
    }
    for (const job of deferred)
      await job().catch((error: unknown) => request.log.error({ err: error }, 'deferred job failed'));
    if (reply.sent) return reply;
    // An answer written once from held data goes out compressed once (the availability call).
    if (body instanceof WrittenAnswer) return sendWritten(request, reply, body, JSONAPI);
    return reply.type(JSONAPI).send(body);
  };
}
