/**
 * The plans of `npm run bench` (bench/run.ts): the EXPLAIN (ANALYZE, BUFFERS) of every statement the hot
 * calls (quotes, extras, the busiest day's diary, the customer-details search) run.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { addDaysToDate, businessInstant } from '@parking/domain/dates';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
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
      url: `${API}/bookings/?${new URLSearchParams({ 'filter[diaryDate]': busy.day, 'filter[status]': 'complete', sort: 'startDatetime', include: 'airlineOut,airlineIn,lot', 'page[size]': '1000' }).toString()}`,
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
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const db: Database = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
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
  });
  const app = await buildApp({ config, database: db, logger: false });
  const lines: string[] = [];
  try {
    for (const call of calls) {
      captured.length = 0;
      const response = await app.inject({
        method: call.method,
        url: call.url,
        headers: {
          authorization: `Token ${token}`,
          accept: JSONAPI,
          ...(call.body ? { 'content-type': JSONAPI } : {}),
        },
        ...(call.body ? { payload: call.body } : {}),
      });
      const statements = captured.filter(
        (entry) => /^\s*(select|with)\b/i.test(entry.query) && !/\bsessions\b/.test(entry.query),
      );
      lines.push('', `=== ${call.name} (${response.statusCode}): ${statements.length} statements`);
      for (const statement of statements) {
        const plan = await pool.query<Record<string, string>>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`,
          statement.params,
        );
        lines.push(
          `--- ${statement.query.replace(/\s+/g, ' ').slice(0, 240)}${statement.query.length > 240 ? '…' : ''}`,
        );
        for (const row of plan.rows) lines.push(String(Object.values(row)[0]));
      }
    }
  } finally {
    await app.close();
    await pool.end();
  }
  return lines;
}
