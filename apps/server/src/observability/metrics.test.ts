/**
 * GET /backend/metrics: refused to anonymous callers (401) and to customers and Sales (403), JSON:API errors like
 * every route; served as Prometheus text to METRICS_TOKEN and to an Admin (token header or session cookie). The
 * series are named and move: a booking made through the API counts once, a staff payment by its method and
 * amount, quotes answered from memory as hits, requests under their route template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, createTestServer, one, type TestServer } from '../test/server';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const API = '/backend/api/v1';

let server: TestServer;
let fixtures: Fixtures;
const tokens: Record<'admin' | 'sales' | 'customer', string> = { admin: '', sales: '', customer: '' };

beforeAll(async () => {
  server = await createTestServer({ env: { METRICS_TOKEN: TOKEN } });
  fixtures = await bookingFixtures(server.handle.db);
  for (const [who, role] of [
    ['admin', 'Admins'],
    ['sales', 'Sales'],
    ['customer', 'Customers'],
  ] as const) {
    const { user } = await createUser(server.handle.db, { roles: [role] });
    tokens[who] = await login(server.app, user.email);
  }
});
afterAll(() => server.close());

const scrape = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: '/backend/metrics', headers, ...(cookies ? { cookies } : {}) });

/** The samples of the exposition text: `name{labels} value` lines. */
function samples(text: string): Array<{ name: string; labels: Record<string, string>; value: number }> {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The value of one series (summed over the samples matching `labels`); 0 when it has none yet. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function metricsText(): Promise<string> {
  const response = await scrape({ authorization: `Bearer ${TOKEN}` });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /backend/metrics', () => {
  it('is refused to anonymous callers, customers, Sales and a wrong token, as JSON:API errors', async () => {
    const refusals = await Promise.all([
      scrape(),
      scrape({ authorization: 'Bearer not-the-token-0123456789abcdef' }),
      scrape({ authorization: `Token ${tokens.customer}` }),
      scrape({ authorization: `Token ${tokens.sales}` }),
    ]);
    expect(refusals.map((response) => response.statusCode)).toEqual([401, 401, 403, 403]);
    for (const response of refusals) {
      expect(response.headers['content-type']).toContain('application/vnd.api+json');
      expect(Object.keys(response.json<object>())).toEqual(['errors']);
    }
  });

  it('is served to the token and to an Admin (token header or session cookie), with every series named', async () => {
    const served = await Promise.all([
      scrape({ authorization: `Bearer ${TOKEN}` }),
      scrape({ authorization: `Token ${tokens.admin}` }),
      scrape({}, { sessionid: tokens.admin }),
    ]);
    expect(served.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const { body, headers } = served[0] ?? { body: '', headers: {} };
    expect(headers['content-type']).toContain('text/plain');
    for (const name of [
      'parking_http_requests_total',
      'parking_http_request_duration_seconds',
      'parking_bookings_created_total',
      'parking_bookings_changed_total',
      'parking_bookings_cancelled_total',
      'parking_payments_total',
      'parking_payments_aud_total',
      'parking_refunds_total',
      'parking_refunds_aud_total',
      'parking_quote_cache_lookups_total',
      'parking_quote_cache_loads_total',
      'parking_db_pool_connections',
      'parking_db_pool_waiting',
      'parking_jobs_waiting',
      'parking_jobs_active',
      'parking_jobs_failed',
      'parking_jobs_oldest_waiting_seconds',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(body, name).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(body, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    expect(value(body, 'parking_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
  });

  it('counts a booking made through the API once it is stored, and a staff payment by method and amount', async () => {
    const before = await metricsText();
    const created = await api(server.app, 'POST', `${API}/bookings/`, { body: bookingDoc(fixtures) });
    expect(created.status).toBe(201);
    const refused = await api(server.app, 'POST', `${API}/bookings/`, {
      body: bookingDoc(fixtures, { attributes: { email: 'not an email' } }),
    });
    expect(refused.status).toBe(400);
    const paid = await api(server.app, 'PATCH', `${API}/bookings/${one(created.body).id}/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'bookings',
          id: one(created.body).id,
          attributes: { amountPaid: '12.50', paymentMethod: 'cash' },
        },
      },
    });
    expect(paid.status).toBe(200);

    const after = await metricsText();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    expect(moved('parking_bookings_created_total')).toBe(1);
    expect(moved('parking_bookings_changed_total')).toBe(1);
    expect(moved('parking_payments_total', { method: 'cash' })).toBe(1);
    expect(moved('parking_payments_aud_total', { method: 'cash' })).toBeCloseTo(12.5);
    expect(
      moved('parking_http_requests_total', {
        method: 'POST',
        route: `${API}/bookings/`,
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(
      moved('parking_http_requests_total', {
        method: 'POST',
        route: `${API}/bookings/`,
        status_class: '4xx',
      }),
    ).toBe(1);
  });

  it('labels requests by route template, never the raw URL, and counts quotes answered from memory', async () => {
    const before = await metricsText();
    const quote = `${API}/quotes/?start_date=2026-12-10&end_date=2026-12-12`;
    for (let i = 0; i < 3; i += 1) expect((await api(server.app, 'GET', quote)).status).toBe(200);
    expect((await api(server.app, 'GET', `${API}/bookings/999999/`, { token: tokens.admin })).status).toBe(
      404,
    );
    expect((await api(server.app, 'GET', '/backend/no-such-route')).status).toBe(404);

    const after = await metricsText();
    const routes = new Set(
      samples(after)
        .filter((sample) => sample.name === 'parking_http_requests_total')
        .map((sample) => sample.labels.route ?? ''),
    );
    expect(routes).toContain(`${API}/quotes/`);
    expect(routes).toContain(`${API}/bookings/:id/`);
    expect(routes).toContain('unmatched');
    expect([...routes].filter((route) => /[?]|999999|no-such-route/.test(route))).toEqual([]);
    const hits = (text: string) => value(text, 'parking_quote_cache_lookups_total', { result: 'hit' });
    // The first of the three may load what is held; the same stay asked again is answered from memory.
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(2);
  });
});
