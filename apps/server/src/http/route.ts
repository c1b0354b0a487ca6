/** The fixed request path of every API endpoint: authenticate → handler, errors as JSON:API. */
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { hasCommitted, type RequestContext, type Services } from '../context';
import { buildContext } from './context';
import { JSONAPI } from './errors';
import { WrittenAnswer } from '../pricing/written-answer';
import { sendWritten } from './send-written';

/** A handler; `G` types the request's params and query string as Fastify's route generics do. */
export type Handler<G extends RouteGenericInterface = RouteGenericInterface> = (
  ctx: RequestContext,
  request: FastifyRequest<G>,
  reply: FastifyReply,
) => Promise<unknown>;

export interface RouteOptions {
  /**
   * The call reads and prices but stores nothing (booking-quotes, promo-code checks, change quotes,
   * reports): it leaves the held quotes and home page alone, whatever it answers.
   */
  readOnly?: boolean;
}

/** Requests that wrote data: the held quotes and pre-rendered home page are dropped for them (app.ts). */
const wrote = new WeakSet<FastifyRequest>();

/**
 * Whether this request wrote data: it committed a transaction (inTransaction), whatever it answered, or it
 * is a write (not GET or HEAD, not readOnly) that succeeded. A refused or failed write that committed
 * nothing (a 400, a 403, a 404, a 429) leaves what is held alone: junk posts must not empty the caches.
 * Other instances' writes, and this one's to the quote tables however made, still reach the caches
 * through the change feed (db/change-feed.ts).
 */
export function wroteData(request: FastifyRequest): boolean {
  return wrote.has(request);
}

/**
 * Requests whose writes the held data hears of through the change feed (or does not read): after them the held
 * quotes and extras wait for the feed to deliver the change instead of being dropped (ResourceDef.createAnnounced).
 */
const announced = new WeakSet<FastifyRequest>();

export function writesAnnounced(request: FastifyRequest): void {
  announced.add(request);
}

export function route<G extends RouteGenericInterface = RouteGenericInterface>(
  services: Services,
  handler: Handler<G>,
  options: RouteOptions = {},
) {
  const writes = !options.readOnly;
  return async (request: FastifyRequest<G>, reply: FastifyReply) => {
    const deferred: Array<() => Promise<void>> = [];
    const ctx = await buildContext(request, reply, services, deferred);
    let body: unknown;
    let succeeded = false;
    try {
      body = await handler(ctx, request, reply);
      succeeded = reply.statusCode < 400;
    } finally {
      const write = writes && request.method !== 'GET' && request.method !== 'HEAD';
      if ((write && succeeded) || hasCommitted(ctx)) {
        wrote.add(request);
        // The partners' keys: a write here that changed one is on the feed (migration 0031) before the next call.
        services.partnerKeys?.afterWrite();
        if (announced.has(request)) {
          // This instance's next quote shows its own change: it waits until the change feed has delivered it.
          services.quoteCache?.afterWrite();
          services.extrasCache?.afterWrite();
        } else {
          // Any other write: its next quote shows it without waiting for a notification (nor needing one).
          services.quoteCache?.invalidate();
          services.extrasCache?.invalidate();
        }
      }
    }
    // Side effects this request queued with its change run now, on this instance's workers (not awaited).
    if (hasCommitted(ctx)) services.jobs.nudge();
    for (const job of deferred) {
      // The data is stored; a mail server hiccup must not turn a saved change into an error.
      await job().catch((error: unknown) => request.log.error({ err: error }, 'deferred job failed'));
    }
    // A handler that answered itself (a file, a stream still being written) returns the reply.
    if (reply.sent || body === reply) return reply;
    if (body === undefined) return reply.status(reply.statusCode === 200 ? 204 : reply.statusCode).send();
    // An answer written once from held data goes out compressed once.
    if (body instanceof WrittenAnswer) return sendWritten(request, reply, body, JSONAPI);
    return reply.type(JSONAPI).send(body);
  };
}
