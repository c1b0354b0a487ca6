/** The fixed request path of every API endpoint: authenticate → handler, errors as JSON:API. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext, Services } from '../context';
import { buildContext } from './context';
import { JSONAPI } from './errors';

export type Handler = (ctx: RequestContext, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RouteOptions {
  /**
   * The call reads and prices but stores nothing (booking-quotes, promo-code checks, change quotes,
   * reports): it leaves the held quotes alone. Every other write drops them, so that this instance's
   * next quote shows its own change without waiting for the change notification.
   */
  readOnly?: boolean;
}

export function route(services: Services, handler: Handler, options: RouteOptions = {}) {
  const writes = !options.readOnly;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const deferred: Array<() => Promise<void>> = [];
    const ctx = await buildContext(request, reply, services, deferred);
    let body: unknown;
    try {
      body = await handler(ctx, request, reply);
    } finally {
      if (writes && request.method !== 'GET' && request.method !== 'HEAD') services.quoteCache?.invalidate();
    }
    for (const job of deferred) {
      // The data is stored; a mail server hiccup must not turn a saved change into an error.
      await job().catch((error: unknown) => request.log.error({ err: error }, 'deferred job failed'));
    }
    if (reply.sent) return reply;
    if (body === undefined) return reply.status(reply.statusCode === 200 ? 204 : reply.statusCode).send();
    return reply.type(JSONAPI).send(body);
  };
}
