/**
 * A partner's monthly statement (issue 42, item 5) for a partner that booked twice in November 2026 through the
 * partner API (the test clock's month), changed one booking and cancelled it: its figures as JSON, PDF and CSV;
 * Admins only, the PDF and CSV by the session cookie too. Marking a payment received: refused beyond what is owed,
 * for nothing, received after today; recorded once per submission, audited; the statement then shows it paid.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerStatementAttributes } from '@parking/domain/api-contract/partners';
import { partnerPaymentMessages } from '@parking/domain/partner-payments';
import { auditLogs, partnerPayments } from '../db/schema/index';
import { bookingFixtures } from '../test/booking-fixtures';
import { createUser, login, PASSWORD } from '../test/factories';
import { createPartner, partnerBookingBody } from '../test/partner-fixtures';
import { pdfText } from '../test/pdf-text';
import { api, createTestServer, doc, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let admin: string;
let sales: string;
let customer: string;
let partnerId: number;
let partnerName: string;
const codes: string[] = [];
let requests = 0;

const partnerCall = (key: string, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  api(server.app, method, `/partner/v1/bookings${path}`, {
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' ? { 'idempotency-key': `statement-${(requests += 1)}` } : {}),
    },
    ...(body ? { body } : {}),
  });

const statementUrl = (month = '2026-11', id: number | string = partnerId) =>
  `${API}/partners/${id}/statements/${month}/`;

async function statement(month = '2026-11'): Promise<PartnerStatementAttributes> {
  const answer = await api(server.app, 'GET', statementUrl(month), { token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as unknown as { attributes: PartnerStatementAttributes }).attributes;
}

async function file(url: string, auth: { token?: string; cookies?: Record<string, string> }) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: auth.token ? { authorization: `Token ${auth.token}` } : {},
    cookies: auth.cookies,
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

const payment = (attributes: Record<string, unknown>, id: number | string = partnerId) =>
  doc(
    'partner-payments',
    { month: '2026-11', receivedOn: '2026-11-21', reference: 'EFT 4471', ...attributes },
    { relationships: { partner: { data: { type: 'partners', id: String(id) } } } },
  );
const pay = (attributes: Record<string, unknown>, token = admin) =>
  api(server.app, 'POST', `${API}/partner-payments/`, { token, body: payment(attributes) });

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  await bookingFixtures(server.handle.db);
  const db = server.handle.db;
  await createUser(db, { email: 'statements-admin@example.com', roles: ['Admins'] });
  await createUser(db, { email: 'statements-sales@example.com', roles: ['Sales'] });
  const person = await createUser(db);
  admin = await login(server.app, 'statements-admin@example.com');
  sales = await login(server.app, 'statements-sales@example.com');
  customer = await login(server.app, person.user.email);
  const { partner, key } = await createPartner(db);
  partnerId = partner.id;
  partnerName = partner.name;
  // A traveller whose name a spreadsheet would run as a formula.
  const first = await partnerCall(key, 'POST', '', partnerBookingBody({ firstName: '=SUM(A1)' }));
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const second = await partnerCall(key, 'POST', '', partnerBookingBody({ email: 'grace@example.com' }));
  const code = (answer: typeof first) => String((answer.body.data as { id: string }).id);
  codes.push(code(first), code(second));
  // The second: two more days ($52 becomes $70), then cancelled well ahead (the $70 credited back).
  server.clock.advance(60_000);
  const amended = await partnerCall(key, 'PATCH', `/${codes[1]}`, {
    data: { type: 'bookings', attributes: { end: '2026-12-05T18:00:00+11:00' } },
  });
  expect(amended.status, JSON.stringify(amended.body)).toBe(200);
  server.clock.advance(60_000);
  expect((await partnerCall(key, 'DELETE', `/${codes[1]}`)).status).toBe(200);
});
afterAll(() => server.close());

describe("a partner's monthly statement", () => {
  it('lists its bookings, change and cancellation with gross, commission at 15%, net, paid and still owed', async () => {
    const attributes = await statement();
    expect(attributes).toMatchObject({
      partnerName,
      month: '2026-11',
      monthLabel: 'November 2026',
      commissionRate: '0.15',
      currency: 'AUD',
    });
    expect(
      attributes.lines.map((line) => [
        line.kind,
        line.bookingCode,
        line.gross,
        line.commission,
        line.net,
        line.paid,
        line.stillOwed,
      ]),
    ).toEqual([
      ['booking', codes[0], '52.00', '7.80', '44.20', '0.00', '44.20'],
      ['booking', codes[1], '52.00', '7.80', '44.20', '44.20', '0.00'],
      ['change', codes[1], '18.00', '2.70', '15.30', '15.30', '0.00'],
      ['cancellation', codes[1], '-70.00', '-10.50', '-59.50', '-59.50', '0.00'],
    ]);
    expect(attributes.lines[0]).toMatchObject({ traveller: '=SUM(A1) Lovelace', lot: 'Outdoor' });
    expect(attributes.totals).toEqual({
      gross: '52.00',
      commission: '7.80',
      net: '44.20',
      paid: '0.00',
      stillOwed: '44.20',
    });
    expect(attributes.sections.map((section) => [section.kind, section.count, section.totals.net])).toEqual([
      ['booking', 2, '88.40'],
      ['change', 1, '15.30'],
      ['cancellation', 1, '-59.50'],
    ]);
    expect(attributes.payments).toEqual([]);
  });

  it('is empty for a month with nothing in it', async () => {
    const october = await statement('2026-10');
    expect(october.lines).toEqual([]);
    expect(october.totals.stillOwed).toBe('0.00');
  });

  it('prints as a PDF with every section and the totals', async () => {
    const pdf = await file(`${statementUrl()}pdf/`, { token: admin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/statement-partner-\d+-2026-11\.pdf/);
    const text = pdfText(pdf.body);
    for (const expected of [
      'PARTNER STATEMENT',
      `${partnerName}: November 2026, as at 21/11/2026`,
      'Bookings',
      'Changes',
      'Cancellations',
      codes[0] ?? '',
      '=SUM(A1) Lovelace',
      '-$59.50',
      'Commission (15%)',
      'Still owed',
      '$44.20',
    ])
      expect(text).toContain(expected);
  });

  it('downloads as a CSV, its amounts plain numbers and its text safe from formulas', async () => {
    const csv = await file(`${statementUrl()}csv/`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toMatch(
      /attachment; filename="statement-partner-\d+-2026-11\.csv"/,
    );
    const rows = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toBe(
      'Date,Kind,Booking Code,Traveller,Lot,Drop Off,Pick Up,Gross,Commission,Net Owed,Paid,Still Owed',
    );
    expect(rows[1]).toContain(
      `2026-11-21 09:00,Booking,${codes[0]},'=SUM(A1) Lovelace,Outdoor,2026-12-01 08:00,2026-12-03 18:00,`,
    );
    expect(rows[1]).toMatch(/,52\.00,7\.80,44\.20,0\.00,44\.20$/);
    expect(rows[4]).toMatch(/^2026-11-21 09:02,Cancellation,.*,-70\.00,-10\.50,-59\.50,-59\.50,0\.00$/);
    expect(rows[5]).toBe(',Total,,,,,,52.00,7.80,44.20,0.00,44.20');
    expect(rows).toHaveLength(6);
  });

  it('opens in a new tab by the session cookie alone', async () => {
    const session = await api(server.app, 'POST', `${API}/sessions/`, {
      body: doc('sessions', { email: 'statements-admin@example.com', password: PASSWORD }),
    });
    const cookies = Object.fromEntries(session.raw.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect((await file(`${statementUrl()}pdf/`, { cookies })).status).toBe(200);
    expect((await file(`${statementUrl()}csv/`, { cookies })).status).toBe(200);
  });

  it('is refused to visitors (401), Sales and customers (403); an unknown partner or a bad month is answered so', async () => {
    for (const suffix of ['', 'pdf/', 'csv/']) {
      expect((await file(`${statementUrl()}${suffix}`, {})).status).toBe(401);
      expect((await file(`${statementUrl()}${suffix}`, { token: sales })).status).toBe(403);
      expect((await file(`${statementUrl()}${suffix}`, { token: customer })).status).toBe(403);
    }
    const unknown = await api(server.app, 'GET', statementUrl('2026-11', 99_999), { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.detail).toBe('Partner not found');
    const month = await api(server.app, 'GET', statementUrl('2026-13'), { token: admin });
    expect(month.status).toBe(400);
    expect(month.body.errors?.[0]).toMatchObject({
      detail: partnerPaymentMessages.month,
      source: { parameter: 'month' },
    });
  });
});

describe('marking a payment received', () => {
  const refusal = async (attributes: Record<string, unknown>) => {
    const answer = await pay({
      submissionKey: `refused-${JSON.stringify(attributes).length}`,
      ...attributes,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    const [error] = answer.body.errors ?? [];
    return [error?.source?.pointer, error?.detail];
  };

  it('refuses more than is owed, nothing, less than nothing, a date after today and a month that owes nothing', async () => {
    expect(await refusal({ amount: '50.00' })).toEqual([
      '/data/attributes/amount',
      'Only $44.20 is still owed for November 2026: enter that amount or less.',
    ]);
    expect(await refusal({ amount: '0' })).toEqual([
      '/data/attributes/amount',
      'Enter an amount above $0.00.',
    ]);
    expect(await refusal({ amount: '-5.00' })).toEqual([
      '/data/attributes/amount',
      'Enter an amount above $0.00.',
    ]);
    expect(await refusal({ amount: '10.00', receivedOn: '2026-11-22' })).toEqual([
      '/data/attributes/receivedOn',
      partnerPaymentMessages.receivedInFuture,
    ]);
    expect(await refusal({ amount: '10.00', month: '2026-10' })).toEqual([
      '/data/attributes/amount',
      'Nothing is owed for October 2026.',
    ]);
    expect(
      await server.handle.db.select().from(partnerPayments).where(eq(partnerPayments.partnerId, partnerId)),
    ).toEqual([]);
  });

  it('is refused to Sales and customers', async () => {
    expect((await pay({ amount: '10.00', submissionKey: 'sales-try' }, sales)).status).toBe(403);
    expect((await pay({ amount: '10.00', submissionKey: 'customer-try' }, customer)).status).toBe(403);
  });

  it('records a payment once however often it is sent, audited, and the statement shows it paid', async () => {
    const sent = await Promise.all([
      pay({ amount: '20', submissionKey: 'double-click-1' }),
      pay({ amount: '20', submissionKey: 'double-click-1' }),
    ]);
    expect(sent.map((answer) => answer.status)).toEqual([201, 201]);
    const again = await pay({ amount: '20', submissionKey: 'double-click-1' });
    const ids = [...sent, again].map((answer) => (answer.body.data as { id: string }).id);
    expect(new Set(ids).size).toBe(1);
    expect((again.body.data as { attributes: Record<string, unknown> }).attributes).toMatchObject({
      month: '2026-11',
      amount: '20.00',
      receivedOn: '2026-11-21',
      reference: 'EFT 4471',
    });
    const rows = await server.handle.db
      .select()
      .from(partnerPayments)
      .where(eq(partnerPayments.partnerId, partnerId));
    expect(rows).toHaveLength(1);
    const audit = await server.handle.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.resourceType, 'partner-payments'), eq(auditLogs.resourceId, String(rows[0]?.id))),
      );
    expect(audit.map((entry) => entry.action)).toEqual(['create']);
    expect(audit[0]?.changes).toMatchObject({ amount: { from: null, to: '20.00' } });

    const paid = await statement();
    expect(paid.totals).toMatchObject({ net: '44.20', paid: '20.00', stillOwed: '24.20' });
    expect(paid.lines[0]).toMatchObject({ paid: '20.00', stillOwed: '24.20' });
    expect(paid.payments).toEqual([
      expect.objectContaining({ amount: '20.00', receivedOn: '2026-11-21', reference: 'EFT 4471' }),
    ]);
    expect(await refusal({ amount: '24.21' })).toEqual([
      '/data/attributes/amount',
      'Only $24.20 is still owed for November 2026: enter that amount or less.',
    ]);

    // Two payments at once, each within what is owed, together beyond it: the partner's lock counts one after the
    // other, and the second is refused.
    const both = await Promise.all([
      pay({ amount: '20.00', submissionKey: 'at-once-1' }),
      pay({ amount: '20.00', submissionKey: 'at-once-2' }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(both.find((answer) => answer.status === 400)?.body.errors?.[0]?.detail).toBe(
      'Only $4.20 is still owed for November 2026: enter that amount or less.',
    );
    // The rest: nothing is owed any more, and a further payment is refused.
    expect((await pay({ amount: '4.20', submissionKey: 'the-rest-1' })).status).toBe(201);
    expect((await statement()).totals).toMatchObject({ paid: '44.20', stillOwed: '0.00' });
    expect(await refusal({ amount: '0.01' })).toEqual([
      '/data/attributes/amount',
      'Nothing is owed for November 2026.',
    ]);
    const csv = await file(`${statementUrl()}csv/`, { token: admin });
    expect(csv.body.toString('utf8').trim().split('\n').at(-1)).toBe(
      ',Total,,,,,,52.00,7.80,44.20,44.20,0.00',
    );
    const pdf = pdfText((await file(`${statementUrl()}pdf/`, { token: admin })).body);
    expect(pdf).toContain('Payments Received');
    expect(pdf).toContain('Reference EFT 4471');
  });

  it('is never changed or deleted', async () => {
    const [row] = await server.handle.db
      .select()
      .from(partnerPayments)
      .where(eq(partnerPayments.partnerId, partnerId));
    const url = `${API}/partner-payments/${row?.id}/`;
    expect(
      (
        await api(server.app, 'PATCH', url, {
          token: admin,
          body: doc('partner-payments', { amount: '1' }, { id: String(row?.id) }),
        })
      ).status,
    ).toBe(405);
    expect((await api(server.app, 'DELETE', url, { token: admin })).status).toBe(405);
  });
});
