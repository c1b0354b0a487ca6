/**
 * The plans of `npm run bench` (bench/run.ts): the EXPLAIN (ANALYZE, BUFFERS) of every statement the hot
 * calls (quotes, extras, the busiest day's diary, the customer-details search) run.
 */
import { DIARY_BOOKING_FIELDS } from '@parking/domain/api-contract/bookings';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { addDaysToDate, businessInstant } from '@parking/domain/dates';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import type { Database } from '../apps/server/src/db/client';
import { createLocalProvider } from '../apps/server/src/payments/provider/local-provider';
import * as schema from '../apps/server/src/db/schema/index';
import { API } from './knobs';
import { JSONAPI } from './server-process';
import { TIME_ZONE } from './setup';
import { PRODUCTION_KEYS } from './stand-ins';

interface HotCall {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  /** Sent without the admin's token (a traveller's call). */
  anonymous?: boolean;
}

/** A traveller's online booking (wizard step 7), explained with its writes (rolled back) and its time under the lot's lock. */
export function bookingHotCall(body: string): HotCall {
  return {
    name: 'POST bookings/ (online booking)',
    method: 'POST',
    url: `${API}/bookings/`,
    body,
    anonymous: true,
  };
}

/** The calls explained: a week's quotes a month ahead, extras for a stay, the diary of `busy`, a search. */
export function hotCalls(today: string, busy: { day: string; rows: number }): HotCall[] {
  return [
    {
      name: 'GET quotes/',
      method: 'GET',
      url: `${API}/quotes/?start_date=${addDaysToDate(today, 30)}&end_date=${addDaysToDate(today, 37)}&filter[lot.slug__in]=indoor,outdoor&include=lot`,
    },
    {
      name: 'GET extras/?filter[checkAvailability]',
      method: 'GET',
      url: `${API}/extras/?${new URLSearchParams({ 'filter[checkAvailability]': `${businessInstant(addDaysToDate(today, 21), '06:00:00', TIME_ZONE).toISOString()},${businessInstant(addDaysToDate(today, 24), '18:00:00', TIME_ZONE).toISOString()}`, 'page[size]': '200' }).toString()}`,
    },
    {
      name: `GET diary of ${busy.day} (${busy.rows} drop-offs and pick-ups)`,
      method: 'GET',
      url: `${API}/bookings/?${new URLSearchParams({ 'filter[diaryDate]': busy.day, 'filter[status]': 'complete', sort: 'startDatetime', include: 'airlineOut,airlineIn,lot', 'fields[bookings]': DIARY_BOOKING_FIELDS.join(','), 'page[size]': '1000' }).toString()}`,
    },
    {
      name: 'GET bookings/ filtered by customer details',
      method: 'GET',
      url: `${API}/bookings/?${new URLSearchParams({ 'filter[customer_details]': 'Nguyen 4', sort: '-created', include: 'lot' }).toString()}`,
    },
  ];
}

/**
 * Every statement the hot calls run, captured from an in-process app on the same database, then
 * explained with their own parameters.
 */
export async function explainHotCalls(databaseUrl: string, token: string, calls: HotCall[]) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const captured: Array<{ query: string; params: unknown[]; at: number }> = [];
  const db: Database = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params, at: performance.now() }) },
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    ...PRODUCTION_KEYS,
    BUSINESS_ABN: '51 824 753 556',
    SESSION_SECRET: 'benchmark-only-session-secret-0123456789abcdef',
    DATABASE_URL: databaseUrl,
    BUSINESS_TIMEZONE: TIME_ZONE,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
    // The benchmark's staff sign in with a password alone: the second factor is part of signing in, which no call
    // measured here does (production's default requires it of staff; issue 38).
    STAFF_TWO_FACTOR_DEFAULT: 'false',
    // The benchmark's bookings are one guest's many unpaid holds: not an abuse here.
    RATE_LIMIT_UNPAID_HOLDS: '100000000',
    RATE_LIMIT_IP_REQUESTS: '100000000',
  });
  // The in-process app opens card payments with the local provider: no call out, the same statements around it.
  const payments = createLocalProvider(db, {
    publicUrl: 'http://127.0.0.1',
    clock: () => new Date(),
    webhookSecret: 'whsec_plans',
  });
  const app = await buildApp({ config, database: db, logger: false, payments });
  const lines: string[] = [];
  try {
    for (const call of calls) {
      captured.length = 0;
      const response = await app.inject({
        method: call.method,
        url: call.url,
        headers: {
          ...(call.anonymous ? {} : { authorization: `Token ${token}` }),
          accept: JSONAPI,
          ...(call.body ? { 'content-type': JSONAPI } : {}),
        },
        ...(call.body ? { payload: call.body } : {}),
      });
      const statements = captured.filter((entry) => !/\bsessions\b/.test(entry.query));
      lines.push('', `=== ${call.name} (${response.statusCode}): ${statements.length} statements`);
      const locked = statements.findIndex((entry) => /\bfor update\b/i.test(entry.query));
      if (locked >= 0) {
        // The lock is held from its statement to the commit: the first statement after the booking's log.
        const logged = statements.findIndex(
          (entry, index) => index > locked && /insert into "booking_logs"/i.test(entry.query),
        );
        const after = statements[logged + 1];
        const lockedAt = statements[locked]?.at ?? 0;
        lines.push(
          `lot lock: ${logged - locked + 1} statements from the lock to the log, about ${after ? (after.at - lockedAt).toFixed(1) : '?'} ms until the next statement after the commit`,
        );
      }
      for (const statement of statements) {
        const write = !/^\s*(select|with)\b/i.test(statement.query);
        // A write is explained in a transaction rolled back: its plan and time, nothing stored.
        const client = await pool.connect();
        try {
          if (write) await client.query('BEGIN');
          const plan = await client.query<Record<string, string>>(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`,
            statement.params,
          );
          lines.push(
            `--- ${statement.query.replace(/\s+/g, ' ').slice(0, 240)}${statement.query.length > 240 ? '…' : ''}`,
          );
          for (const row of plan.rows) lines.push(String(Object.values(row)[0]));
        } catch (error) {
          lines.push(
            `--- ${statement.query.replace(/\s+/g, ' ').slice(0, 240)}: not explained (${String(error)})`,
          );
        } finally {
          if (write) await client.query('ROLLBACK');
          client.release();
        }
      }
    }
  } finally {
    await app.close();
    await pool.end();
  }
  return lines;
}
