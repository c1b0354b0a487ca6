/** CSV exports of the bookings and customers lists (back-office §7): who may, and that a file matches its list. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login, PASSWORD } from '../test/factories';
import { api, createTestServer, doc, many, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let customer: string;
let sales: string;

async function get(url: string, options: { token?: string; cookies?: Record<string, string> } = {}) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    cookies: options.cookies,
  });
  return response;
}

/** The file's rows as objects by header, without Excel's byte-order mark. */
const rowsOf = (body: string) => parse(body, { bom: true, columns: true }) as Array<Record<string, string>>;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  const db = server.handle.db;
  const owner = await createUser(db, { email: 'owner@example.com', firstName: 'Grace' });
  await createUser(db, { email: 'desk@example.com', roles: ['Sales'] });
  customer = await login(server.app, 'owner@example.com');
  sales = await login(server.app, 'desk@example.com');
  const start = new Date('2026-12-01T06:00:00+11:00');
  // Three cars with ABC in the rego, one without; one of them with a comma and quotes in the notes-like fields.
  await insertBooking(db, {
    lotId: f.outdoor.id,
    startDatetime: start,
    rego: 'ABC123',
    customerId: owner.customer.id,
    firstName: 'Grace',
    lastName: 'O’Brien, Jr',
    totalCost: '52.00',
  });
  await insertBooking(db, {
    lotId: f.indoor.id,
    startDatetime: start,
    rego: 'XABC99',
    business: 'Say "hi", Pty Ltd',
    totalCost: '70.00',
  });
  await insertBooking(db, { lotId: f.outdoor.id, startDatetime: start, rego: 'ABC777', status: 'cancelled' });
  await insertBooking(db, { lotId: f.outdoor.id, startDatetime: start, rego: 'ZZZ111' });
});
afterAll(() => server.close());

describe('GET bookings/export/', () => {
  const url = `${API}/bookings/export/?filter[rego__icontains]=abc&filter[status]=complete`;

  it('refuses visitors (401) and customers (403) with a JSON:API error', async () => {
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ errors: unknown[] }>().errors).toHaveLength(1);
    expect((await get(url, { token: customer })).statusCode).toBe(403);
  });

  it('asks for a filter, as the screen does', async () => {
    const response = await get(`${API}/bookings/export/`, { token: sales });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Array<{ detail: string }> }>().errors[0]?.detail).toBe(
      'Choose at least one filter before exporting.',
    );
  });

  it('answers the rows the list shows for the same filters, as a CSV file to download', async () => {
    const response = await get(url, { token: sales });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = rowsOf(response.body);
    const list = await api(
      server.app,
      'GET',
      `${API}/bookings/?filter[rego__icontains]=abc&filter[status]=complete&page[size]=100`,
      { token: sales },
    );
    expect(rows.map((row) => row.ID)).toEqual(many(list.body).map((booking) => booking.id));
    expect(rows.map((row) => row.Rego).sort()).toEqual(['ABC123', 'XABC99']);
    const grace = rows.find((row) => row.Rego === 'ABC123');
    // Commas, quotes and curly apostrophes survive the round trip.
    expect(grace).toMatchObject({
      'Last Name': 'O’Brien, Jr',
      Carpark: 'Outdoor',
      Total: '52.00',
      'Drop Off': '2026-12-01 06:00',
      Status: 'complete',
    });
    expect(rows.find((row) => row.Rego === 'XABC99')?.Business).toBe('Say "hi", Pty Ltd');
  });

  it('is authorised by the session cookie alone (opened in a new tab)', async () => {
    const session = await api(server.app, 'POST', `${API}/sessions/`, {
      body: doc('sessions', { email: 'desk@example.com', password: PASSWORD }),
    });
    const cookies = Object.fromEntries(session.raw.cookies.map((cookie) => [cookie.name, cookie.value]));
    const response = await get(url, { cookies });
    expect(response.statusCode).toBe(200);
    expect(rowsOf(response.body)).toHaveLength(2);
  });

  it('answers a bad filter with the list’s own parameter error', async () => {
    const response = await get(`${API}/bookings/export/?filter[status]=lost`, { token: sales });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET customers/export/', () => {
  it('answers the customers the search matches', async () => {
    const response = await get(`${API}/customers/export/?filter[search]=owner%40example`, { token: sales });
    expect(response.statusCode).toBe(200);
    const rows = rowsOf(response.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Email: 'owner@example.com',
      'First Name': 'Grace',
      'Permission Groups': 'Customers',
    });
  });

  it('refuses customers', async () => {
    expect((await get(`${API}/customers/export/?filter[search]=a`, { token: customer })).statusCode).toBe(
      403,
    );
  });
});
