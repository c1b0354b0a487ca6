/**
 * The workers of the side-effect queue (db/job-queue.ts): every instance fetches due jobs (pg-boss hands each to
 * one worker, `FOR UPDATE SKIP LOCKED`), runs them a few at a time, and completes or fails each. A failure is
 * retried by pg-boss with exponential backoff; the last one leaves the job `failed` (Delivery problems). An
 * instance polls every second, and at once after a request of its own committed a job (`nudge`).
 */
import PgBoss from 'pg-boss';
import type { Executor } from '../db/client';
import {
  EFFECTS_QUEUE,
  executorSql,
  JOB_SCHEMA,
  queueOptions,
  type JobPolicy,
  type RawSql,
  type SideEffectJob,
} from '../db/job-queue';

export interface JobRunnerOptions {
  database: Executor;
  /** The driver, for pg-boss's maintenance scripts (expiring jobs whose worker died); none: no maintenance. */
  rawSql?: RawSql | undefined;
  policy: JobPolicy;
  /** Runs one job; throws to fail it (it is retried). */
  run: (job: SideEffectJob) => Promise<void>;
  /** A job's longest run: past it the attempt is failed and retried (outside calls have their own timeouts). */
  timeoutMs?: number;
  batchSize?: number;
  onFailure?: (job: SideEffectJob, error: Error, final: boolean) => void;
}

export interface JobRunner {
  /** Starts polling (and pg-boss's maintenance where the driver is given). */
  start(pollMs?: number): Promise<void>;
  /** Runs due jobs now, without waiting for the next poll. */
  nudge(): void;
  /** Runs every due job until none is left (tests, after each request); answers how many ran. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

class Timeout extends Error {}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Timeout(`The job took longer than ${ms / 1000} s.`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { rawSql } = options;
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: {
      executeSql: (text, values) =>
        rawSql && !values?.length ? rawSql(text) : executorSql(options.database).executeSql(text, values),
    },
    migrate: false,
    supervise: rawSql !== undefined,
    schedule: false,
    maintenanceIntervalSeconds: 60,
    // Failed jobs stay where Retry can reach them for a month (pg-boss's default archives them after 12 hours).
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
  });
  boss.on('error', (error: Error) => console.error('Job queue:', error.message));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const batchSize = options.batchSize ?? 5;
  let loop: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function runOne(job: PgBoss.JobWithMetadata<SideEffectJob>): Promise<void> {
    try {
      await withTimeout(options.run(job.data), timeoutMs);
      await boss.complete(EFFECTS_QUEUE, job.id);
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const final = job.retryCount >= job.retryLimit;
      options.onFailure?.(job.data, error, final);
      await boss
        .fail(EFFECTS_QUEUE, job.id, { message: error.message })
        .catch((failed: unknown) => console.error('Job queue: could not record a failure', failed));
    }
  }

  /**
   * Runs due jobs until none is left: up to `batchSize` at once, each slot fetching the next job as soon as its
   * own is done (a mail server that hangs holds one slot, not the others' emails).
   */
  async function runDue(): Promise<number> {
    let ran = 0;
    const running = new Set<Promise<void>>();
    for (;;) {
      again = false;
      const room = stopped ? 0 : batchSize - running.size;
      const jobs =
        room > 0
          ? await boss.fetch<SideEffectJob>(EFFECTS_QUEUE, { batchSize: room, includeMetadata: true })
          : [];
      for (const job of jobs) {
        const run: Promise<void> = runOne(job).finally(() => running.delete(run));
        running.add(run);
      }
      ran += jobs.length;
      if (running.size === 0 && jobs.length === 0 && !again) return ran;
      // Full, or nothing more due for now: wait for a slot (a job just done may have made another due).
      if (running.size >= batchSize || (jobs.length === 0 && !again)) await Promise.race(running);
    }
  }

  function kick(): Promise<number> {
    if (loop) {
      again = true;
      return loop;
    }
    loop = runDue()
      .catch((error: unknown) => {
        // The database may be down: the next poll tries again.
        console.error('Job queue:', error instanceof Error ? error.message : error);
        return 0;
      })
      .finally(() => {
        loop = null;
      });
    return loop;
  }

  return {
    async start(pollMs = 1_000) {
      await boss.start();
      // A job written to a queue that is not there would be dropped: the migrations install it.
      if (!(await boss.getQueue(EFFECTS_QUEUE)))
        throw new Error(`The job queue ${EFFECTS_QUEUE} is not installed: run the migrations.`);
      // The queue's retries and timeout follow this instance's settings (every instance has the same).
      await boss.updateQueue(EFFECTS_QUEUE, queueOptions(options.policy));
      timer = setInterval(() => void kick(), pollMs);
      timer.unref();
      void kick();
    },
    nudge() {
      if (!stopped) void kick();
    },
    async drain() {
      let ran = 0;
      // A loop already running may have fetched before the latest commit: run until a pass finds nothing.
      for (;;) {
        const count = (await (loop ?? Promise.resolve(0))) + (await kick());
        ran += count;
        if (count === 0) return ran;
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await loop;
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    },
  };
}
