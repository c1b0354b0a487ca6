/**
 * Watching the server: who may read its Prometheus metrics, and when its health calls the job queue stuck.
 * (Traces need no setting here: OTEL_EXPORTER_OTLP_ENDPOINT is read by observability/tracing.ts before
 * anything loads.)
 */
import { z } from 'zod';

/** Their environment variables, part of config-env.ts's schema. */
export const observabilityEnv = {
  /** Lets a scraper read GET /backend/metrics with `Authorization: Bearer <token>` (Admins may always). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(24, 'too short: set at least 24 random characters (e.g. the output of openssl rand -hex 24)')
    .optional(),
  /** GET /backend/health/ answers 503 once the oldest waiting job has waited longer than this. */
  HEALTH_JOB_BACKLOG_MAX_MINUTES: z.coerce.number().positive().default(15),
};

export interface ObservabilityConfig {
  /** The scraper's bearer token; undefined: only a logged-in Admin reads the metrics. */
  metricsToken: string | undefined;
  /** How long a job may wait before health calls the queue stuck. */
  jobBacklogMaxMs: number;
}

type ObservabilityEnv = z.output<z.ZodObject<typeof observabilityEnv>>;

export function observabilityConfig(e: ObservabilityEnv): ObservabilityConfig {
  return {
    metricsToken: e.METRICS_TOKEN,
    jobBacklogMaxMs: Math.round(e.HEALTH_JOB_BACKLOG_MAX_MINUTES * 60_000),
  };
}
