/**
 * The app's Prometheus series (prom-client), served at GET /backend/metrics (observability/register.ts). One
 * registry per app, never prom-client's global one: the tests build several apps in one process, and each must
 * count only its own requests. Services count what they commit through `services.metrics` (context.ts), after the
 * commit (ctx.defer, or once their own transaction has returned), so a rolled-back write is never counted.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueueStats } from '../db/job-queue';

export type { JobQueueStats };

/** The database's connections: a pg Pool's counts (PGlite's one session is reported as one in use). */
export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
}

/** Where the series read at scrape time come from. */
export interface MetricSources {
  pool(): PoolStats;
  /** The quote cache's lookups so far (pricing/quote-cache.ts); undefined without a change feed. */
  quoteCache?(): { hits: number; misses: number; loads: number } | undefined;
  jobs?(): Promise<JobQueueStats>;
}

export type BookingEvent = 'created' | 'changed' | 'cancelled';

/**
 * The metrics of the app serving from `database`, for code that holds the database but no request (the sweeps,
 * a refund or a reconciliation that runs its own transaction): it counts once that transaction has returned.
 */
const byDatabase = new WeakMap<object, AppMetrics>();
export const metricsFor = (database: object): AppMetrics | undefined => byDatabase.get(database);
export function attachMetrics(database: object, metrics: AppMetrics): void {
  byDatabase.set(database, metrics);
}

/** Request methods worth a label; anything else a client sends is counted as `other` (bounded cardinality). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Latency buckets, seconds: the quotes answer in milliseconds, a PDF report in hundreds of them. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Several gauges read the same job statistics: one query serves a whole scrape. */
const JOB_STATS_REUSE_MS = 1_000;

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'parking_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'parking_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly bookings: Record<BookingEvent, Counter>;
  private readonly payments = this.moneyCounters('payments', 'Payments recorded in the ledger');
  private readonly refunds = this.moneyCounters('refunds', 'Refunds recorded in the ledger');
  private defaultsStarted = false;
  private jobStats: { at: number; stats: Promise<JobQueueStats | undefined> } | undefined;

  constructor(private readonly sources: MetricSources) {
    const booking = (event: BookingEvent) =>
      new Counter({
        name: `parking_bookings_${event}_total`,
        help: `Bookings ${event} (counted once the change is committed).`,
        registers: [this.registry],
      });
    this.bookings = {
      created: booking('created'),
      changed: booking('changed'),
      cancelled: booking('cancelled'),
    };

    new Counter({
      name: 'parking_quote_cache_lookups_total',
      help: 'Quotes asked of the in-memory quote cache: hit = answered from memory, miss = the database answered.',
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        const counts = sources.quoteCache?.();
        this.reset();
        if (!counts) return;
        this.inc({ result: 'hit' }, counts.hits);
        this.inc({ result: 'miss' }, counts.misses);
      },
    });
    new Counter({
      name: 'parking_quote_cache_loads_total',
      help: "The quote cache's reads of the database (a first quote, or one after a change dropped what was held).",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(sources.quoteCache?.()?.loads ?? 0);
      },
    });

    new Gauge({
      name: 'parking_db_pool_connections',
      help: "The database pool's connections by state (embedded PGlite: its one session, reported in use).",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.pool();
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: 'parking_db_pool_waiting',
      help: 'Queries waiting for a database connection.',
      registers: [this.registry],
      collect() {
        this.set(sources.pool().waiting);
      },
    });

    const jobGauge = (name: string, help: string, value: (stats: JobQueueStats) => number) => {
      const stats = () => this.currentJobStats();
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const read = await stats();
          // A queue that could not be read (the database down) is NaN, not a reassuring 0.
          this.set(read ? value(read) : Number.NaN);
        },
      });
    };
    if (sources.jobs) {
      jobGauge(
        'parking_jobs_waiting',
        'Side-effect jobs waiting to run (emails, texts, refunds).',
        (s) => s.waiting,
      );
      jobGauge('parking_jobs_active', 'Side-effect jobs running now.', (s) => s.active);
      jobGauge('parking_jobs_failed', 'Side-effect jobs given up after their retries.', (s) => s.failed);
      jobGauge(
        'parking_jobs_oldest_waiting_seconds',
        'Age of the oldest side-effect job waiting to run, in seconds (0 when none waits).',
        (s) => s.oldestWaitingSeconds ?? 0,
      );
    }
  }

  /** One answered request, under its route's template (never the raw URL: ids and query strings stay out). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const labels = {
      method: METHODS.has(method) ? method : 'other',
      route: route ?? 'unmatched',
      status_class: `${Math.floor(statusCode / 100)}xx`,
    };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** A booking created, changed or cancelled: call once its transaction has committed. */
  booking(event: BookingEvent): void {
    this.bookings[event].inc();
  }

  /** Money in (kind payment) or back out (refund), by payment method: call once it is committed. */
  money(kind: 'payment' | 'refund', method: string, cents: number): void {
    const counters = kind === 'payment' ? this.payments : this.refunds;
    counters.count.inc({ method });
    counters.aud.inc({ method }, cents / 100);
  }

  /**
   * A card payment applied (payments/payment-events.ts), once committed: money in, and the change it paid for
   * made (a refused one is refunded, and changes nothing).
   */
  cardPayment(applied: { kind: string; amountCents: number; changeId?: number | undefined }): void {
    this.money('payment', 'stripe', applied.amountCents);
    if (applied.changeId !== undefined && applied.kind !== 'refused') this.booking('changed');
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    // Process metrics (event-loop lag, memory, GC) start at the first scrape: an app never scraped (the tests'
    // many apps) starts no event-loop monitor.
    if (!this.defaultsStarted) {
      this.defaultsStarted = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /**
   * The job statistics (undefined when unreadable), read at most once a second unless `fresh` (a scrape's four
   * gauges share one query; health reads its own).
   */
  currentJobStats(fresh = false): Promise<JobQueueStats | undefined> {
    const { jobs } = this.sources;
    if (!jobs) return Promise.resolve(undefined);
    const now = Date.now();
    if (fresh || !this.jobStats || now - this.jobStats.at > JOB_STATS_REUSE_MS) {
      this.jobStats = { at: now, stats: jobs().catch(() => undefined) };
    }
    return this.jobStats.stats;
  }

  private moneyCounters(name: 'payments' | 'refunds', help: string) {
    return {
      count: new Counter({
        name: `parking_${name}_total`,
        help: `${help}, by payment method.`,
        labelNames: ['method'] as const,
        registers: [this.registry],
      }),
      aud: new Counter({
        name: `parking_${name}_aud_total`,
        help: `${help}: the amount in AUD, by payment method.`,
        labelNames: ['method'] as const,
        registers: [this.registry],
      }),
    };
  }
}
