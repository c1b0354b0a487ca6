/**
 * GET bookings/search/?q= (the back office's one-step search and Scan): staff only; finds a booking by its
 * exact code, its exact rego, a name, an email and a phone number as bare digits; the stays near today
 * first; 400 for no text or too much.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLots, createUser, login } from '../test/factories';
import { insertBooking } from '../test/booking-rows';
import { api, createTestServer, type JsonResource, type TestServer } from '../test/server';

const URL = '/backend/api/v1/bookings/search/';
let server: TestServer;
let admin: string;
let sales: string;
let customer: string;
let employee: string;
let lotId: number;
const day = 86_400_000;

const search = async (q: string, token = admin) => {
  const response = await api(server.app, 'GET', `${URL}?q=${encodeURIComponent(q)}`, { token });
  return { ...response, found: (response.body.data ?? []) as JsonResource[] };
};
const codes = (found: JsonResource[]) => found.map((row) => row.attributes.bookingCode);

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  const [lot] = await createLots(db);
  if (!lot) throw new Error('lots');
  lotId = lot.id;
  for (const [email, roles] of [
    ['search-admin@example.com', ['Admins']],
    ['search-sales@example.com', ['Sales']],
    ['search-customer@example.com', ['Customers']],
    ['search-employee@example.com', ['Employees']],
  ] as const)
    await createUser(db, { email, roles: [...roles] });
  admin = await login(server.app, 'search-admin@example.com');
  sales = await login(server.app, 'search-sales@example.com');
  customer = await login(server.app, 'search-customer@example.com');
  employee = await login(server.app, 'search-employee@example.com');
  const now = server.clock.now().getTime();
  const booking = (code: string, values: Record<string, string>, offsetDays: number) =>
    insertBooking(db, {
      lotId,
      bookingCode: code,
      startDatetime: new Date(now + offsetDays * day),
      ...values,
    });
  await booking('SRCH2345', { firstName: 'Jane', lastName: 'Citizen', rego: 'ABC123' }, 2);
  await booking('SRCH2346', { firstName: 'Jane', lastName: 'Citizen', rego: 'ABC123' }, -400);
  await booking('SRCH2347', { firstName: 'Omar', lastName: 'Haddad', phoneNumber: '0411 222 333' }, 1);
  await booking('SRCH2348', { firstName: 'Mia', lastName: 'Nguyen', email: 'mia.nguyen@example.net' }, 30);
  // Many other Citizens far from today: the one this week still comes first.
  for (let index = 0; index < 12; index += 1)
    await booking(`SRCHC${'ABCDEFGHJKMN'[index]}23`, { firstName: 'Sam', lastName: 'Citizen' }, 200 + index);
});

afterAll(async () => {
  await server.close();
});

describe('GET bookings/search/', () => {
  it('refuses anonymous callers, customers and Employees', async () => {
    expect((await api(server.app, 'GET', `${URL}?q=Citizen`)).status).toBe(401);
    for (const token of [customer, employee]) {
      const refused = await search('Citizen', token);
      expect(refused.status).toBe(403);
      expect(refused.body.data).toBeUndefined();
    }
  });

  it('finds a booking by its exact code, in any case, first', async () => {
    const { status, found } = await search('srch 2345');
    expect(status).toBe(200);
    expect(found[0]?.attributes).toMatchObject({
      bookingCode: 'SRCH2345',
      match: 'code',
      firstName: 'Jane',
      lastName: 'Citizen',
      rego: 'ABC123',
      lot: expect.any(String),
    });
    expect(found[0]?.type).toBe('booking-search-results');
  });

  it('finds bookings by rego, the latest stay first, for Sales too', async () => {
    const { found } = await search('abc 123', sales);
    expect(codes(found).slice(0, 2)).toEqual(['SRCH2345', 'SRCH2346']);
    expect(found[0]?.attributes.match).toBe('rego');
  });

  it('finds by name with the stay nearest today first, at most eight', async () => {
    const { found } = await search('citizen');
    expect(found).toHaveLength(8);
    expect(codes(found)[0]).toBe('SRCH2345');
    expect(await search('Jane Citizen').then((answer) => codes(answer.found))).toEqual([
      'SRCH2345',
      'SRCH2346',
    ]);
  });

  it('finds by email and by a phone number typed as bare digits', async () => {
    expect(codes((await search('mia.nguyen@')).found)).toEqual(['SRCH2348']);
    expect(codes((await search('0411222333')).found)).toEqual(['SRCH2347']);
    expect(codes((await search('0411 222')).found)).toEqual(['SRCH2347']);
  });

  it('answers nothing found as an empty list, and 400 for no text or too much', async () => {
    const none = await search('Zzyzx');
    expect(none.status).toBe(200);
    expect(none.found).toEqual([]);
    const empty = await search('  ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]).toMatchObject({
      detail: 'This field is required.',
      source: { parameter: 'q' },
    });
    const long = await search('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.detail).toBe('Type at most 100 characters.');
    // LIKE's wildcards are taken literally.
    expect((await search('%%%')).found).toEqual([]);
  });
});
