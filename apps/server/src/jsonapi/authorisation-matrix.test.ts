/**
 * The authorisation matrix: every route of the real server, every action on every registered
 * resource, for each caller, against one table. A row's string gives one letter per caller, in
 * CALLERS order: Y = let through (any answer but 401/403/404/405, never a 5xx), N = refused
 * (401/403/404, nothing but errors in the body, none of customer A's data), - = no such action (405),
 * = = public content: the same answer whoever asks, never 401/403.
 * Writes send an empty document, so an allowed caller gets a validation error and changes nothing,
 * except deletes, which run last, Admins last of all. RULES are what an empty document cannot show: each
 * is tried for real on customer A's rows, and the database says whether it was made.
 * The test fails when the server has a route or a resource type the table does not cover.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../app';
import {
  blockoutPeriods,
  busTrips,
  customers,
  exceptionalDays,
  exceptionalRates,
  flights,
  lotRegions,
  users,
} from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, createVehicle, login } from '../test/factories';
import { subscribe } from '../test/pricing-fixtures';
import { createTestServer, JSONAPI, type TestServer } from '../test/server';

const API = '/backend/api/v1';
const CALLERS = ['anonymous', 'customer A', 'customer B', 'Employees', 'Sales', 'Admins'] as const;
type Caller = (typeof CALLERS)[number];
type Expectation = string; // six letters, Y N or -, one per caller

const ALL = 'YYYYYY';
const SIGNED_IN = 'NYYYYY';
const OWNER_OR_STAFF = 'NYNNYY';
const OWNER_OR_ADMINS = 'NYNNNY';
const STAFF = 'NNNNYY';
const ADMINS = 'NNNNNY';
const NOBODY = '------';
const SETTINGS = { list: ALL, read: ALL, create: ADMINS, update: ADMINS, delete: ADMINS };

type Action = 'list' | 'read' | 'create' | 'update' | 'delete';

/** Every resource type and action. Owned types are tried on customer A's row. */
const RESOURCES: Record<string, Record<Action, Expectation>> = {
  users: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: ALL, update: OWNER_OR_ADMINS, delete: ADMINS },
  customers: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: STAFF, update: OWNER_OR_STAFF, delete: ADMINS },
  vehicles: {
    list: SIGNED_IN,
    read: OWNER_OR_STAFF,
    create: SIGNED_IN,
    update: OWNER_OR_STAFF,
    delete: ADMINS,
  },
  bookings: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: ALL, update: STAFF, delete: ADMINS },
  subscriptions: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: NOBODY, update: NOBODY, delete: NOBODY },
  'booking-logs': { list: ADMINS, read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
  products: { list: ALL, read: ALL, create: NOBODY, update: NOBODY, delete: NOBODY },
  prices: { list: ALL, read: ALL, create: NOBODY, update: NOBODY, delete: NOBODY },
  'contact-submissions': { list: STAFF, read: STAFF, create: ALL, update: NOBODY, delete: ADMINS },
  discounts: { list: STAFF, read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'lot-regions': { list: STAFF, read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'vehicle-types': SETTINGS,
  lots: SETTINGS,
  airlines: SETTINGS,
  'bus-trips': SETTINGS,
  flights: SETTINGS,
  extras: SETTINGS,
  'extra-variations': SETTINGS,
  'short-term-rate-days': SETTINGS,
  'short-term-rates': SETTINGS,
  'exceptional-days': SETTINGS,
  'exceptional-rates': SETTINGS,
  'blockout-periods': SETTINGS,
  'audit-logs': { list: ADMINS, read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
};

interface Special {
  /** The route as the server registers it. */
  route: string;
  /** The request tried; {booking} is customer A's booking. */
  url?: string;
  body?: unknown;
  expect: Expectation;
  /** The call ends the caller's session: make it with a session of its own. */
  ownSession?: boolean;
}

const CAPABILITY = 'NNNNNN'; // reached by an unguessable id only: a made-up one is not found by anyone
const PUBLIC = '======';

const SPECIALS: Special[] = [
  { route: 'GET /backend/health/', expect: ALL },
  { route: 'GET /backend/live/', expect: ALL },
  { route: 'GET /backend/dev/mail/', expect: ADMINS },
  // A made-up message: Admins are told it is not there, everyone else is refused first.
  {
    route: 'GET /backend/dev/mail/:id/attachments/:index',
    url: '/backend/dev/mail/made-up/attachments/0',
    expect: CAPABILITY,
  },
  { route: `POST ${API}/sessions/`, body: {}, expect: ALL },
  { route: `GET ${API}/sessions/current/`, expect: ALL },
  { route: `DELETE ${API}/sessions/current/`, expect: ALL, ownSession: true },
  { route: `POST ${API}/email-confirmations/`, body: {}, expect: ALL },
  { route: `POST ${API}/confirmation-email-requests/`, body: {}, expect: ALL },
  { route: `POST ${API}/password-resets/`, body: {}, expect: ALL },
  { route: `POST ${API}/password-reset-confirmations/`, body: {}, expect: ALL },
  { route: `GET ${API}/anon-emails/:email/`, url: `${API}/anon-emails/someone@example.com/`, expect: ALL },
  { route: `GET ${API}/extras/`, expect: ALL },
  { route: `GET ${API}/blockout-periods/current_form_blockout/`, expect: ALL },
  {
    route: `GET ${API}/quotes/`,
    url: `${API}/quotes/?start_date=2026-12-01&end_date=2026-12-03`,
    expect: ALL,
  },
  { route: `POST ${API}/booking-quotes/`, body: {}, expect: ALL },
  { route: `POST ${API}/promo-codes/`, body: {}, expect: ALL },
  {
    route: `GET ${API}/bookings/:id/invoice/`,
    url: `${API}/bookings/{booking}/invoice/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/bookings/:id/calendar/`,
    url: `${API}/bookings/{booking}/calendar/`,
    expect: OWNER_OR_STAFF,
  },
  // Manage my booking: a guest's code and email open a booking; the booking's owner and staff reach it directly.
  { route: `POST ${API}/manage-booking-sessions/`, body: {}, expect: ALL },
  {
    route: `GET ${API}/manage-bookings/:id/`,
    url: `${API}/manage-bookings/{booking}/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/change-quotes/`,
    url: `${API}/manage-bookings/{booking}/change-quotes/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/changes/`,
    url: `${API}/manage-bookings/{booking}/changes/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/cancellation/`,
    url: `${API}/manage-bookings/made-up/cancellation/`,
    body: {},
    expect: CAPABILITY,
  },
  {
    route: `POST ${API}/manage-bookings/:id/payments/`,
    url: `${API}/manage-bookings/{booking}/payments/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/bookings/invoices/`,
    url: `${API}/bookings/invoices/?filter[startDate]=2026-12-01`,
    expect: STAFF,
  },
  { route: `GET ${API}/bookings/export/`, expect: STAFF },
  { route: `GET ${API}/customers/export/`, expect: STAFF },
  { route: `POST ${API}/lot-volume-graphs/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/arrival-departure-graphs/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/extras-stats/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/extras-graphs/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/booking-type-stats/`, body: {}, expect: ADMINS },
  { route: `GET ${API}/kpi-summary-csv/`, expect: ADMINS },
  { route: `GET ${API}/bookings/currently-parked/`, expect: STAFF },
  { route: `GET ${API}/bookings/income-owed/`, expect: STAFF },
  { route: `GET ${API}/payment-config/`, expect: ALL },
  // Card payments are reached by the payment's client secret, which only its payer holds.
  { route: `POST ${API}/payment-confirmations/`, body: {}, expect: ALL },
  { route: `POST ${API}/local-payments/`, body: {}, expect: ALL },
  { route: `POST ${API}/payments/`, body: {}, expect: STAFF },
  { route: `POST ${API}/checkout-sessions/`, body: {}, expect: SIGNED_IN },
  { route: `POST ${API}/billing-sessions/`, body: {}, expect: SIGNED_IN },
  // The local provider's pages, by the session's unguessable id; a POST reads its body before the id.
  {
    route: `GET ${API}/local-checkout-sessions/:id/`,
    url: `${API}/local-checkout-sessions/made-up/`,
    expect: CAPABILITY,
  },
  {
    route: `POST ${API}/local-checkout-sessions/:id/complete/`,
    url: `${API}/local-checkout-sessions/made-up/complete/`,
    body: {},
    expect: ALL,
  },
  {
    route: `GET ${API}/local-billing-sessions/:id/`,
    url: `${API}/local-billing-sessions/made-up/`,
    expect: CAPABILITY,
  },
  {
    route: `POST ${API}/local-billing-sessions/:id/subscriptions/:subscription/`,
    url: `${API}/local-billing-sessions/made-up/subscriptions/1/`,
    body: {},
    expect: ALL,
  },
  // Anyone reaches the webhook; only a body signed with the webhook secret does anything.
  { route: `POST ${API}/stripe/webhook/`, body: {}, expect: ALL },
  { route: 'GET /wp-json/wp/v2/routes/', expect: PUBLIC },
  { route: 'GET /wp-json/wp/v2/get-page/', url: '/wp-json/wp/v2/get-page/?path=/', expect: PUBLIC },
  { route: 'GET /wp-json/wp/v2/frontpage/', expect: PUBLIC },
  {
    route: 'GET /wp-json/wp/v2/menu-location/:location/',
    url: '/wp-json/wp/v2/menu-location/main/',
    expect: PUBLIC,
  },
  { route: 'GET /wp-json/acf/v3/options/options/', expect: PUBLIC },
  // Methods JSON:API resources do not have.
  { route: `PUT ${API}/:type/*`, url: `${API}/lots/1/`, body: {}, expect: NOBODY },
  { route: `PUT,PATCH,DELETE ${API}/:type/`, url: `${API}/lots/`, expect: NOBODY },
  { route: `POST ${API}/:type/:id/`, url: `${API}/lots/1/`, body: {}, expect: NOBODY },
];

interface Rule {
  what: string;
  /** Y = made (2xx, and the database shows it), N = refused (4xx, nothing but errors) and nothing changed. */
  expect: Expectation;
  /** The request that tries it, with a value nobody has yet. */
  request: (value: string) => { method: string; url: string; body: unknown };
  /** Whether the database holds the change. */
  made: (value: string) => Promise<boolean>;
  /** Puts customer A back as they were, after a caller made the change. */
  undo: () => Promise<void>;
}

/** Customer A's login: the address it has, as the database holds it. */
async function loginEmailOfA(): Promise<string | undefined> {
  const [row] = await server.handle.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, Number(targets.get('users'))));
  return row?.email;
}

/** Back to A's address, confirmed, and a fresh session for A (the change ended A's sessions). */
async function restoreLoginEmailOfA() {
  const userId = Number(targets.get('users'));
  await server.handle.db
    .update(users)
    .set({ email: emailA, emailConfirmed: true })
    .where(eq(users.id, userId));
  await server.handle.db.update(customers).set({ email: emailA }).where(eq(customers.userId, userId));
  tokens.set('customer A', await login(server.app, emailA));
}

/** A login's email is where its password resets go: only Admins change it, through either resource. */
const RULES: Rule[] = [
  {
    what: "change a login's email through customers",
    expect: ADMINS,
    request: (email) => {
      const id = targets.get('customers') ?? '';
      return {
        method: 'PATCH',
        url: `${API}/customers/${id}/`,
        body: { data: { type: 'customers', id, attributes: { email } } },
      };
    },
    made: async (email) => (await loginEmailOfA()) === email,
    undo: restoreLoginEmailOfA,
  },
  {
    what: "change a login's email through users",
    expect: ADMINS,
    request: (email) => {
      const id = targets.get('users') ?? '';
      return {
        method: 'PATCH',
        url: `${API}/users/${id}/`,
        body: { data: { type: 'users', id, attributes: { email } } },
      };
    },
    made: async (email) => (await loginEmailOfA()) === email,
    undo: restoreLoginEmailOfA,
  },
];

/** The generic resource routes, covered by RESOURCES. */
const GENERIC_ROUTES = [
  `GET ${API}/:type/`,
  `GET ${API}/:type/:id/`,
  `POST ${API}/:type/`,
  `PATCH ${API}/:type/:id/`,
  `DELETE ${API}/:type/:id/`,
];

let server: TestServer;
let f: Fixtures;
const routes: string[] = [];
const tokens = new Map<Caller, string | undefined>();
const targets = new Map<string, string>();
let emailA = '';
let bookingA = '';

async function firstId(type: string, token: string | undefined): Promise<string> {
  const response = await server.app.inject({
    method: 'GET',
    url: `${API}/${type}/?page[size]=1`,
    headers: { authorization: `Token ${token}` },
  });
  const id = (response.json() as { data?: Array<{ id: string }> }).data?.[0]?.id;
  if (!id) throw new Error(`No ${type} to try: ${response.body}`);
  return id;
}

beforeAll(async () => {
  server = await createTestServer({
    onRoute: (route) => routes.push(`${[route.method].flat().join(',')} ${route.url}`),
  });
  f = await bookingFixtures(server.handle.db);
  const db = server.handle.db;
  const a = await createUser(db);
  const b = await createUser(db);
  const people: Partial<Record<Caller, { user: { email: string } }>> = {
    'customer A': a,
    'customer B': b,
    Employees: await createUser(db, { roles: ['Employees', 'Customers'] }),
    Sales: await createUser(db, { roles: ['Sales'] }),
    Admins: await createUser(db, { roles: ['Admins'] }),
  };
  tokens.set('anonymous', undefined);
  for (const caller of CALLERS.slice(1))
    tokens.set(caller, await login(server.app, people[caller]?.user.email ?? ''));
  emailA = a.user.email;

  const booked = await server.app.inject({
    method: 'POST',
    url: `${API}/bookings/`,
    headers: { 'content-type': JSONAPI, authorization: `Token ${tokens.get('customer A')}` },
    payload: JSON.stringify(bookingDoc(f, { attributes: { email: emailA } })),
  });
  if (booked.statusCode !== 201) throw new Error(`booking: ${booked.body}`);
  bookingA = (booked.json() as { data: { id: string } }).data.id;
  const vehicle = await createVehicle(db, a.customer.id, f.sedan.id);
  const subscription = await subscribe(
    db,
    a.user.id,
    'unlimited_outdoor_parking',
    new Date('2027-06-01T00:00:00Z'),
  );
  const admin = tokens.get('Admins');
  // One row of each settings table the booking fixtures leave empty (nothing current, nothing near).
  await db.insert(lotRegions).values({ lotId: f.indoor.id, name: 'Row A', rows: 4 });
  const [bus] = await db
    .insert(busTrips)
    .values({ service: 'weekday', departureTime: '05:00:00' })
    .returning();
  await db.insert(flights).values({
    airlineId: f.qantas.id,
    service: 'weekday',
    time: '07:00:00',
    departure: true,
    busTripId: bus?.id ?? null,
    flightNumber: 'QF9',
  });
  const [day] = await db.insert(exceptionalDays).values({ name: 'Show day', date: '2027-06-01' }).returning();
  if (day) await db.insert(exceptionalRates).values({ dayId: day.id, lotId: f.indoor.id, surcharge: '5.00' });
  await db.insert(blockoutPeriods).values({
    name: 'Works',
    startDatetime: new Date('2027-08-01T00:00:00Z'),
    endDatetime: new Date('2027-08-02T00:00:00Z'),
    blockType: 'extra',
  });
  // Settings rows a delete may really remove, so that no fixture another row needs goes first.
  await server.app.inject({
    method: 'POST',
    url: `${API}/contact-submissions/`,
    headers: { 'content-type': JSONAPI },
    payload: JSON.stringify({
      data: {
        type: 'contact-submissions',
        attributes: { name: 'N', email: 'n@example.com', phoneNumber: '0400 000 000', message: 'Hello' },
      },
    }),
  });
  // A staff change, so that the audit trail has a row to try.
  await server.app.inject({
    method: 'POST',
    url: `${API}/vehicle-types/`,
    headers: { 'content-type': JSONAPI, authorization: `Token ${admin}` },
    payload: JSON.stringify({ data: { type: 'vehicle-types', attributes: { name: 'Matrix van' } } }),
  });
  targets.set('users', String(a.user.id));
  targets.set('customers', String(a.customer.id));
  targets.set('vehicles', String(vehicle.id));
  targets.set('bookings', bookingA);
  targets.set('subscriptions', String(subscription?.id));
  for (const type of Object.keys(RESOURCES))
    if (!targets.has(type)) targets.set(type, await firstId(type, admin));
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: string;
  type: string;
}

async function call(
  caller: Caller,
  method: string,
  url: string,
  body: unknown,
  token = tokens.get(caller),
): Promise<Answer> {
  const headers: Record<string, string> = { accept: JSONAPI };
  if (token) headers.authorization = `Token ${token}`;
  if (body !== undefined) headers['content-type'] = JSONAPI;
  const response = await server.app.inject({
    method: method as 'GET',
    url,
    headers,
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: response.body,
    type: String(response.headers['content-type'] ?? ''),
  };
}

/** What is wrong with an answer, or nothing; every mismatch of a test is reported together. */
function mismatch(what: string, expected: Expectation, caller: Caller, answer: Answer): string | undefined {
  const letter = expected[CALLERS.indexOf(caller)];
  const label = `${what} as ${caller}: ${answer.status} ${answer.body.slice(0, 160)}`;
  if (answer.status >= 500) return label;
  if (letter === 'Y' && [401, 403, 404, 405].includes(answer.status)) return `${label} (expected through)`;
  if (letter === '-' && answer.status !== 405) return `${label} (expected 405)`;
  if (letter === '=') {
    if ([401, 403].includes(answer.status)) return `${label} (expected public)`;
    const first = publicAnswers.get(what) ?? answer.status;
    publicAnswers.set(what, first);
    if (first !== answer.status) return `${label} (expected ${first} as for every caller)`;
  }
  if (letter === 'N') {
    if (![401, 403, 404].includes(answer.status)) return `${label} (expected refused)`;
    // A guest's credential for manage-bookings is the token of a code-and-email lookup, not a login: 403
    // (a 401 would send the web client to the login page).
    const anonymousStatus = what.includes('/manage-bookings/') ? 403 : 401;
    if (caller === 'anonymous' && !what.includes('made-up') && answer.status !== anonymousStatus)
      return `${label} (expected ${anonymousStatus})`;
    // Nothing but the error: no data, and nothing of customer A's.
    if (!answer.type.includes('json') || Object.keys(JSON.parse(answer.body) as object).join() !== 'errors')
      return `${label} (more than errors)`;
    if (answer.body.includes(emailA)) return `${label} (leaks A's email)`;
  }
  return undefined;
}

let problems: string[] = [];
const publicAnswers = new Map<string, number>();
function check(what: string, expected: Expectation, caller: Caller, answer: Answer) {
  const problem = mismatch(what, expected, caller, answer);
  if (problem) problems.push(problem);
}
function expectNoProblems() {
  const found = problems;
  problems = [];
  expect(found).toEqual([]);
}

describe('authorisation matrix', () => {
  it('covers every route the server has and every resource type in its registry', () => {
    const covered = new Set([...GENERIC_ROUTES, ...SPECIALS.map((special) => special.route)]);
    // The web app's built files and its pre-rendered home page (apps/web/dist and dist-ssr, once built) are
    // public pages, not API routes.
    const served = routes.filter(
      (route) => !route.startsWith('HEAD ') && !/^(HEAD,)?GET \/(?!backend\/|wp-json\/)/.test(route),
    );
    expect(served.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !served.includes(route))).toEqual([]);
    expect(Object.keys(RESOURCES).sort()).toEqual(
      buildRegistry()
        .all()
        .map((def) => def.type)
        .sort(),
    );
  });

  it('lists, reads, creates and updates as the table says', async () => {
    let checks = 0;
    for (const [type, actions] of Object.entries(RESOURCES)) {
      const id = targets.get(type) ?? '';
      const member = `${API}/${type}/${id}/`;
      const tries: Array<[Action, string, string, unknown]> = [
        ['list', 'GET', `${API}/${type}/`, undefined],
        ['read', 'GET', member, undefined],
        ['create', 'POST', `${API}/${type}/`, { data: { type, attributes: {} } }],
        ['update', 'PATCH', member, { data: { type, id, attributes: {} } }],
      ];
      for (const [action, method, url, body] of tries) {
        for (const caller of CALLERS) {
          check(`${action} ${type}`, actions[action], caller, await call(caller, method, url, body));
          checks += 1;
        }
      }
    }
    expectNoProblems();
    expect(checks).toBe(Object.keys(RESOURCES).length * 4 * CALLERS.length);
  });

  it('answers each special route and document as the table says', async () => {
    for (const special of SPECIALS) {
      const [method = 'GET'] = special.route.split(' ')[0]?.split(',') ?? [];
      const url = (special.url ?? special.route.split(' ')[1] ?? '').replace('{booking}', bookingA);
      for (const caller of CALLERS) {
        const token =
          special.ownSession && caller !== 'anonymous'
            ? await login(server.app, await emailOf(caller))
            : tokens.get(caller);
        check(
          `${method} ${url}`,
          special.expect,
          caller,
          await call(caller, method, url, special.body, token),
        );
      }
    }
    expectNoProblems();
  });

  it('keeps customer A’s booking, vehicle, invoice, subscription, user and customer from customer B, lists included', async () => {
    for (const type of ['bookings', 'vehicles', 'subscriptions', 'users', 'customers']) {
      const id = targets.get(type) ?? '';
      const read = await call('customer B', 'GET', `${API}/${type}/${id}/`, undefined);
      expect(mismatch(`read A's ${type}`, 'NNNNNN', 'customer B', read)).toBeUndefined();
      expect(read.status).toBe(404);
      const list = await call('customer B', 'GET', `${API}/${type}/?page[size]=100`, undefined);
      expect(list.status).toBe(200);
      expect(
        (JSON.parse(list.body) as { data: Array<{ id: string }> }).data.map((row) => row.id),
      ).not.toContain(id);
      expect(list.body).not.toContain(emailA);
    }
    const invoice = await call('customer B', 'GET', `${API}/bookings/${bookingA}/invoice/`, undefined);
    expect(invoice.status).toBe(404);
    expect(
      (await call('customer A', 'GET', `${API}/bookings/${bookingA}/invoice/`, undefined)).type,
    ).toContain('application/pdf');
  });

  it('makes or refuses each rule as the table says, changing nothing when refused', async () => {
    let checks = 0;
    for (const [index, rule] of RULES.entries()) {
      const value = `matrix-rule-${index}@example.com`;
      for (const caller of CALLERS) {
        const { method, url, body } = rule.request(value);
        const answer = await call(caller, method, url, body);
        const made = await rule.made(value);
        const label = `${rule.what} as ${caller}: ${answer.status} ${answer.body.slice(0, 160)}`;
        const refused =
          answer.status >= 400 &&
          answer.status < 405 &&
          Object.keys(JSON.parse(answer.body) as object).join() === 'errors';
        if (rule.expect[CALLERS.indexOf(caller)] === 'Y') {
          if (answer.status >= 300 || !made) problems.push(`${label} (expected made)`);
        } else if (!refused || made || answer.body.includes(emailA)) {
          problems.push(`${label} (expected refused, nothing changed)`);
        }
        if (made) await rule.undo();
        checks += 1;
      }
    }
    expectNoProblems();
    expect(checks).toBe(RULES.length * CALLERS.length);
  });

  it('deletes as the table says (Admins last, so every refusal meets the row)', async () => {
    // Rows that others cascade from go after them: a variation before its extra, a rate before its day,
    // A's login and customer last (they take A's vehicles and bookings along).
    const children = [
      'extra-variations',
      'short-term-rates',
      'exceptional-rates',
      'flights',
      'lot-regions',
      'bookings',
      'vehicles',
      'subscriptions',
      'booking-logs',
    ];
    const rank = (type: string) =>
      children.includes(type) ? 0 : ['customers', 'users'].includes(type) ? 2 : 1;
    const order = Object.entries(RESOURCES).sort(([a], [b]) => rank(a) - rank(b));
    for (const [type, actions] of order) {
      const url = `${API}/${type}/${targets.get(type)}/`;
      for (const caller of CALLERS)
        check(`delete ${type}`, actions.delete, caller, await call(caller, 'DELETE', url, undefined));
    }
    expectNoProblems();
  });
});

async function emailOf(caller: Caller): Promise<string> {
  const answer = await call(caller, 'GET', `${API}/sessions/current/`, undefined);
  return (JSON.parse(answer.body) as { data: { attributes: { email: string } } }).data.attributes.email;
}
