/**
 * The printable reports (back-office §7 "Plain GETs opened in tabs"): currently parked cars and total
 * income owed, as PDFs, on generated bookings; what each must list worked out in plain TypeScript.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { bookings, lotRegions } from '../db/schema/index';
import { incomeOwedFields } from './income-owed';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { inline } from '../test/booking-list';
import { signInRoles } from '../test/catalogue-factories';
import { PASSWORD } from '../test/factories';
import { generateReportBookings, type GeneratedBooking } from '../test/report-data';
import { api, createTestServer, doc, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let admin: string;
let sales: string;
let customer: string;
let data: GeneratedBooking[];
const regionNames = new Map<number, string>();

/** The text a PDF shows, one line per text operation: the test server writes uncompressed content streams. */
function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '').join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines;
}

const pageCount = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/Type \/Page(?!s)/g)].length;

/** Each page's text as poppler's pdftotext reads it (an independent reader of the file). */
function pagesText(pdf: Buffer): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'report-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

async function get(url: string, options: { token?: string; cookies?: Record<string, string> } = {}) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    cookies: options.cookies,
  });
  return { status: response.statusCode, headers: response.headers, pdf: response.rawPayload };
}

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const dollars = (cents: number) => aud.format(cents / 100);
const NOW = new Date('2026-11-21T09:00:00+11:00'); // the test server's clock
const codesIn = (lines: string[]) => lines.filter((line) => /^R[A-Z0-9]{7}$/.test(line));

/** Complete, dropped off, not yet collected at the clock's now (open-ended stays included). */
const parkedNow = (booking: GeneratedBooking) =>
  booking.status === 'complete' &&
  booking.start.getTime() <= NOW.getTime() &&
  (booking.end === null || booking.end.getTime() >= NOW.getTime());

/** Where the cars stand: region name, then row, then who leaves first; cars not checked in last. */
function yardOrder(a: GeneratedBooking, b: GeneratedBooking): number {
  const ra = a.lotRegionId === null ? '\uffff' : (regionNames.get(a.lotRegionId) ?? '');
  const rb = b.lotRegionId === null ? '\uffff' : (regionNames.get(b.lotRegionId) ?? '');
  if (ra !== rb) return ra < rb ? -1 : 1;
  const rows = (a.lotRegionRow ?? 1e9) - (b.lotRegionRow ?? 1e9);
  const ends = (a.end?.getTime() ?? 1e15) - (b.end?.getTime() ?? 1e15);
  return rows || ends || (a.rego < b.rego ? -1 : 1);
}

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  f = await bookingFixtures(db);
  const regions = await db
    .insert(lotRegions)
    .values([
      { lotId: f.indoor.id, name: 'Level 1', rows: 4 },
      { lotId: f.outdoor.id, name: 'Bay A', rows: 6 },
      { lotId: f.outdoor.id, name: 'Bay B', rows: 6 },
    ])
    .returning();
  for (const region of regions) regionNames.set(region.id, region.name);
  const regionsOf = (lotId: number) =>
    regions
      .filter((region) => region.lotId === lotId)
      .map((region) => ({ id: region.id, rows: region.rows }));
  ({ admin, sales, customer } = await signInRoles(server));
  data = await generateReportBookings(db, {
    seed: 7,
    count: 600,
    from: new Date('2026-10-20T00:00:00+11:00'),
    days: 45,
    lots: [
      { id: f.indoor.id, share: 0.3, regions: regionsOf(f.indoor.id) },
      { id: f.outdoor.id, share: 0.7, regions: regionsOf(f.outdoor.id) },
    ],
    extraIds: [f.wash.id],
    midnights: [new Date('2026-11-21T00:00:00+11:00'), new Date('2026-11-22T00:00:00+11:00')],
  });
});
afterAll(() => server.close());

describe('GET bookings/currently-parked/', () => {
  const url = `${API}/bookings/currently-parked/`;

  it('lists every car on site now, lot by lot in yard order, with counts per lot and in all', async () => {
    const response = await get(url, { token: sales });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="currently-parked-cars.pdf"');
    const lines = pdfLines(response.pdf);
    const text = lines.join('\n');
    const indoor = data
      .filter((booking) => parkedNow(booking) && booking.lotId === f.indoor.id)
      .sort(yardOrder);
    const outdoor = data
      .filter((booking) => parkedNow(booking) && booking.lotId === f.outdoor.id)
      .sort(yardOrder);
    expect(outdoor.length).toBeGreaterThan(30);
    for (const expected of [
      'SkyPark Airport Parking',
      'CURRENTLY PARKED CARS',
      'As at Sat 21/11/2026, 9:00 am',
      `Indoor: ${indoor.length} cars`,
      `Outdoor: ${outdoor.length} cars`,
    ]) {
      expect(text).toContain(expected);
    }
    const summary = lines.indexOf('Cars parked in all');
    expect(lines[summary + 1]).toBe(`${indoor.length + outdoor.length} cars`);
    // Every car once, in order; nothing else.
    expect(codesIn(lines)).toEqual([...indoor, ...outdoor].map((booking) => booking.bookingCode));
    const car = outdoor.find((booking) => booking.lotRegionId !== null && booking.end !== null);
    if (!car) throw new Error('no checked-in car');
    const at = lines.indexOf(car.bookingCode);
    // Region, row, rego, vehicle, customer, phone, pick-up, booking: one line of cells.
    expect(lines.slice(at - 7, at + 1)).toEqual([
      regionNames.get(car.lotRegionId ?? 0),
      String(car.lotRegionRow),
      car.rego,
      'Toyota Yaris, Red',
      `${car.firstName} ${car.lastName}`,
      car.phoneNumber,
      expect.stringMatching(/^(Sat|Sun|Mon|Tue|Wed|Thu|Fri) \d{1,2}\/\d{2}\/2026, \d{1,2}:\d{2} (am|pm)$/),
      car.bookingCode,
    ]);
    expect(text).toContain('Not checked in');
  });

  it('runs over pages with the lot’s heading and the column headings repeated, every page numbered', async () => {
    const { pdf } = await get(url, { token: admin });
    const pages = pagesText(pdf);
    expect(pages.length).toBe(pageCount(pdf));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toMatch(/REGION\s+ROW\s+REGO\s+VEHICLE\s+CUSTOMER\s+PHONE\s+PICK-UP\s+BOOKING/);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(pages[1]).toContain('Currently parked cars (continued)');
    expect(pages.slice(1).join('\n')).toMatch(/(Indoor|Outdoor) \(continued\)/);
  });

  it('narrows by the bookings list’s filters', async () => {
    const lines = pdfLines((await get(`${url}?filter[lot]=${f.indoor.id}`, { token: sales })).pdf);
    const indoor = data
      .filter((booking) => parkedNow(booking) && booking.lotId === f.indoor.id)
      .sort(yardOrder);
    expect(codesIn(lines)).toEqual(indoor.map((booking) => booking.bookingCode));
    // The other lot is still counted, at none.
    expect(lines[lines.indexOf('Outdoor') + 1]).toBe('0 cars');
  });

  it('is authorised by the session cookie alone (opened in a new tab)', async () => {
    const session = await api(server.app, 'POST', `${API}/sessions/`, {
      body: doc('sessions', { email: 'sales@example.com', password: PASSWORD }),
    });
    const cookies = Object.fromEntries(session.raw.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect((await get(url, { cookies })).status).toBe(200);
  });

  it('refuses visitors (401) and customers (403)', async () => {
    expect((await get(url)).status).toBe(401);
    expect((await get(url, { token: customer })).status).toBe(403);
  });
});

describe('GET bookings/income-owed/', () => {
  const url = `${API}/bookings/income-owed/`;
  const owing = (booking: GeneratedBooking) =>
    booking.status === 'complete' && booking.totalCents > booking.paidCents;
  /** By pick-up (open-ended last), then booking code. */
  const byPickUp = (a: GeneratedBooking, b: GeneratedBooking) =>
    (a.end?.getTime() ?? Infinity) - (b.end?.getTime() ?? Infinity) ||
    (a.bookingCode < b.bookingCode ? -1 : 1);

  it('lists every complete booking with a balance owing, by pick-up date, and the grand total', async () => {
    const response = await get(url, { token: sales });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="income-owed.pdf"');
    const lines = pdfLines(response.pdf);
    const rows = data.filter(owing).sort(byPickUp);
    expect(rows.length).toBeGreaterThan(100);
    expect(codesIn(lines)).toEqual(rows.map((booking) => booking.bookingCode));
    const total = rows.reduce((sum, booking) => sum + booking.totalCents - booking.paidCents, 0);
    expect(lines[lines.indexOf('Total income owed') + 1]).toBe(dollars(total));
    expect(lines[lines.indexOf('Bookings owing') + 1]).toBe(String(rows.length));
    const first = rows[0];
    if (!first?.end) throw new Error('no first row');
    const at = lines.indexOf(first.bookingCode);
    expect(lines.slice(at, at + 7)).toEqual([
      first.bookingCode,
      `${first.firstName} ${first.lastName}`,
      first.phoneNumber,
      expect.stringMatching(/^\d{1,2}\/\d{2}\/2026$/),
      dollars(first.totalCents),
      dollars(first.paidCents),
      dollars(first.totalCents - first.paidCents),
    ]);
    const pages = pagesText(response.pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toMatch(/BOOKING\s+CUSTOMER\s+PHONE\s+PICK-UP\s+TOTAL\s+PAID\s+OWING/);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it('narrows by the bookings list’s filters (pick-ups up to a date)', async () => {
    const until = '2026-11-10T00:00:00+11:00';
    const lines = pdfLines(
      (await get(`${url}?filter[end_datetime__lte]=${encodeURIComponent(until)}`, { token: admin })).pdf,
    );
    const rows = data
      .filter(
        (booking) =>
          owing(booking) && booking.end !== null && booking.end.getTime() <= new Date(until).getTime(),
      )
      .sort(byPickUp);
    expect(codesIn(lines)).toEqual(rows.map((booking) => booking.bookingCode));
    expect(lines[lines.indexOf('Total income owed') + 1]).toBe(
      dollars(rows.reduce((sum, booking) => sum + booking.totalCents - booking.paidCents, 0)),
    );
  });

  it('reads the owing bookings by an index-only scan in the report’s order (bookings_owing_idx)', async () => {
    // The statement of the route: the report's columns, the list's complete and owing filters, its sort
    // (pick-up, code, then id). With the other ways off, the plan shows whether the index answers it alone.
    const query = server.handle.db
      .select(incomeOwedFields)
      .from(bookings)
      .where(and(eq(bookings.status, 'complete'), gt(bookings.totalCost, bookings.amountPaid)))
      .orderBy(asc(bookings.endDatetime), asc(bookings.bookingCode), asc(bookings.id))
      .toSQL();
    // The generated bookings counted and their pages marked all-visible, as autovacuum would have.
    await server.handle.db.execute(sql`VACUUM ANALYZE bookings`);
    const plan = await server.handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      // A small table may still be cheaper to sort than to walk in order: the test asks whether the index can give the order.
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const rows = await tx.execute(sql.raw(`EXPLAIN ${inline(query.sql, query.params)}`));
      return rowsOf<{ 'QUERY PLAN': string }>(rows)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('Index Only Scan using bookings_owing_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('says so when nothing is owed', async () => {
    const lines = pdfLines(
      (await get(`${url}?filter[end_datetime__lte]=2020-01-01T00:00:00Z`, { token: admin })).pdf,
    );
    expect(lines).toContain('No complete booking has a balance owing.');
    expect(lines[lines.indexOf('Total income owed') + 1]).toBe('$0.00');
  });

  it('refuses visitors (401), customers (403) and a bad filter (400)', async () => {
    expect((await get(url)).status).toBe(401);
    expect((await get(url, { token: customer })).status).toBe(403);
    expect((await get(`${url}?filter[end_datetime__lte]=soon`, { token: admin })).status).toBe(400);
  });
});

describe('every cell printed whole', () => {
  // Issue 40: "M8DGCY…" could not be looked up. The widest code (eight Ws) and a long name, in both reports.
  const code = 'WWWWWWWW';
  const name = 'Wolfgang-Maximilian Montgomery-Fitzwilliams';

  /** The PDF's text pieces as one string: a cell's further lines follow it, broken at a space or hyphen. */
  const joined = (pdf: Buffer) => pdfLines(pdf).join(' ').replace(/- /g, '-');

  it('prints the widest booking code and a long name in full, in both reports, and cuts nothing', async () => {
    const car = data.find(
      (booking) =>
        parkedNow(booking) && booking.lotRegionId !== null && booking.totalCents > booking.paidCents,
    );
    if (!car) throw new Error('no parked car owing');
    await server.handle.db
      .update(bookings)
      .set({ bookingCode: code, firstName: 'Wolfgang-Maximilian', lastName: 'Montgomery-Fitzwilliams' })
      .where(eq(bookings.bookingCode, car.bookingCode));
    for (const url of [`${API}/bookings/currently-parked/`, `${API}/bookings/income-owed/`]) {
      const { pdf } = await get(url, { token: admin });
      expect(pdfLines(pdf), url).toContain(code);
      expect(joined(pdf), url).toContain(name);
      // An independent reader finds the same: no cell ends in an ellipsis.
      const text = pagesText(pdf).join('\n');
      expect(text, url).toContain(code);
      expect(text, url).not.toContain('…');
    }
  });
});
