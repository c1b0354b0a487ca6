/**
 * Fixed-window counters in PostgreSQL. They count what an attacker does (failed logins,
 * registrations, reset requests), never a busy user's successful calls.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DomainError } from '@parking/domain/errors';

export interface RateLimiter {
  /** Current count in the window, without counting. */
  peek(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** peek for several keys in one statement, in their order. */
  peekAll(keys: readonly string[], windowMs: number): Promise<Array<{ count: number; resetInMs: number }>>;
  /** Counts one more (or `by` more); answers the new count. */
  hit(key: string, windowMs: number, by?: number): Promise<{ count: number; resetInMs: number }>;
  /** Counts one more for each of several keys, in one statement (one commit). */
  hitAll(keys: readonly string[], windowMs: number): Promise<void>;
  /** Counts one more and refuses with 429 once the count passes `limit`. */
  consume(key: string, limit: number, windowMs: number, detail: string): Promise<void>;
}

// Uses the database handle itself, never a request transaction: a count must survive a rolled-back request.
export function createRateLimiter(db: Database, clock: () => Date): RateLimiter {
  type Row = { key?: string; count: number; window_start: Date | string };
  const counted = (row: Row | undefined, windowMs: number, now: Date) => {
    if (!row) return { count: 0, resetInMs: 0 };
    const start = new Date(row.window_start).getTime();
    return { count: Number(row.count), resetInMs: Math.max(0, start + windowMs - now.getTime()) };
  };
  const read = (rows: unknown, windowMs: number, now: Date) =>
    counted((rows as { rows?: Row[] }).rows?.[0], windowMs, now);
  // One row per key, each key counted from `by` in a new window (the statement of hit, for many keys).
  const upsert = (keys: readonly string[], now: Date, windowMs: number, by = 1) => {
    const since = new Date(now.getTime() - windowMs).toISOString();
    const added = Math.max(1, Math.floor(by));
    return sql`
        INSERT INTO rate_limit_hits (key, count, window_start)
        VALUES ${sql.join(
          keys.map((key) => sql`(${key}, ${added}, ${now.toISOString()}::timestamptz)`),
          sql`, `,
        )}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_hits.window_start <= ${since} THEN ${added} ELSE rate_limit_hits.count + ${added} END,
          window_start = CASE WHEN rate_limit_hits.window_start <= ${since} THEN ${now.toISOString()}::timestamptz ELSE rate_limit_hits.window_start END
        RETURNING count, window_start`;
  };
  const limiter: RateLimiter = {
    async peek(key, windowMs) {
      const now = clock();
      const since = new Date(now.getTime() - windowMs);
      const result = await db.execute(
        sql`SELECT count, window_start FROM rate_limit_hits WHERE key = ${key} AND window_start > ${since.toISOString()}`,
      );
      return read(result, windowMs, now);
    },
    async peekAll(keys, windowMs) {
      if (keys.length === 0) return [];
      const now = clock();
      const since = new Date(now.getTime() - windowMs);
      const result = await db.execute(
        sql`SELECT key, count, window_start FROM rate_limit_hits WHERE key IN (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) AND window_start > ${since.toISOString()}`,
      );
      const rows = (result as { rows?: Row[] }).rows ?? [];
      return keys.map((key) =>
        counted(
          rows.find((row) => row.key === key),
          windowMs,
          now,
        ),
      );
    },
    async hit(key, windowMs, by) {
      const now = clock();
      return read(await db.execute(upsert([key], now, windowMs, by)), windowMs, now);
    },
    async hitAll(keys, windowMs) {
      // Distinct keys: one row cannot be updated twice by one INSERT ... ON CONFLICT.
      const distinct = [...new Set(keys)];
      if (distinct.length) await db.execute(upsert(distinct, clock(), windowMs));
    },
    async consume(key, limit, windowMs, detail) {
      const { count, resetInMs } = await limiter.hit(key, windowMs);
      if (count > limit) throw DomainError.throttled(detail, resetInMs / 1000);
    },
  };
  return limiter;
}

/**
 * The address a request names, as the limits count it (trimmed, lower case), or null when it names
 * none worth a counter: not a string, empty, or longer than an address can be (a hostile body must
 * not become a megabyte-long key). Validation answers those requests anyway.
 */
export function addressKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim().toLowerCase();
  return address && address.length <= 254 ? address : null;
}

export function tooManyDetail(resetInMs: number): string {
  const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
