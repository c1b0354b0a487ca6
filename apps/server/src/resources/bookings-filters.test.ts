/**
 * The booking list as the back office and the customer area call it (back-office §7: booking list
 * filters, Diary, Extras report, Payments diary; public-site §7: My bookings), on bookings written
 * straight into the database so that every date, state and payment is exact.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { bookings } from '../db/schema/index';
import { bookingSearch } from './bookings';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { api, createTestServer, firstError, many, type JsonDocument, type TestServer } from '../test/server';

const BOOKINGS = '/backend/api/v1/bookings/';
let server: TestServer;
let f: Fixtures;
let alice: string;

/** A statement with its $n parameters written in as text literals, for EXPLAIN. */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_match, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
let bob: string;
let sales: string;
let admin: string;
let aliceCustomerId: number;
let bobCustomerId: number;
/** Booking ids by code. */
const ids = new Map<string, number>();

const at = (local: string) => new Date(local); // every literal below carries its +11:00 (AEDT) offset
const codes = (body: JsonDocument) => many(body).map((booking) => String(booking.attributes.bookingCode));
const sorted = (list: string[]) => [...list].sort();

/** GET the list as `token` with these query parameters (values encoded, so '+' offsets survive). */
async function list(token: string | undefined, params: Record<string, string>) {
  const query = new URLSearchParams({ 'page[size]': '1000', ...params }).toString();
  return api(server.app, 'GET', `${BOOKINGS}?${query}`, token ? { token } : {});
}

async function listCodes(params: Record<string, string>, token = sales) {
  const response = await list(token, params);
  expect(response.status, JSON.stringify(response.body.errors)).toBe(200);
  return codes(response.body);
}

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  const db = server.handle.db;
  const a = await createUser(db, { email: 'alice@example.com' });
  const b = await createUser(db, { email: 'bob@example.com' });
  await createUser(db, { email: 'sales@example.com', roles: ['Sales'] });
  await createUser(db, { email: 'admin@example.com', roles: ['Admins'] });
  aliceCustomerId = a.customer.id;
  bobCustomerId = b.customer.id;
  alice = await login(server.app, 'alice@example.com');
  bob = await login(server.app, 'bob@example.com');
  sales = await login(server.app, 'sales@example.com');
  admin = await login(server.app, 'admin@example.com');

  const alicePerson = {
    customerId: aliceCustomerId,
    firstName: 'Alice',
    lastName: 'Nguyen',
    email: 'alice@example.com',
    phoneNumber: '0411 222 333',
  };
  const bobPerson = {
    customerId: bobCustomerId,
    firstName: 'Bob',
    lastName: 'Smith',
    email: 'bob.smith@example.com',
    phoneNumber: '0499 888 777',
    business: 'Acme Plumbing',
  };
  const rows = [
    // Parked now (the test clock: 2026-11-21 09:00 Hobart): dropped off, not yet collected.
    {
      bookingCode: 'PARKED22',
      ...alicePerson,
      rego: 'PRK001',
      startDatetime: at('2026-11-19T08:00:00+11:00'),
      endDatetime: at('2026-11-23T18:00:00+11:00'),
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      amountPaid: '25.00',
      paymentDatetime: at('2026-11-18T10:00:00+11:00'),
      created: at('2026-11-01T10:00:00+11:00'),
    },
    // Parked now with no pick-up date.
    {
      bookingCode: 'OPENEND2',
      ...bobPerson,
      rego: 'OPN002',
      startDatetime: at('2026-11-20T08:00:00+11:00'),
      endDatetime: null,
      created: at('2026-11-02T10:00:00+11:00'),
    },
    // In the future, with an extra.
    {
      bookingCode: 'FUTURE23',
      ...alicePerson,
      rego: 'FUT003',
      startDatetime: at('2026-11-25T06:00:00+11:00'),
      endDatetime: at('2026-11-28T20:00:00+11:00'),
      extrasCost: '30.00',
      created: at('2026-11-03T10:00:00+11:00'),
    },
    // Over: collected before now; refunded.
    {
      bookingCode: 'PASTPP24',
      ...bobPerson,
      rego: 'PST004',
      startDatetime: at('2026-11-10T06:00:00+11:00'),
      endDatetime: at('2026-11-12T20:00:00+11:00'),
      paymentStatus: 'refunded',
      created: at('2026-11-04T10:00:00+11:00'),
    },
    // Spans now but pending: not on site.
    {
      bookingCode: 'PENDNG25',
      ...bobPerson,
      status: 'pending',
      rego: 'PND005',
      startDatetime: at('2026-11-20T06:00:00+11:00'),
      endDatetime: at('2026-11-22T20:00:00+11:00'),
      created: at('2026-11-05T10:00:00+11:00'),
    },
    // The diary day 2026-12-05 in Hobart: a drop-off at 00:30 (4 December in UTC) ...
    {
      bookingCode: 'DIARYA26',
      ...alicePerson,
      rego: 'DIA006',
      startDatetime: at('2026-12-05T00:30:00+11:00'),
      endDatetime: at('2026-12-07T10:00:00+11:00'),
      created: at('2026-11-06T10:00:00+11:00'),
    },
    // ... and a pick-up at 23:30 ...
    {
      bookingCode: 'DIARYB27',
      ...bobPerson,
      rego: 'DIA007',
      startDatetime: at('2026-12-02T10:00:00+11:00'),
      endDatetime: at('2026-12-05T23:30:00+11:00'),
      created: at('2026-11-07T10:00:00+11:00'),
    },
    // ... but not a drop-off at 00:30 on 6 December (still 5 December in UTC), nor a cancelled one.
    {
      bookingCode: 'DIARYC28',
      ...bobPerson,
      rego: 'DIA008',
      startDatetime: at('2026-12-06T00:30:00+11:00'),
      endDatetime: at('2026-12-08T10:00:00+11:00'),
      created: at('2026-11-08T10:00:00+11:00'),
    },
    {
      bookingCode: 'DIARYX29',
      ...bobPerson,
      status: 'cancelled',
      rego: 'DIA009',
      startDatetime: at('2026-12-05T09:00:00+11:00'),
      endDatetime: at('2026-12-06T10:00:00+11:00'),
      created: at('2026-11-09T10:00:00+11:00'),
    },
    // Payments late on 18 November and early on 19 November (18 November in UTC).
    {
      bookingCode: 'PAYLATE2',
      ...alicePerson,
      rego: 'PAY010',
      startDatetime: at('2026-12-20T06:00:00+11:00'),
      endDatetime: at('2026-12-21T06:00:00+11:00'),
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      amountPaid: '25.00',
      paymentDatetime: at('2026-11-18T23:30:00+11:00'),
      created: at('2026-11-10T10:00:00+11:00'),
    },
    {
      bookingCode: 'PAYNEXT2',
      ...bobPerson,
      rego: 'PAY011',
      startDatetime: at('2026-12-22T06:00:00+11:00'),
      endDatetime: at('2026-12-23T06:00:00+11:00'),
      paymentStatus: 'paid',
      paymentMethod: 'eftpos',
      amountPaid: '25.00',
      paymentDatetime: at('2026-11-19T00:30:00+11:00'),
      created: at('2026-11-11T10:00:00+11:00'),
    },
  ] as const;
  for (const row of rows) {
    const extras = row.bookingCode === 'FUTURE23' ? [{ extraId: f.wash.id, price: '30.00' }] : [];
    const booking = await insertBooking(
      db,
      { lotId: f.outdoor.id, airlineOutId: f.qantas.id, airlineInId: f.qantas.id, ...row },
      extras,
    );
    ids.set(row.bookingCode, booking.id);
  }
});
afterAll(() => server.close());

const ALL = [
  'PARKED22',
  'OPENEND2',
  'FUTURE23',
  'PASTPP24',
  'PENDNG25',
  'DIARYA26',
  'DIARYB27',
  'DIARYC28',
  'DIARYX29',
  'PAYLATE2',
  'PAYNEXT2',
];
const id = (code: string) => String(ids.get(code));

describe('booking list filters (back office)', () => {
  it('id and id__in', async () => {
    expect(await listCodes({ 'filter[id]': id('FUTURE23') })).toEqual(['FUTURE23']);
    expect(sorted(await listCodes({ 'filter[id__in]': `${id('PARKED22')},${id('PASTPP24')}` }))).toEqual([
      'PARKED22',
      'PASTPP24',
    ]);
    expect((await list(sales, { 'filter[id]': 'x' })).status).toBe(400);
  });

  it.each([
    ['full name', 'alice nguyen', ['PARKED22', 'FUTURE23', 'DIARYA26', 'PAYLATE2']],
    [
      'last name',
      'SMITH',
      ['OPENEND2', 'PASTPP24', 'PENDNG25', 'DIARYB27', 'DIARYC28', 'DIARYX29', 'PAYNEXT2'],
    ],
    [
      'email',
      'bob.smith@',
      ['OPENEND2', 'PASTPP24', 'PENDNG25', 'DIARYB27', 'DIARYC28', 'DIARYX29', 'PAYNEXT2'],
    ],
    ['phone', '0411 222', ['PARKED22', 'FUTURE23', 'DIARYA26', 'PAYLATE2']],
    [
      'business',
      'acme',
      ['OPENEND2', 'PASTPP24', 'PENDNG25', 'DIARYB27', 'DIARYC28', 'DIARYX29', 'PAYNEXT2'],
    ],
    ['rego', 'fut003', ['FUTURE23']],
    ['booking code', 'paylate', ['PAYLATE2']],
    ['a LIKE wildcard taken literally', '%', []],
    ['nothing across two fields (last name then email)', 'nguyen alice@', []],
    ['nothing across two fields, even with a line break typed in', 'nguyen\nalice@', []],
  ])('customer_details by %s', async (_what, text, expected) => {
    expect(sorted(await listCodes({ 'filter[customer_details]': text }))).toEqual(sorted(expected));
  });

  it('customer_details reads the trigram index (bookings_search_trgm_idx), not every booking', async () => {
    // The search's expression must be the index's (migration 0006); with sequential scans off the plan
    // shows whether the planner can use the index at all.
    const query = server.handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(bookingSearch('smith'))
      .toSQL();
    const db = server.handle.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await tx.execute(sql.raw(`EXPLAIN ${inline(query.sql, query.params)}`));
      return rowsOf<{ 'QUERY PLAN': string }>(rows)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('bookings_search_trgm_idx');
  });

  it('rego (exact) and rego__icontains', async () => {
    expect(await listCodes({ 'filter[rego]': 'PST004' })).toEqual(['PASTPP24']);
    expect(await listCodes({ 'filter[rego]': 'pst004' })).toEqual([]);
    expect(sorted(await listCodes({ 'filter[rego__icontains]': 'dia00' }))).toEqual([
      'DIARYA26',
      'DIARYB27',
      'DIARYC28',
      'DIARYX29',
    ]);
  });

  it('end_datetime__gte_or_isnull keeps open-ended bookings; start_datetime__lte', async () => {
    const fromNow = await listCodes({ 'filter[end_datetime__gte_or_isnull]': '2026-11-21T09:00:00+11:00' });
    expect(sorted(fromNow)).toEqual(sorted(ALL.filter((code) => code !== 'PASTPP24')));
    const startedBy = await listCodes({ 'filter[start_datetime__lte]': '2026-11-20T08:00:00+11:00' });
    expect(sorted(startedBy)).toEqual(['OPENEND2', 'PARKED22', 'PASTPP24', 'PENDNG25']);
    // Both, as the list filter bar sends them: stays overlapping a range.
    const overlapping = await listCodes({
      'filter[end_datetime__gte_or_isnull]': '2026-11-24T00:00:00+11:00',
      'filter[start_datetime__lte]': '2026-11-25T23:59:59.999+11:00',
    });
    expect(sorted(overlapping)).toEqual(['FUTURE23', 'OPENEND2']);
    expect((await list(sales, { 'filter[end_datetime__gte_or_isnull]': 'soon' })).status).toBe(400);
  });

  it('status and status__in, paymentStatus; unknown values are refused', async () => {
    expect(await listCodes({ 'filter[status]': 'pending' })).toEqual(['PENDNG25']);
    expect(sorted(await listCodes({ 'filter[status__in]': 'pending,cancelled' }))).toEqual([
      'DIARYX29',
      'PENDNG25',
    ]);
    expect(sorted(await listCodes({ 'filter[paymentStatus]': 'paid' }))).toEqual([
      'PARKED22',
      'PAYLATE2',
      'PAYNEXT2',
    ]);
    expect(await listCodes({ 'filter[paymentStatus]': 'refunded' })).toEqual(['PASTPP24']);
    expect(firstError((await list(sales, { 'filter[status]': 'done' })).body)).toMatchObject({
      status: '400',
      source: { parameter: 'filter[status]' },
    });
    expect((await list(sales, { 'filter[paymentStatus]': 'owing' })).status).toBe(400);
  });

  describe('currently_parked, relative to the server clock', () => {
    afterEach(() => {
      server.clock.current = new Date('2026-11-21T09:00:00+11:00');
    });

    it('true: complete, dropped off and not yet collected (or no pick-up date); false: the rest', async () => {
      expect(sorted(await listCodes({ 'filter[currently_parked]': 'true' }))).toEqual([
        'OPENEND2',
        'PARKED22',
      ]);
      const rest = await listCodes({ 'filter[currently_parked]': 'false' });
      expect(sorted(rest)).toEqual(sorted(ALL.filter((code) => code !== 'OPENEND2' && code !== 'PARKED22')));
      expect((await list(sales, { 'filter[currently_parked]': 'maybe' })).status).toBe(400);
    });

    it('moves with the clock', async () => {
      server.clock.current = new Date('2026-11-26T09:00:00+11:00');
      // Five days on, the morning's session has lapsed (72 hours idle): staff log in again.
      const later = await login(server.app, 'sales@example.com');
      expect(sorted(await listCodes({ 'filter[currently_parked]': 'true' }, later))).toEqual([
        'FUTURE23',
        'OPENEND2',
      ]);
    });
  });

  describe('diaryDate: drop-offs and pick-ups on a business date in Australia/Hobart', () => {
    it('counts 00:30 and 23:30 local time in the day, and 00:30 the next day out of it', async () => {
      expect(sorted(await listCodes({ 'filter[diaryDate]': '2026-12-05' }))).toEqual([
        'DIARYA26',
        'DIARYB27',
        'DIARYX29',
      ]);
      // 00:30 on 5 December in Hobart is 4 December in UTC: not a 4 December drop-off.
      expect(await listCodes({ 'filter[diaryDate]': '2026-12-04' })).toEqual([]);
      expect(sorted(await listCodes({ 'filter[diaryDate]': '2026-12-06' }))).toEqual([
        'DIARYC28',
        'DIARYX29',
      ]);
    });

    it('the Diary call: complete only, with airlines and lot included, page size 1000', async () => {
      const response = await list(sales, {
        'filter[diaryDate]': '2026-12-05',
        'filter[status]': 'complete',
        include: 'airlineOut,airlineIn,lot',
        sort: 'startDatetime',
      });
      expect(response.status).toBe(200);
      expect(codes(response.body)).toEqual(['DIARYB27', 'DIARYA26']);
      const included = response.body.included ?? [];
      expect(included.map((resource) => `${resource.type}:${resource.id}`).sort()).toEqual(
        sorted([`airlines:${f.qantas.id}`, `lots:${f.outdoor.id}`]),
      );
      expect(response.body.meta?.pagination).toEqual({ count: 2, page: 1, pages: 1 });
    });

    it('start_diary_date and end_diary_date (the diary PDFs) split drop-offs from pick-ups', async () => {
      expect(sorted(await listCodes({ 'filter[start_diary_date]': '2026-12-05' }))).toEqual([
        'DIARYA26',
        'DIARYX29',
      ]);
      expect(await listCodes({ 'filter[end_diary_date]': '2026-12-05' })).toEqual(['DIARYB27']);
    });

    it('counts the 25-hour day daylight saving ends on (4 April 2027) whole', async () => {
      // 23:30 on 4 April 2027 is after the clocks went back (+10:00): 24.5 hours after that midnight.
      const row = await insertBooking(server.handle.db, {
        bookingCode: 'DSTEND31',
        lotId: f.outdoor.id,
        startDatetime: at('2027-04-04T23:30:00+10:00'),
        endDatetime: at('2027-04-06T10:00:00+10:00'),
      });
      try {
        expect(await listCodes({ 'filter[diaryDate]': '2027-04-04' })).toEqual(['DSTEND31']);
        expect(await listCodes({ 'filter[diaryDate]': '2027-04-05' })).toEqual([]);
      } finally {
        await server.handle.db.delete(bookings).where(eq(bookings.id, row.id));
      }
    });

    it('refuses a date that is not YYYY-MM-DD', async () => {
      for (const value of ['5/12/2026', '2026-02-30', '']) {
        const response = await list(sales, { 'filter[diaryDate]': value });
        expect(firstError(response.body)).toMatchObject({
          status: '400',
          source: { parameter: 'filter[diaryDate]' },
        });
      }
    });
  });

  it('extras true and false; the Extras report call', async () => {
    expect(await listCodes({ 'filter[extras]': 'true' })).toEqual(['FUTURE23']);
    expect(sorted(await listCodes({ 'filter[extras]': 'false' }))).toEqual(
      sorted(ALL.filter((code) => code !== 'FUTURE23')),
    );
    expect((await list(sales, { 'filter[extras]': 'yes' })).status).toBe(400);
    // "extras not null", as the report words it.
    expect(await listCodes({ 'filter[extras__isnull]': 'false' })).toEqual(['FUTURE23']);
    expect((await listCodes({ 'filter[extras__isnull]': 'true' })).length).toBe(ALL.length - 1);
    const report = await list(sales, {
      'filter[extras__isnull]': 'false',
      'filter[end_datetime__gte]': '2026-11-01T00:00:00+11:00',
      'filter[end_datetime__lte]': '2026-11-30T23:59:59.999+11:00',
      'filter[status]': 'complete',
      sort: 'endDatetime',
      include: 'airlineOut,airlineIn,lot,extras',
    });
    expect(report.status).toBe(200);
    expect(codes(report.body)).toEqual(['FUTURE23']);
    expect(many(report.body)[0]?.attributes.extrasPrices).toEqual({ [String(f.wash.id)]: '30.00' });
    expect((report.body.included ?? []).map((resource) => resource.type).sort()).toEqual([
      'airlines',
      'extras',
      'lots',
    ]);
  });

  it('payment_datetime__gte/__lte: the Payments diary of a business day, in payment order', async () => {
    const day = await listCodes({
      'filter[payment_datetime__gte]': '2026-11-18T00:00:00+11:00',
      'filter[payment_datetime__lte]': '2026-11-18T23:59:59.999+11:00',
      sort: 'paymentDatetime',
    });
    expect(day).toEqual(['PARKED22', 'PAYLATE2']);
    expect(await listCodes({ 'filter[payment_datetime__gte]': '2026-11-19T00:00:00+11:00' })).toEqual([
      'PAYNEXT2',
    ]);
    expect((await listCodes({ 'filter[payment_datetime__isnull]': 'true' })).length).toBe(ALL.length - 3);
  });

  it('sorts: -created (the default), startDatetime, endDatetime, paymentDatetime', async () => {
    const newestFirst = [...ALL].reverse();
    expect(await listCodes({})).toEqual(newestFirst);
    expect(await listCodes({ sort: '-created' })).toEqual(newestFirst);
    const byStart = await listCodes({ sort: 'startDatetime' });
    expect(byStart.slice(0, 4)).toEqual(['PASTPP24', 'PARKED22', 'PENDNG25', 'OPENEND2']);
    expect(byStart.at(-1)).toBe('PAYNEXT2');
    const byEnd = await listCodes({ sort: 'endDatetime' });
    expect(byEnd[0]).toBe('PASTPP24');
    expect(byEnd.at(-1)).toBe('OPENEND2'); // no pick-up date sorts last, as PostgreSQL orders NULL
    expect((await listCodes({ sort: '-endDatetime' }))[0]).toBe('OPENEND2');
    const byPayment = await listCodes({ sort: 'paymentDatetime', 'filter[paymentStatus]': 'paid' });
    expect(byPayment).toEqual(['PARKED22', 'PAYLATE2', 'PAYNEXT2']);
    expect((await list(sales, { sort: 'rego' })).status).toBe(400);
  });

  it('pages: page size up to 10000 (the "all" choice), meta.pagination counts', async () => {
    const page = await list(sales, { 'page[size]': '2', 'page[number]': '2' });
    expect(page.body.meta?.pagination).toEqual({
      count: ALL.length,
      page: 2,
      pages: Math.ceil(ALL.length / 2),
    });
    expect(codes(page.body)).toEqual([...ALL].reverse().slice(2, 4));
    expect((await list(sales, { 'page[size]': '1000' })).status).toBe(200);
    expect((await list(sales, { 'page[size]': '10000' })).status).toBe(200);
    expect((await list(sales, { 'page[size]': '10001' })).status).toBe(400);
  });

  it('include=lot,extras,airlineOut,customer', async () => {
    const response = await list(sales, {
      'filter[id]': id('FUTURE23'),
      include: 'lot,extras,airlineOut,customer',
    });
    expect(response.status).toBe(200);
    const included = (response.body.included ?? [])
      .map((resource) => `${resource.type}:${resource.id}`)
      .sort();
    expect(included).toEqual(
      sorted([
        `lots:${f.outdoor.id}`,
        `extras:${f.wash.id}`,
        `airlines:${f.qantas.id}`,
        `customers:${aliceCustomerId}`,
      ]),
    );
    expect((await list(sales, { include: 'nope' })).status).toBe(400);
  });
});

describe('booking list access', () => {
  it('a customer lists only their own bookings, whatever the filter (My bookings)', async () => {
    const own = ['PARKED22', 'FUTURE23', 'DIARYA26', 'PAYLATE2'];
    expect(sorted(await listCodes({}, alice))).toEqual(sorted(own));
    expect(
      sorted(
        await listCodes(
          {
            'filter[customer]': String(aliceCustomerId),
            include: 'airlineOut,airlineIn,extras,lot,vehicleType',
          },
          alice,
        ),
      ),
    ).toEqual(sorted(own));
    expect(await listCodes({ 'filter[customer]': String(bobCustomerId) }, alice)).toEqual([]);
    expect(await listCodes({ 'filter[customer_details]': 'smith' }, alice)).toEqual([]);
    expect(sorted(await listCodes({}, bob))).toEqual(sorted(ALL.filter((code) => !own.includes(code))));
  });

  it('staff (Sales) see every booking', async () => {
    const response = await list(sales, {});
    expect(response.body.meta?.pagination?.count).toBe(ALL.length);
  });

  it('an anonymous caller may not list bookings (401)', async () => {
    const response = await list(undefined, {});
    expect(response.status).toBe(401);
    expect(firstError(response.body)?.status).toBe('401');
  });

  it("a customer may not change their booking (403); another customer's is not found", async () => {
    const bookingId = id('FUTURE23');
    const body = { data: { type: 'bookings', id: bookingId, attributes: { publicNotes: 'x' } } };
    expect((await api(server.app, 'PATCH', `${BOOKINGS}${bookingId}/`, { token: alice, body })).status).toBe(
      403,
    );
    expect((await api(server.app, 'GET', `${BOOKINGS}${bookingId}/`, { token: bob })).status).toBe(404);
  });

  it('Sales may not delete a booking (403); Admins may (204)', async () => {
    const row = await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2027-02-01T06:00:00+11:00'),
    });
    expect((await api(server.app, 'DELETE', `${BOOKINGS}${row.id}/`, { token: sales })).status).toBe(403);
    expect((await api(server.app, 'DELETE', `${BOOKINGS}${row.id}/`, { token: alice })).status).toBe(403);
    expect((await api(server.app, 'DELETE', `${BOOKINGS}${row.id}/`, { token: admin })).status).toBe(204);
    expect((await api(server.app, 'GET', `${BOOKINGS}${row.id}/`, { token: admin })).status).toBe(404);
  });
});
