import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, contentOptions } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login, PASSWORD } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let owner: string;
let stranger: string;
let sales: string;
let bookingId: string;
let bookingCode: string;

/** Pages in the document: page objects, not the page tree (/Pages). */
const pageCount = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/Type \/Page(?!s)/g)].length;

async function get(url: string, options: { token?: string; cookies?: Record<string, string> } = {}) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    cookies: options.cookies,
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    pdf: response.rawPayload,
    json: () => response.json<{ errors: Array<{ status: string; detail: string }> }>(),
  };
}

beforeAll(async () => {
  server = await createTestServer({ env: { BUSINESS_ABN: '51824753556' } });
  f = await bookingFixtures(server.handle.db);
  await createUser(server.handle.db, { email: 'owner@example.com', firstName: 'Grace' });
  await createUser(server.handle.db, { email: 'stranger@example.com' });
  await createUser(server.handle.db, { email: 'desk@example.com', roles: ['Sales'] });
  owner = await login(server.app, 'owner@example.com');
  stranger = await login(server.app, 'stranger@example.com');
  sales = await login(server.app, 'desk@example.com');
  // 3 days outdoor $52, WELCOME10 takes $5.20 off parking, an exterior wash for a sedan $30: $76.80.
  const created = await api(server.app, 'POST', `${API}/bookings/`, {
    token: owner,
    body: bookingDoc(f, {
      attributes: { promoCode: 'WELCOME10' },
      relationships: { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
    }),
  });
  expect(created.status).toBe(201);
  bookingId = one(created.body).id;
  bookingCode = String(one(created.body).attributes.bookingCode);
  await server.handle.db
    .update(bookings)
    .set({ publicNotes: 'Keys go in the drop box.', notes: 'Staff only: regular, upgrade if free.' })
    .where(eq(bookings.id, Number(bookingId)));
});
afterAll(() => server.close());

describe('GET bookings/{id}/invoice/', () => {
  it('answers the owner (Token) a PDF tax invoice to open inline', async () => {
    const response = await get(`${API}/bookings/${bookingId}/invoice/`, { token: owner });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="invoice-${bookingCode}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Chrome shows a PDF through a plugin, which the site-wide object-src 'none' would block.
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(response.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(response.pdf)).toBe(1);
  });

  it('shows the business, the booking, the charges with GST, payment and public notes, never the admin notes', async () => {
    const text = pdfText((await get(`${API}/bookings/${bookingId}/invoice/`, { token: owner })).pdf);
    for (const expected of [
      'SkyPark Airport Parking',
      'Phone 1300 975 707',
      'bookings@skypark.example',
      'TAX INVOICE',
      'ABN 51 824 753 556',
      '12 Holyman Avenue, Cambridge TAS 7170', // the address the site shows
      bookingCode,
      '21/11/2026', // issued today in Hobart
      'Ms Grace Hopper',
      'owner@example.com', // a customer's booking carries their account email
      '0400 123 456',
      'ABC123',
      'Toyota Corolla, White',
      'Outdoor',
      'Tue 1/12/2026, 6:00 am',
      'Thu 3/12/2026, 6:00 pm',
      'Qantas QF1502',
      'Qantas QF1511',
      '2 out, 2 in',
      '5:00 am',
      'Parking (3 days)',
      '$52.00',
      'Exterior wash',
      '$30.00',
      'Promo code WELCOME10',
      '10% off parking',
      '-$5.20',
      'Total (AUD)',
      '$76.80',
      'Includes GST of $6.98',
      'Amount paid',
      'Balance due',
      'Unpaid',
      'Keys go in the drop box.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Subscription discount');
    expect(text).not.toContain('Staff only');
  });

  it('prints the phone, address and email entered in Site details over the configured ones (issue 25)', async () => {
    const entered = { contact_phone: '03 6111 2222', address: '1 Dock Road, Hobart TAS 7000', email: '' };
    await server.handle.db
      .insert(contentOptions)
      .values(Object.entries(entered).map(([key, value]) => ({ key, value })));
    try {
      const text = pdfText((await get(`${API}/bookings/${bookingId}/invoice/`, { token: owner })).pdf);
      // A blank email is the configured one.
      for (const expected of [
        'Phone 03 6111 2222',
        '1 Dock Road',
        'Hobart TAS 7000',
        'bookings@skypark.example',
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('1300 975 707');
    } finally {
      await server.handle.db.delete(contentOptions);
    }
  });

  it('answers the owner by the session cookie alone (a new tab sends no Token header)', async () => {
    const session = await api(server.app, 'POST', `${API}/sessions/`, {
      body: doc('sessions', { email: 'owner@example.com', password: PASSWORD }),
    });
    const cookies = Object.fromEntries(session.raw.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(cookies.sessionid).toBeTruthy();
    const response = await get(`${API}/bookings/${bookingId}/invoice/`, { cookies });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(pdfText(response.pdf)).toContain(bookingCode);
  });

  it('answers staff', async () => {
    const response = await get(`${API}/bookings/${bookingId}/invoice/`, { token: sales });
    expect(response.status).toBe(200);
    expect(pdfText(response.pdf)).toContain('$76.80');
  });

  it('answers another customer 404, as if the booking did not exist', async () => {
    const response = await get(`${API}/bookings/${bookingId}/invoice/`, { token: stranger });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect(response.json().errors[0]).toMatchObject({ status: '404', detail: 'Booking not found' });
  });

  it('answers an anonymous caller 401 as a JSON:API error', async () => {
    const response = await get(`${API}/bookings/${bookingId}/invoice/`);
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect(response.json().errors[0]?.status).toBe('401');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(`${API}/bookings/99999999/invoice/`, { token: sales })).status).toBe(404);
    expect((await get(`${API}/bookings/abc/invoice/`, { token: sales })).status).toBe(404);
  });

  it('shows a subscription discount and a payment when there are', async () => {
    const row = await insertBooking(
      server.handle.db,
      {
        lotId: f.indoor.id,
        startDatetime: new Date('2026-12-10T07:00:00+11:00'),
        endDatetime: new Date('2026-12-10T21:00:00+11:00'),
        parkingCost: '35.00',
        subscriptionDiscount: '35.00',
        extrasCost: '120.00',
        totalCost: '120.00',
        amountPaid: '120.00',
        paymentStatus: 'paid',
        paymentMethod: 'eftpos',
        paymentDatetime: new Date('2026-11-20T23:15:00+11:00'),
      },
      [{ extraId: f.valet.id, price: '120.00' }],
    );
    const text = pdfText((await get(`${API}/bookings/${row.id}/invoice/`, { token: sales })).pdf);
    for (const expected of [
      'Parking (1 day)',
      'Indoor',
      'Subscription discount',
      '-$35.00',
      'Full valet',
      '$120.00',
      'Includes GST of $10.91',
      'Paid',
      'EFTPOS',
      'Fri 20/11/2026, 11:15 pm',
      '$0.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Promo code');
  });

  it('owes nothing on a cancelled, refunded booking, and calls a booking paid then changed to cost more part paid', async () => {
    const stay = {
      lotId: f.outdoor.id,
      startDatetime: new Date('2026-12-10T07:00:00+11:00'),
      endDatetime: new Date('2026-12-12T21:00:00+11:00'),
      parkingCost: '52.00',
      totalCost: '52.00',
    };
    const refunded = await insertBooking(server.handle.db, {
      ...stay,
      status: 'cancelled',
      amountPaid: '0.00',
      paymentStatus: 'refunded',
    });
    const cancelled = pdfText((await get(`${API}/bookings/${refunded.id}/invoice/`, { token: sales })).pdf);
    expect(cancelled).toMatch(/Balance due\s*\$0\.00/);
    expect(cancelled).not.toContain('$52.00 Balance');
    const changed = await insertBooking(server.handle.db, {
      ...stay,
      totalCost: '64.00',
      parkingCost: '64.00',
      amountPaid: '52.00',
      paymentStatus: 'unpaid',
    });
    const partPaid = pdfText((await get(`${API}/bookings/${changed.id}/invoice/`, { token: sales })).pdf);
    expect(partPaid).toContain('Part paid');
    expect(partPaid).not.toContain('Unpaid');
    expect(partPaid).toMatch(/Balance due\s*\$12\.00/);
  });
});

describe('names in other scripts', () => {
  it('prints Cyrillic, Greek and Vietnamese names as written, in an embedded Unicode font (Noto Sans)', async () => {
    const row = await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: new Date('2026-12-12T07:00:00+11:00'),
      firstName: 'Олена',
      lastName: 'Коваленко-Παπαδοπούλου',
      publicNotes: 'Collected by Nguyễn Văn Phương.',
      totalCost: '20.00',
    });
    const response = await get(`${API}/bookings/${row.id}/invoice/`, { token: sales });
    expect(response.status).toBe(200);
    const text = pdfText(response.pdf);
    expect(text).toContain('Олена Коваленко-Παπαδοπούλου');
    expect(text).toContain('Collected by Nguyễn Văn Phương.');
    // The font travels in the file (a subset of Noto Sans), rather than a reader's standard Helvetica.
    const raw = response.pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toContain('/BaseFont /Helvetica');
  });
});

describe('GET bookings/invoices/ (diary PDFs)', () => {
  const DAY = '2027-01-15';
  const codes: { dropOffs: string[]; pickUps: string[] } = { dropOffs: [], pickUps: [] };

  beforeAll(async () => {
    const db = server.handle.db;
    // Drop-offs on the day, the first at 00:30 local time (the evening before in UTC); one pending.
    for (const [time, code] of [
      ['00:30', 'DROPAAA2'],
      ['06:15', 'DROPBBB3'],
      ['23:30', 'DROPCCC4'],
    ] as const) {
      await insertBooking(db, {
        bookingCode: code,
        lotId: f.outdoor.id,
        startDatetime: new Date(`${DAY}T${time}:00+11:00`),
        endDatetime: new Date('2027-01-20T12:00:00+11:00'),
      });
      codes.dropOffs.push(code);
    }
    await insertBooking(db, {
      bookingCode: 'PENDDDD5',
      status: 'pending',
      lotId: f.outdoor.id,
      startDatetime: new Date(`${DAY}T08:00:00+11:00`),
    });
    // Pick-ups on the day.
    for (const [time, code] of [
      ['09:00', 'PICKEEE6'],
      ['17:45', 'PICKFFF7'],
    ] as const) {
      await insertBooking(db, {
        bookingCode: code,
        lotId: f.indoor.id,
        startDatetime: new Date('2027-01-10T06:00:00+11:00'),
        endDatetime: new Date(`${DAY}T${time}:00+11:00`),
      });
      codes.pickUps.push(code);
    }
    // The next business day, though the same UTC date as the day's evening.
    await insertBooking(db, {
      bookingCode: 'NEXTGGG8',
      lotId: f.outdoor.id,
      startDatetime: new Date('2027-01-16T00:30:00+11:00'),
    });
  });

  const url = (query: string) => `${API}/bookings/invoices/?${query}`;

  it("prints the day's complete drop-offs, one invoice a page, in time order", async () => {
    const response = await get(url(`filter[status]=complete&filter[start_diary_date]=${DAY}`), {
      token: sales,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="invoices-drop-offs-${DAY}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(pageCount(response.pdf)).toBe(3);
    const text = pdfText(response.pdf);
    const positions = codes.dropOffs.map((code) => text.indexOf(code));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('PENDDDD5');
    expect(text).not.toContain('NEXTGGG8');
  });

  it("prints the day's pick-ups", async () => {
    const response = await get(url(`filter[status]=complete&filter[end_diary_date]=${DAY}`), {
      token: sales,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(`inline; filename="invoices-pick-ups-${DAY}.pdf"`);
    expect(pageCount(response.pdf)).toBe(2);
    const text = pdfText(response.pdf);
    for (const code of codes.pickUps) expect(text).toContain(code);
  });

  it('takes the other booking list filters too', async () => {
    const response = await get(
      url(`filter[status]=complete&filter[start_diary_date]=${DAY}&filter[customer_details]=DROPBBB3`),
      { token: sales },
    );
    expect(pageCount(response.pdf)).toBe(1);
    expect(pdfText(response.pdf)).toContain('DROPBBB3');
  });

  it('prints one page saying so when no booking matches', async () => {
    const response = await get(url('filter[status]=complete&filter[start_diary_date]=2027-03-01'), {
      token: sales,
    });
    expect(response.status).toBe(200);
    expect(pageCount(response.pdf)).toBe(1);
    expect(pdfText(response.pdf)).toContain('No bookings to invoice');
  });

  it('is for staff only: 401 anonymous, 403 a customer (even by cookie)', async () => {
    expect((await get(url(`filter[start_diary_date]=${DAY}`))).status).toBe(401);
    expect((await get(url(`filter[start_diary_date]=${DAY}`), { token: owner })).status).toBe(403);
  });

  it('answers 400 without a diary date, with a bad date or an unknown filter', async () => {
    const missing = await get(url('filter[status]=complete'), { token: sales });
    expect(missing.status).toBe(400);
    expect(missing.json().errors[0]?.detail).toMatch(/start_diary_date/);
    expect((await get(url('filter[start_diary_date]=2027-02-30'), { token: sales })).status).toBe(400);
    expect((await get(url(`filter[start_diary_date]=${DAY}&filter[nope]=1`), { token: sales })).status).toBe(
      400,
    );
    expect(
      (await get(url(`filter[start_diary_date]=${DAY}&filter[status]=done`), { token: sales })).status,
    ).toBe(400);
  });

  it('is its own route: a booking id "invoices" is never looked up, and members still answer JSON', async () => {
    const member = await api(server.app, 'GET', `${API}/bookings/${bookingId}/`, { token: sales });
    expect(member.status).toBe(200);
    const unknown = await api(
      server.app,
      'GET',
      `${API}/bookings/invoices/?filter[start_diary_date]=${DAY}`,
      { token: stranger },
    );
    expect(firstError(unknown.body)?.status).toBe('403');
  });
});
