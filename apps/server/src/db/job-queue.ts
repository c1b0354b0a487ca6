/**
 * The job queue of side effects (emails, texts, refunds at the provider): pg-boss 10 (the last major that runs on
 * Node 20) on the same database, PostgreSQL or the embedded PGlite. A job is written by the change that causes it,
 * in that change's transaction (`enqueue(tx, …)`): a rolled-back change sends nothing, a committed one is never lost,
 * and no request waits for a mail server. Workers (jobs/job-runner.ts) run it after commit, with retries and
 * exponential backoff; one that keeps failing stays `failed` for the Delivery problems screen.
 *
 * pg-boss is given our own connections (its `db` option, as its documentation describes for an app's pool or
 * transaction): a job's insert runs through the caller's Drizzle executor, the workers' statements through the
 * app's, and its multi-statement schema and maintenance scripts through the driver (RawSql).
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Executor } from './executor';

export const JOB_SCHEMA = 'pgboss';
/** One queue for every side effect: one poll, and the Delivery problems screen reads one place. */
export const EFFECTS_QUEUE = 'side-effects';

/** A statement on the driver itself: with no values it may hold several statements (pg-boss's scripts). */
export type RawSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface JobPolicy {
  /** Retries after the first attempt: 4 means a job fails five times in a row before it is given up. */
  retryLimit: number;
  /** The first retry's delay; each later one doubles it (pg-boss adds up to as much again at random). */
  retryDelaySeconds: number;
  /** How long a started job may stay active before it is counted failed (its worker died with it). */
  expireSeconds: number;
}

export const DEFAULT_JOB_POLICY: JobPolicy = { retryLimit: 4, retryDelaySeconds: 30, expireSeconds: 180 };

/** A message built when the change was made; attachments' bytes in base64 so that the job is plain JSON. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string; cid?: string }>;
}

/** What a job does. Each names what it is about, so that a failure can be shown and retried by a person. */
export type SideEffect =
  | { kind: 'mail'; mail: QueuedMail }
  | {
      kind: 'booking-email';
      bookingId: number;
      email: 'confirmation' | 'receipt';
      paymentCents?: number;
      to: string;
    }
  | { kind: 'custody-email'; bookingId: number; event: 'parked' | 'handed_back'; to: string }
  | { kind: 'flight-notice'; bookingId: number; state: 'delayed' | 'cancelled'; to: string }
  /** The arriving flight has landed (issue 41): a text with the "I have landed" link; `to` is the phone. */
  | { kind: 'landed-text'; bookingId: number; to: string }
  /** A booking's wallet pass changed (wallet/wallet-update.ts): push to Apple's devices, patch Google's object. */
  | { kind: 'wallet-update'; bookingId: number }
  | {
      /** A subscription payment's tax invoice (subscriptions/subscription-invoice.ts). */
      kind: 'subscription-invoice';
      subscriptionId: number;
      periodStart: string;
      periodEnd: string;
      paidAt: string;
      to: string;
    }
  | {
      /** A refund decided (booking_logs `refund_due`): made by the request at once, this job makes sure of it. */
      kind: 'refund';
      bookingId: number;
      refundKey: string;
      cents: number;
      userId: number | null;
    }
  | {
      /** A partner's availability for the days a change touched, to its webhook (partners/partner-push.ts). */
      kind: 'partner-availability';
      partnerId: number;
      ranges: Array<{ lotId: number; from: string; to: string }>;
      /** Asked for by an Admin from the partner's screen: the whole horizon (partners/partner-webhook-admin.ts). */
      resync?: boolean;
    }
  | {
      kind: 'payment-outcome';
      payment: {
        bookingId: number;
        kind: 'confirmation' | 'receipt' | 'refused';
        amountCents: number;
        intentId: string;
        reason?: string;
        changeId?: number;
      };
      to: string;
    };

/** A job as stored: the effect, and the key its steps are made once under (db/schema/jobs.ts). */
export type SideEffectJob = SideEffect & { key: string };

function drizzleStatement(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // sql.param keeps an array one parameter (a template expands it into a list).
    chunks.push(sql`${sql.param(parameter(values[Number(match[1]) - 1]))}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** Both drivers take arrays and scalars as they are; a job's data goes as JSON text (`$3::jsonb`). */
function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
    return JSON.stringify(value);
  return value;
}

/** pg-boss's `db` over a Drizzle executor (the database or a transaction); single statements only. */
export function executorSql(db: Executor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // Both drivers answer { rows } (node-postgres' QueryResult, PGlite's Results).
      const result: unknown = await db.execute(drizzleStatement(text, values ?? []));
      const rows = result && typeof result === 'object' && 'rows' in result ? result.rows : undefined;
      return { rows: Array.isArray(rows) ? rows : [] };
    },
  };
}

/** Writes only: pg-boss builds the insert; the statement runs through the `db` given to each send. */
const writer = new PgBoss({
  schema: JOB_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error('The job writer runs only through the caller’s executor.')),
  },
});

/**
 * Queues a side effect in the caller's transaction (or as a statement of its own outside one). `key` makes the
 * effect's steps happen once even if the job runs twice; by default every job is its own.
 */
export async function enqueue(
  db: Executor,
  effect: SideEffect,
  key: string = randomUUID(),
  options: { startAfterSeconds?: number } = {},
): Promise<void> {
  const job: SideEffectJob = { ...effect, key };
  // pg-boss's insert names each value once (its send repeats some, which a Drizzle statement cannot); the queue's
  // retries apply as with send. The queue itself is installed by the migrations (the runner checks at start).
  await writer.insert(
    [
      {
        name: EFFECTS_QUEUE,
        data: job,
        ...(options.startAfterSeconds ? { startAfter: String(options.startAfterSeconds) } : {}),
      },
    ],
    { db: executorSql(db) },
  );
}

export function queueOptions(policy: JobPolicy): PgBoss.Queue {
  return {
    name: EFFECTS_QUEUE,
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: policy.expireSeconds,
    // Kept 30 days, so that a job that could not be run before the mail server came back still runs.
    retentionMinutes: 30 * 24 * 60,
  };
}

/** pg-boss's schema (created or upgraded by pg-boss itself) and the queue: part of the migrations. */
export async function installJobQueue(raw: RawSql): Promise<void> {
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: { executeSql: (text, values) => raw(text, values) },
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error: Error) => console.error('Job queue install:', error.message));
  await boss.start();
  await boss.createQueue(EFFECTS_QUEUE, queueOptions(DEFAULT_JOB_POLICY));
  await boss.stop({ graceful: false, wait: true });
}

/** The queue's state, for the metrics and the health check. */
export interface JobQueueStats {
  /** Due or scheduled for a retry, not yet running. */
  waiting: number;
  active: number;
  /** Given up after their last retry: Delivery problems. */
  failed: number;
  /** How long the oldest job that is due has waited (a retry counts from when it fell due); null when none. */
  oldestWaitingSeconds: number | null;
}

export async function jobQueueStats(db: Executor): Promise<JobQueueStats> {
  const result: unknown = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
      count(*) FILTER (WHERE state = 'active')::int AS active,
      count(*) FILTER (WHERE state = 'failed')::int AS failed,
      extract(epoch FROM now() - min(start_after) FILTER (
        WHERE state IN ('created', 'retry') AND start_after <= now()
      ))::float8 AS oldest
    FROM ${sql.raw(JOB_SCHEMA)}.job
    WHERE name = ${EFFECTS_QUEUE}`);
  const [row] = rowsIn<{ waiting: number; active: number; failed: number; oldest: number | null }>(result);
  return {
    waiting: row?.waiting ?? 0,
    active: row?.active ?? 0,
    failed: row?.failed ?? 0,
    oldestWaitingSeconds: row?.oldest ?? null,
  };
}

/** A job given up on: what it was, its attempts and its last error (Delivery problems). */
export interface FailedJob {
  id: string;
  job: SideEffectJob;
  attempts: number;
  lastError: string;
  failedAt: Date;
  createdAt: Date;
}

function rowsIn<T>(result: unknown): T[] {
  const rows = result && typeof result === 'object' && 'rows' in result ? result.rows : undefined;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

export async function failedJobs(db: Executor, limit = 200): Promise<FailedJob[]> {
  const result: unknown = await db.execute(sql`
    SELECT id::text AS id, data, output, retry_count, completed_on, created_on
    FROM ${sql.raw(JOB_SCHEMA)}.job
    WHERE name = ${EFFECTS_QUEUE} AND state = 'failed'
    ORDER BY completed_on DESC, id
    LIMIT ${limit}`);
  return rowsIn<{
    id: string;
    data: SideEffectJob;
    output: { message?: unknown } | null;
    retry_count: number;
    completed_on: Date | string;
    created_on: Date | string;
  }>(result).map((row) => ({
    id: row.id,
    job: row.data,
    attempts: row.retry_count + 1,
    lastError: typeof row.output?.message === 'string' ? row.output.message : '',
    failedAt: new Date(row.completed_on),
    createdAt: new Date(row.created_on),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs a failed job again (from its first attempt's count on: one more try); false when it is not failed. */
export async function retryFailedJob(db: Executor, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [failed] = rowsIn(
    await db.execute(sql`
      SELECT id FROM ${sql.raw(JOB_SCHEMA)}.job
      WHERE name = ${EFFECTS_QUEUE} AND id = ${id}::uuid AND state = 'failed'
      FOR UPDATE`),
  );
  if (!failed) return false;
  await writer.retry(EFFECTS_QUEUE, id, { db: executorSql(db) });
  return true;
}

/** Drops a failed job for good; false when it is not a failed job of the queue. */
export async function discardFailedJob(db: Executor, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const result: unknown = await db.execute(sql`
    DELETE FROM ${sql.raw(JOB_SCHEMA)}.job
    WHERE name = ${EFFECTS_QUEUE} AND id = ${id}::uuid AND state = 'failed'
    RETURNING id`);
  return rowsIn(result).length > 0;
}
