/**
 * GET /backend/health/: whether this instance can serve. 200 `{ status: 'ok', database: true, … }`; 503 when the
 * database cannot be reached (`status: 'unavailable'`, as before) or when the job backlog is stuck: the oldest
 * waiting job has waited longer than HEALTH_JOB_BACKLOG_MAX_MINUTES (`status: 'stuck'`), which means no worker
 * anywhere is taking jobs (emails, texts and refunds are not going out). Besides, the backlog's figures and the
 * last round of each of this instance's timers (the sweeps, the flight-status poll, the abandon job).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../context';
import { isReachable } from '../db/client';
import { timerRuns } from '../jobs/every';
import type { AppMetrics, JobQueueStats } from './metrics';

interface HealthJobs extends JobQueueStats {
  /** The oldest waiting job has waited longer than HEALTH_JOB_BACKLOG_MAX_MINUTES. */
  stuck: boolean;
}

interface HealthTimer {
  intervalSeconds: number;
  lastRunAt: string | null;
  lastRunOk: boolean | null;
}

export interface Health {
  status: 'ok' | 'unavailable' | 'stuck';
  database: boolean;
  /** Null when the queue could not be read (or the app has none). */
  jobs: HealthJobs | null;
  /** This process's timers by name; a timer not started here (a test app, FLIGHT_STATUS_PROVIDER=none) is absent. */
  sweeps: Record<string, HealthTimer>;
}

export function registerHealth(app: FastifyInstance, services: Services, metrics: AppMetrics): void {
  // For a load balancer: whether this instance can serve (its database answers). A stuck job backlog is shared by
  // every instance, so it is for an alert (health below), not for routing: every instance would leave together.
  app.get('/backend/ready/', async (_request, reply) => {
    const database = await isReachable(services.database);
    return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', database });
  });
  app.get('/backend/health/', async (_request, reply) => {
    const health = await readHealth(services, metrics);
    return reply.status(health.status === 'ok' ? 200 : 503).send(health);
  });
}

async function readHealth(services: Services, metrics: AppMetrics): Promise<Health> {
  const sweeps: Record<string, HealthTimer> = {};
  for (const [name, run] of timerRuns())
    sweeps[name] = {
      intervalSeconds: run.intervalSeconds,
      lastRunAt: run.lastRunAt?.toISOString() ?? null,
      lastRunOk: run.lastRunOk,
    };
  const database = await isReachable(services.database);
  if (!database) return { status: 'unavailable', database, jobs: null, sweeps };
  const stats = await metrics.currentJobStats(true);
  const maxSeconds = services.config.observability.jobBacklogMaxMs / 1000;
  const jobs = stats
    ? { ...stats, stuck: stats.oldestWaitingSeconds !== null && stats.oldestWaitingSeconds > maxSeconds }
    : null;
  return { status: jobs?.stuck ? 'stuck' : 'ok', database, jobs, sweeps };
}
