/**
 * Hostile input, the harness: one test server with the booking fixtures, a booking and an Admin (who
 * gets furthest past authorisation), and `send`, which makes a request and checks its answer: below 500,
 * and every refusal a JSON:API error document. `fuzz` sends a property's requests in batches; a batch in
 * which nothing was accepted must leave every table's row count as it was. Seeded (FUZZ_SEED, default
 * below) so that a failure replays. The tests are jsonapi/hostile-input.test.ts.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bookingDoc, bookingFixtures, type Fixtures } from './booking-fixtures';
import { createUser, login } from './factories';
import { createTestServer, JSONAPI, type TestServer } from './server';

export const API = '/backend/api/v1';
export const SEED = Number(process.env.FUZZ_SEED ?? 1414);

export interface Request {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string;
  contentType?: string;
  admin: boolean;
  headers?: Record<string, string>;
  /** The declared action it was made for, if any (`POST manage-bookings/:id/changes/`). */
  route?: string;
}

/** The server under attack, its fixtures, an Admin's token, the tables counted: set by useHostileServer. */
export const target = {} as { server: TestServer; f: Fixtures; adminToken: string; tables: string[] };
export const tally = { requests: 0, serverErrors: 0, accepted: 0, refused: 0 };
/** The last request's duration in milliseconds (app.inject, in process: the server's own time), and the slowest. */
export const timing = { lastMs: 0 };
export const slowestRequest = { ms: 0, what: '' };

/** Row counts of every table, except the ones a refused request legitimately touches (abuse counters, sessions). */
async function rowCounts(): Promise<Record<string, number>> {
  const { server, tables } = target;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await server.handle.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
    counts[table] = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  }
  return counts;
}

/** Starts the server before the file's first test (and closes it after its last). */
export function useHostileServer() {
  beforeAll(async () => {
    const server = await createTestServer();
    const f = await bookingFixtures(server.handle.db);
    const admin = await createUser(server.handle.db, { roles: ['Admins'] });
    const adminToken = await login(server.app, admin.user.email);
    const booked = await server.app.inject({
      method: 'POST',
      url: `${API}/bookings/`,
      headers: { 'content-type': JSONAPI },
      payload: JSON.stringify(bookingDoc(f)),
    });
    if (booked.statusCode !== 201) throw new Error(booked.body);
    const result = await server.handle.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const tables = (result as unknown as { rows: Array<{ tablename: string }> }).rows
      .map((row) => row.tablename)
      .filter((name) => !['rate_limit_hits', 'sessions', '__drizzle_migrations'].includes(name));
    Object.assign(target, { server, f, adminToken, tables });
  });
  afterAll(() => target.server.close());
}

/** Sends a request and checks its answer; whether it was a write the server accepted. */
export async function send(request: Request): Promise<boolean> {
  const { server, adminToken } = target;
  const headers: Record<string, string> = { accept: JSONAPI, ...request.headers };
  if (request.admin) headers.authorization = `Token ${adminToken}`;
  if (request.payload !== undefined) headers['content-type'] = request.contentType ?? JSONAPI;
  if (headers['content-type'] === '') delete headers['content-type'];
  const started = performance.now();
  const response = await server.app.inject({
    method: request.method,
    url: request.url,
    headers,
    payload: request.payload,
  });
  timing.lastMs = performance.now() - started;
  tally.requests += 1;
  const what = `${request.method} ${request.url.slice(0, 200)} [${headers['content-type'] ?? 'no body'}${request.admin ? ', admin' : ''}] ${(request.payload ?? '').slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (timing.lastMs > slowestRequest.ms)
    Object.assign(slowestRequest, { ms: timing.lastMs, what: what.slice(0, 300) });
  if (response.statusCode >= 500) {
    tally.serverErrors += 1;
    expect.fail(`5xx: ${what}`);
  }
  if (response.statusCode >= 400) {
    tally.refused += 1;
    expect(String(response.headers['content-type']), what).toContain(JSONAPI);
    const body = response.json<{ errors?: Array<{ status?: unknown; detail?: unknown }> }>();
    expect(Array.isArray(body.errors) && body.errors.length > 0, what).toBe(true);
    for (const error of body.errors ?? []) {
      expect(error.status, what).toBe(String(response.statusCode));
      expect(typeof error.detail, what).toBe('string');
    }
    return false;
  }
  tally.accepted += 1;
  return request.method !== 'GET';
}

/** Runs a property in batches; a batch in which no write was accepted must leave every count as it was. */
export async function fuzz(arbitrary: fc.Arbitrary<Request>, runs: number, seed: number) {
  const batch = 250;
  for (let done = 0; done < runs; done += batch) {
    const before = await rowCounts();
    let wrote = false;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        if (await send(request)) wrote = true;
      }),
      { seed: seed + done, numRuns: Math.min(batch, runs - done), endOnFailure: true },
    );
    if (!wrote) expect(await rowCounts()).toEqual(before);
  }
}
