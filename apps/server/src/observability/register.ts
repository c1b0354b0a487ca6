/**
 * What the app tells about itself: the request series of every answer (by route template), GET /backend/metrics
 * (Prometheus text, for a scraper's bearer token or a logged-in Admin) and GET /backend/health/ (the database,
 * the job backlog, this instance's timers). app.ts calls registerObservability once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { isAdmin, type Services } from '../context';
import type { Database, Executor } from '../db/client';
import { jobQueueStats } from '../db/job-queue';
import { authenticate } from '../http/context';
import { errors } from '../jsonapi/errors';
import { registerHealth } from './health';
import { AppMetrics, attachMetrics, type JobQueueStats, type PoolStats } from './metrics';
import { tracingMissing } from './tracing-state';

const METRICS_PATH = '/backend/metrics';

export interface ObservabilityOptions {
  /**
   * The JSON:API types served by the generic routes (`/backend/api/v1/:type/…`): a request's series names its
   * type when it is one of these (`/backend/api/v1/bookings/:id/`), so that bookings and lots are told apart while
   * a made-up type cannot add series.
   */
  resourceTypes?: Iterable<string>;
  /** The job queue's backlog: db/job-queue.ts's jobQueueStats unless told otherwise. */
  jobStats?: (db: Executor) => Promise<JobQueueStats>;
}

/** Registers the request series, the metrics route and health; answers the metrics services count into. */
export function registerObservability(
  app: FastifyInstance,
  services: Services,
  options: ObservabilityOptions = {},
): AppMetrics {
  const { jobStats = jobQueueStats } = options;
  const types = new Set(options.resourceTypes);
  const metrics = new AppMetrics({
    pool: poolStats(services.database),
    quoteCache: () => services.quoteCache?.lookups,
    jobs: () => jobStats(services.database),
  });

  attachMetrics(services.database, metrics);

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request.routeOptions.url, request.params, types);
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (request, reply) => {
    await authorise(request, services);
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });

  registerHealth(app, services, metrics);

  if (tracingMissing())
    app.log.warn(
      'OTEL_EXPORTER_OTLP_ENDPOINT is set but tracing was not loaded: start with node --import ./apps/server/dist/tracing.js (see README.md, Watching it)',
    );
  return metrics;
}

/** The route's template, its `:type` named when it is a served type (never anything the client made up). */
function routeLabel(template: string | undefined, params: unknown, types: ReadonlySet<string>) {
  if (template === undefined || !template.includes('/:type/')) return template;
  const type = params && typeof params === 'object' && 'type' in params ? params.type : undefined;
  return typeof type === 'string' && types.has(type) ? template.replace('/:type/', `/${type}/`) : template;
}

/**
 * A scraper's `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time), or the app's own login (token
 * header or session cookie) of an Admin. Anonymous: 401; anyone else: 403.
 */
async function authorise(request: FastifyRequest, services: Services): Promise<void> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer !== undefined) {
    const expected = services.config.observability.metricsToken;
    if (expected !== undefined && sameSecret(bearer, expected)) return;
    throw errors.unauthorized('Invalid token.');
  }
  const user = await authenticate(request, services);
  if (!user) throw errors.unauthorized();
  if (!isAdmin(user)) throw errors.forbidden();
}

/** Equal-length digests, so that neither the comparison's time nor a length check tells how much matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** node-postgres' pool counts (Drizzle keeps its client as `$client`); PGlite's one session, always in use. */
function poolStats(database: Database): () => PoolStats {
  const client: unknown = Reflect.get(database, '$client');
  if (client instanceof pg.Pool)
    return () => ({
      inUse: client.totalCount - client.idleCount,
      idle: client.idleCount,
      waiting: client.waitingCount,
    });
  return () => ({ inUse: 1, idle: 0, waiting: 0 });
}
