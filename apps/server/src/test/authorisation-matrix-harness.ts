/**
 * The authorisation matrix's harness: one test server whose routes are recorded as it registers them, a
 * signed-in session for each caller, customer A's booking, vehicle and subscription, one row of every
 * settings table, and the target row of each resource type; `call` makes a request as a caller and
 * `check` notes every answer that breaks the table (authorisation-matrix-table.ts), for
 * `expectNoProblems` to report together. The tests are jsonapi/authorisation-matrix-*.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { rowsOf } from '../db/client';
import { enqueue, JOB_SCHEMA } from '../db/job-queue';
import {
  blockoutPeriods,
  bookings,
  busTrips,
  exceptionalDays,
  exceptionalRates,
  flights,
  lotRegions,
  partnerAllotments,
  partnerPayments,
  partnerStopSells,
  waitlistEntries,
} from '../db/schema/index';
import { seedContent } from '../seed/content';
import { createPartner } from './partner-fixtures';
import { bookingDoc, bookingFixtures } from './booking-fixtures';
import { tinyPng } from './images';
import { createUser, createVehicle, login } from './factories';
import { subscribe } from './pricing-fixtures';
import { createTestServer, JSONAPI, type TestServer } from './server';
import { API, CALLERS, RESOURCES, type Caller, type Expectation } from './authorisation-matrix-table';

/** The server, customer A's login email and A's booking: set by useMatrixServer. */
export const matrix = {} as {
  server: TestServer;
  emailA: string;
  bookingA: string;
  /** A content page and an uploaded content image's token (issue 25; its address, issue 38). */
  page: string;
  image: string;
  /** Two side-effect jobs given up on (Delivery problems): one to retry, one to discard. */
  failedJobs: [string, string];
  /** The matrix partner's own booking's code and another partner's (the partner API's bookings). */
  partnerBookings: [string, string];
  /** The other partner's id (no webhook): the back office's partner routes are tried on it. */
  partnerId: string;
};
export const routes: string[] = [];
export const tokens = new Map<Caller, string | undefined>();
export const targets = new Map<string, string>();

/** A partner's booking, as the partner API would have saved it: its code. */
async function partnerBooking(db: TestServer['handle']['db'], partnerId: number, lotId: number) {
  const code = `PB${randomUUID().slice(0, 6).toUpperCase()}`;
  await db.insert(bookings).values({
    bookingCode: code,
    status: 'complete',
    lotId,
    partnerId,
    startDatetime: new Date('2027-01-10T08:00:00+11:00'),
    endDatetime: new Date('2027-01-12T18:00:00+11:00'),
    created: new Date(),
  });
  return code;
}

/** A job the queue gave up on, as after its fifth failure. */
async function failedJob(server: TestServer): Promise<string> {
  const key = randomUUID();
  await enqueue(
    server.handle.db,
    { kind: 'mail', mail: { to: 'gone@example.com', subject: 'Lost', text: 'x', html: '<p>x</p>' } },
    key,
  );
  const result = await server.handle.db.execute(sql`
    UPDATE ${sql.raw(JOB_SCHEMA)}.job SET state = 'failed', completed_on = now()
    WHERE data->>'key' = ${key} RETURNING id::text AS id`);
  const [row] = rowsOf<{ id: string }>(result);
  if (!row) throw new Error('no failed job');
  return row.id;
}

async function firstId(type: string, token: string | undefined): Promise<string> {
  const { server } = matrix;
  const response = await server.app.inject({
    method: 'GET',
    url: `${API}/${type}/?page[size]=1`,
    headers: { authorization: `Token ${token}` },
  });
  const id = (response.json() as { data?: Array<{ id: string }> }).data?.[0]?.id;
  if (!id) throw new Error(`No ${type} to try: ${response.body}`);
  return id;
}

/** Starts the server and makes the callers and rows before the file's first test (closes it after its last). */
export function useMatrixServer() {
  beforeAll(async () => {
    const server = await createTestServer({
      onRoute: (route) => routes.push(`${[route.method].flat().join(',')} ${route.url}`),
    });
    matrix.server = server;
    const f = await bookingFixtures(server.handle.db);
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
    for (const caller of CALLERS.slice(1, -1))
      tokens.set(caller, await login(server.app, people[caller]?.user.email ?? ''));
    // A live partner (issue 42) calling with its API key, with an allotment and a stop-sell to try.
    const { partner, key } = await createPartner(db);
    tokens.set('partner', key);
    await db
      .insert(partnerAllotments)
      .values({ partnerId: partner.id, lotId: f.indoor.id, places: 5, releaseHours: 48 });
    await db
      .insert(partnerStopSells)
      .values({ partnerId: partner.id, lotId: f.outdoor.id, startDate: '2027-06-01', endDate: '2027-06-03' });
    // A payment received from it, to read (never changed: update and delete are not there).
    await db.insert(partnerPayments).values({
      partnerId: partner.id,
      month: '2026-10',
      amount: '10.00',
      receivedOn: '2026-11-02',
      reference: 'Matrix',
      submissionKey: 'matrix-payment',
    });
    const other = await createPartner(db);
    matrix.partnerBookings = [
      await partnerBooking(db, partner.id, f.outdoor.id),
      await partnerBooking(db, other.partner.id, f.outdoor.id),
    ];
    matrix.partnerId = String(other.partner.id);
    const emailA = a.user.email;
    matrix.emailA = emailA;

    const booked = await server.app.inject({
      method: 'POST',
      url: `${API}/bookings/`,
      headers: { 'content-type': JSONAPI, authorization: `Token ${tokens.get('customer A')}` },
      payload: JSON.stringify(bookingDoc(f, { attributes: { email: emailA } })),
    });
    if (booked.statusCode !== 201) throw new Error(`booking: ${booked.body}`);
    const bookingA = (booked.json() as { data: { id: string } }).data.id;
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
    const [day] = await db
      .insert(exceptionalDays)
      .values({ name: 'Show day', date: '2027-06-01' })
      .returning();
    if (day)
      await db.insert(exceptionalRates).values({ dayId: day.id, lotId: f.indoor.id, surcharge: '5.00' });
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
    // A traveller on a full day's waitlist (a row inserted: joining needs a full lot).
    await db.insert(waitlistEntries).values({
      nonce: 'matrix',
      email: 'waiting@example.com',
      lotId: f.indoor.id,
      startDate: '2027-06-01',
      endDate: '2027-06-02',
    });
    // A staff change, so that the audit trail has a row to try.
    await server.app.inject({
      method: 'POST',
      url: `${API}/vehicle-types/`,
      headers: { 'content-type': JSONAPI, authorization: `Token ${admin}` },
      payload: JSON.stringify({ data: { type: 'vehicle-types', attributes: { name: 'Matrix van' } } }),
    });
    // The demo content (pages with their first revisions, menus, options) and one uploaded image.
    await seedContent(db, server.clock.now());
    const uploaded = await server.app.inject({
      method: 'POST',
      url: `${API}/content-images/`,
      headers: { 'content-type': 'image/png', authorization: `Token ${admin}` },
      payload: await tinyPng(),
    });
    if (uploaded.statusCode !== 201) throw new Error(`image: ${uploaded.body}`);
    const { thumbnail } = (
      uploaded.json() as { data: { attributes: { sizes: Record<string, { url: string }> } } }
    ).data.attributes.sizes;
    matrix.image = /\/content-images\/([0-9a-f]{32})\//.exec(thumbnail?.url ?? '')?.[1] ?? '';
    if (!matrix.image) throw new Error(`image address: ${thumbnail?.url}`);
    matrix.page = await firstId('content-pages', admin);
    matrix.failedJobs = [await failedJob(server), await failedJob(server)];
    targets.set('users', String(a.user.id));
    targets.set('customers', String(a.customer.id));
    targets.set('vehicles', String(vehicle.id));
    matrix.bookingA = bookingA;
    targets.set('bookings', bookingA);
    targets.set('subscriptions', String(subscription?.id));
    for (const type of Object.keys(RESOURCES))
      if (!targets.has(type)) targets.set(type, await firstId(type, admin));
  });
  afterAll(() => matrix.server.close());
}

export interface Answer {
  status: number;
  body: string;
  type: string;
}

export async function call(
  caller: Caller,
  method: string,
  url: string,
  body: unknown,
  token = tokens.get(caller),
): Promise<Answer> {
  const headers: Record<string, string> = { accept: JSONAPI };
  // The partner sends its key as X-Api-Key: to the back office's API it is a visitor; the others' login token is
  // sent to the partner API too, which refuses it.
  if (token && caller === 'partner') headers['x-api-key'] = token;
  else if (token) headers.authorization = `Token ${token}`;
  if (body !== undefined) headers['content-type'] = JSONAPI;
  const response = await matrix.server.app.inject({
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
export function mismatch(
  what: string,
  expected: Expectation,
  caller: Caller,
  answer: Answer,
): string | undefined {
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
    // ...and so is it for the custody record, which manage my booking shows.
    // An unpublished content image is not admitted to exist, to a visitor either (issue 38): 404.
    const anonymousStatus =
      what.includes('/manage-bookings/') || /^GET \S*\/custody\/$/.test(what)
        ? 403
        : /^GET \S*\/content-images\/[0-9a-f]{32}\//.test(what)
          ? 404
          : 401;
    if (caller === 'anonymous' && !what.includes('made-up') && answer.status !== anonymousStatus)
      return `${label} (expected ${anonymousStatus})`;
    // Nothing but the error: no data, and nothing of customer A's.
    if (!answer.type.includes('json') || Object.keys(JSON.parse(answer.body) as object).join() !== 'errors')
      return `${label} (more than errors)`;
    if (answer.body.includes(matrix.emailA)) return `${label} (leaks A's email)`;
  }
  return undefined;
}

/** The problems found since the last expectNoProblems (a test may add its own). */
export const problems: string[] = [];
const publicAnswers = new Map<string, number>();
export function check(what: string, expected: Expectation, caller: Caller, answer: Answer) {
  const problem = mismatch(what, expected, caller, answer);
  if (problem) problems.push(problem);
}
export function expectNoProblems() {
  const found = problems.splice(0);
  expect(found).toEqual([]);
}
