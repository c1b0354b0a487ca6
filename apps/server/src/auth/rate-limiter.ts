/**
 * Fixed-window counters in PostgreSQL. They count what an attacker does (failed logins,
 * registrations, reset requests), never a busy user's successful calls.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { errors } from '../jsonapi/errors';

export interface RateLimiter {
  /** Current count in the window, without counting. */
  peek(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Counts one more; answers the new count. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Counts one more and refuses with 429 once the count passes `limit`. */
  consume(key: string, limit: number, windowMs: number, detail: string): Promise<void>;
}

// Uses the database handle itself, never a request transaction: a count must survive a rolled-back request.
export function createRateLimiter(db: Database, clock: () => Date): RateLimiter {
  const read = (rows: unknown, windowMs: number, now: Date) => {
    const row = (rows as { rows?: Array<{ count: number; window_start: Date | string }> }).rows?.[0];
    if (!row) return { count: 0, resetInMs: 0 };
    const start = new Date(row.window_start).getTime();
    return { count: Number(row.count), resetInMs: Math.max(0, start + windowMs - now.getTime()) };
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
    async hit(key, windowMs) {
      const now = clock();
      const since = new Date(now.getTime() - windowMs).toISOString();
      const result = await db.execute(sql`
        INSERT INTO rate_limit_hits (key, count, window_start) VALUES (${key}, 1, ${now.toISOString()})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_hits.window_start <= ${since} THEN 1 ELSE rate_limit_hits.count + 1 END,
          window_start = CASE WHEN rate_limit_hits.window_start <= ${since} THEN ${now.toISOString()}::timestamptz ELSE rate_limit_hits.window_start END
        RETURNING count, window_start`);
      return read(result, windowMs, now);
    },
    async consume(key, limit, windowMs, detail) {
      const { count, resetInMs } = await limiter.hit(key, windowMs);
      if (count > limit) throw errors.tooMany(detail, resetInMs / 1000);
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
