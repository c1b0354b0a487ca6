/**
 * The booking list tests (resources/bookings-filters-*.test.ts, bookings-list-access.test.ts): eleven
 * bookings written straight into the database so that every date, state and payment is exact, for two
 * customers (Alice and Bob), with them and two staff (Sales, Admins) signed in; and the list call.
 */
import { beforeAll, expect } from 'vitest';
import { insertBooking } from './booking-rows';
import { useBookingServer } from './booking-server';
import { createUser, login } from './factories';
import { api, many, type JsonDocument } from './server';

export const BOOKINGS = '/backend/api/v1/bookings/';

/** The seeded bookings' codes, in the order they were created. */
export const ALL = [
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

export const at = (local: string) => new Date(local); // every literal carries its +11:00 (AEDT) offset
export const codes = (body: JsonDocument) =>
  many(body).map((booking) => String(booking.attributes.bookingCode));
export const sorted = (list: string[]) => [...list].sort();

/** A statement with its $n parameters written in as text literals, for EXPLAIN. */
export const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_match, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);

/** The seeded bookings of Alice's and Bob's customer records, as insertBooking takes them. */
function seededRows(aliceCustomerId: number, bobCustomerId: number) {
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
  return [
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
}

export function useBookingList() {
  const { server, f } = useBookingServer();
  /** Filled in before the first test. */
  const tokens = { alice: '', bob: '', sales: '', admin: '' };
  const customerIds = { alice: 0, bob: 0 };
  /** Booking ids by code. */
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const db = server.handle.db;
    const a = await createUser(db, { email: 'alice@example.com' });
    const b = await createUser(db, { email: 'bob@example.com' });
    await createUser(db, { email: 'sales@example.com', roles: ['Sales'] });
    await createUser(db, { email: 'admin@example.com', roles: ['Admins'] });
    customerIds.alice = a.customer.id;
    customerIds.bob = b.customer.id;
    tokens.alice = await login(server.app, 'alice@example.com');
    tokens.bob = await login(server.app, 'bob@example.com');
    tokens.sales = await login(server.app, 'sales@example.com');
    tokens.admin = await login(server.app, 'admin@example.com');
    for (const row of seededRows(customerIds.alice, customerIds.bob)) {
      const extras = row.bookingCode === 'FUTURE23' ? [{ extraId: f.wash.id, price: '30.00' }] : [];
      const booking = await insertBooking(
        db,
        { lotId: f.outdoor.id, airlineOutId: f.qantas.id, airlineInId: f.qantas.id, ...row },
        extras,
      );
      ids.set(row.bookingCode, booking.id);
    }
  });

  const id = (code: string) => String(ids.get(code));

  /** GET the list as `token` with these query parameters (values encoded, so '+' offsets survive). */
  async function list(token: string | undefined, params: Record<string, string>) {
    const query = new URLSearchParams({ 'page[size]': '1000', ...params }).toString();
    return api(server.app, 'GET', `${BOOKINGS}?${query}`, token ? { token } : {});
  }

  async function listCodes(params: Record<string, string>, token = tokens.sales) {
    const response = await list(token, params);
    expect(response.status, JSON.stringify(response.body.errors)).toBe(200);
    return codes(response.body);
  }

  return { server, f, tokens, customerIds, id, list, listCodes };
}
