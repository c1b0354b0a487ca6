/**
 * The report resources and the KPI summary CSV (back-office §2 "Reports", §3 "Report data", §7) on a
 * generated data set: four hundred bookings of every status over three months in both lots, across the
 * daylight-saving change, each figure checked against what plain TypeScript works out from the rows.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { reportMessages } from '@parking/domain/report-period';
import { extras, lots } from '../db/schema/index';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { signInRoles } from '../test/catalogue-factories';
import { PASSWORD } from '../test/factories';
import { generateReportBookings, type GeneratedBooking } from '../test/report-data';
import * as expected from '../test/report-expectations';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let admin: string;
let sales: string;
let customer: string;
let data: GeneratedBooking[];
let lotRows: Array<{ id: number; name: string; slug: string; spaces: number }>;
let extraRows: Array<{ id: number; name: string }>;

/** 1 September to 15 November 2026 in Hobart: winter time, then summer time from 4 October. */
const RANGE = { startDatetime: '2026-09-01T00:00:00+10:00', endDatetime: '2026-11-15T23:59:59+11:00' };
const START = '2026-09-01';
const END = '2026-11-15';

/** As the admin unless told otherwise; null: as a visitor. */
const post = (type: string, attributes: Record<string, unknown>, token: string | null = admin) =>
  api(server.app, 'POST', `${API}/${type}/`, { body: doc(type, attributes), ...(token ? { token } : {}) });

async function report(type: string, attributes: Record<string, unknown> = RANGE) {
  const response = await post(type, attributes);
  expect(response.status, JSON.stringify(response.body.errors)).toBe(201);
  const resource = one(response.body);
  expect(resource.type).toBe(type);
  return resource;
}

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  f = await bookingFixtures(db);
  // Small lots, so that the fill rates are far from zero; and an extra nobody bought.
  await db.update(lots).set({ spaces: 14 }).where(eq(lots.id, f.indoor.id));
  await db.update(lots).set({ spaces: 33 }).where(eq(lots.id, f.outdoor.id));
  await db.insert(extras).values({ name: 'Tyre check', extraType: 'service', basePrice: '15.00' });
  lotRows = await db
    .select({ id: lots.id, name: lots.name, slug: lots.slug, spaces: lots.spaces })
    .from(lots);
  extraRows = await db.select({ id: extras.id, name: extras.name }).from(extras);
  ({ admin, sales, customer } = await signInRoles(server));
  data = await generateReportBookings(db, {
    seed: 20261121,
    count: 400,
    from: new Date('2026-08-20T00:00:00+10:00'),
    days: 95,
    lots: [
      { id: f.indoor.id, share: 0.3, regions: [] },
      { id: f.outdoor.id, share: 0.7, regions: [] },
    ],
    extraIds: [f.wash.id, f.valet.id, f.hidden.id],
    // Hobart midnights on both sides of the change to summer time (4 October 2026).
    midnights: [
      '2026-09-10T00:00:00+10:00',
      '2026-10-04T00:00:00+10:00',
      '2026-10-05T00:00:00+11:00',
      '2026-11-01T00:00:00+11:00',
    ].map((text) => new Date(text)),
  });
});
afterAll(() => server.close());

describe('the generated data', () => {
  it('has what the reports must get right: every status, open and midnight ends, extras, part payments', () => {
    const statuses = new Set(data.map((booking) => booking.status));
    expect([...statuses].sort()).toEqual([
      'abandoned',
      'cancelled',
      'complete',
      'error',
      'payment_failed',
      'pending',
    ]);
    expect(data.filter((booking) => booking.end === null).length).toBeGreaterThan(3);
    expect(
      data.filter(
        (booking) =>
          booking.end?.toISOString().endsWith('T13:00:00.000Z') ||
          booking.end?.toISOString().endsWith('T14:00:00.000Z'),
      ).length,
    ).toBeGreaterThan(3);
    expect(data.filter((booking) => booking.extras.length > 0).length).toBeGreaterThan(50);
    expect(
      data.filter((booking) => booking.paidCents > 0 && booking.paidCents < booking.totalCents).length,
    ).toBeGreaterThan(20);
  });
});

describe('POST lot-volume-graphs/', () => {
  it('answers complete cars present and the fill rate of each lot on each business day', async () => {
    const resource = await report('lot-volume-graphs');
    expect(resource.id).toBe(`${START}_${END}`);
    const want = expected.lotVolume(data, lotRows, START, END);
    expect(want.labels).toHaveLength(76);
    expect(resource.attributes).toEqual(want);
    // Not a trivial answer: the lots are busy.
    expect(Math.max(...(want.fillRates.outdoor ?? []))).toBeGreaterThan(0.5);
  });

  it('reads the range’s dates in the business time zone, whatever offset the datetimes are written in', async () => {
    // The same instants as RANGE, in UTC.
    const resource = await report('lot-volume-graphs', {
      startDatetime: '2026-08-31T14:00:00Z',
      endDatetime: '2026-11-15T12:59:59Z',
    });
    expect(resource.attributes.labels).toEqual(expected.lotVolume(data, lotRows, START, END).labels);
  });

  it('answers one day; zeros before any booking; open-ended stays still parked years later', async () => {
    const one = await report('lot-volume-graphs', {
      startDatetime: '2026-10-04T12:00:00+11:00',
      endDatetime: '2026-10-04T13:00:00+11:00',
    });
    expect(one.attributes).toEqual(expected.lotVolume(data, lotRows, '2026-10-04', '2026-10-04'));
    const before = await report('lot-volume-graphs', {
      startDatetime: '2026-01-01T00:00:00+11:00',
      endDatetime: '2026-01-03T00:00:00+11:00',
    });
    expect(before.attributes).toEqual({
      labels: ['2026-01-01', '2026-01-02', '2026-01-03'],
      values: { indoor: [0, 0, 0], outdoor: [0, 0, 0] },
      fillRates: { indoor: [0, 0, 0], outdoor: [0, 0, 0] },
      spaces: { indoor: 14, outdoor: 33 },
    });
    const later = await report('lot-volume-graphs', {
      startDatetime: '2028-01-01T00:00:00+11:00',
      endDatetime: '2028-01-03T00:00:00+11:00',
    });
    const open = data.filter(
      (booking) => booking.status === 'complete' && booking.end === null && booking.lotId === f.outdoor.id,
    ).length;
    expect(open).toBeGreaterThan(0);
    expect(later.attributes).toEqual(expected.lotVolume(data, lotRows, '2028-01-01', '2028-01-03'));
    expect((later.attributes.values as Record<string, number[]>).outdoor).toEqual([open, open, open]);
  });
});

describe('POST arrival-departure-graphs/', () => {
  it('answers complete drop-offs (departure) and pick-ups (arrival) by business day', async () => {
    const resource = await report('arrival-departure-graphs');
    const want = expected.arrivalDeparture(data, START, END);
    expect(resource.attributes).toEqual(want);
    expect(want.values.departure.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(200);
  });

  it('counts a stay ending exactly at midnight on the day that midnight starts', async () => {
    const resource = await report('arrival-departure-graphs', {
      startDatetime: '2026-10-05T00:00:00+11:00',
      endDatetime: '2026-10-05T23:59:59+11:00',
    });
    const want = expected.arrivalDeparture(data, '2026-10-05', '2026-10-05');
    expect(resource.attributes).toEqual(want);
    const atMidnight = data.filter(
      (booking) =>
        booking.status === 'complete' &&
        booking.end?.getTime() === new Date('2026-10-05T00:00:00+11:00').getTime(),
    );
    expect(want.values.arrival[0]).toBeGreaterThanOrEqual(atMidnight.length);
  });
});

describe('POST extras-stats/ and extras-graphs/', () => {
  it('answers every extra by name with the complete bookings picked up in the range that had it and their revenue', async () => {
    const resource = await report('extras-stats');
    const want = expected.extrasStats(data, extraRows, START, END);
    expect(resource.attributes).toEqual(want);
    expect(want.rows.map((row) => row.name)).toEqual([
      'Exterior wash',
      'Full valet',
      'Staff-only',
      'Tyre check',
    ]);
    expect(want.rows.find((row) => row.name === 'Tyre check')).toMatchObject({ count: 0, revenue: '0.00' });
  });

  it('answers the same counts as a chart', async () => {
    const resource = await report('extras-graphs');
    const want = expected.extrasStats(data, extraRows, START, END);
    expect(resource.attributes).toEqual({
      labels: want.rows.map((row) => row.name),
      values: want.rows.map((row) => row.count),
    });
  });
});

describe('POST booking-type-stats/', () => {
  it('answers complete bookings dropped off in the range by type: count, value and share, busiest first', async () => {
    const resource = await report('booking-type-stats');
    const want = expected.bookingTypeStats(data, START, END);
    expect(resource.attributes).toEqual(want);
    expect(want.rows.length).toBeGreaterThan(5);
  });

  it('answers no rows for a range with no bookings', async () => {
    const resource = await report('booking-type-stats', {
      startDatetime: '2028-01-01T00:00:00+11:00',
      endDatetime: '2028-01-31T00:00:00+11:00',
    });
    expect(resource.attributes).toEqual({ rows: [] });
  });
});

describe('who may ask for a report, and how', () => {
  const types = [
    'lot-volume-graphs',
    'arrival-departure-graphs',
    'extras-stats',
    'extras-graphs',
    'booking-type-stats',
  ];

  it('refuses visitors (401), Sales and customers (403): the Reports menu is for Admins', async () => {
    for (const type of types) {
      expect((await post(type, RANGE, null)).status).toBe(401);
      const forSales = await post(type, RANGE, sales);
      expect(forSales.status).toBe(403);
      expect(firstError(forSales.body)?.code).toBe('permission_denied');
      expect((await post(type, RANGE, customer)).status).toBe(403);
    }
  });

  it('refuses an end before the start with the spec’s words, on endDatetime', async () => {
    for (const type of types) {
      const response = await post(type, {
        startDatetime: '2026-10-02T00:00:00+10:00',
        endDatetime: '2026-10-01T23:59:59+10:00',
      });
      expect(response.status).toBe(400);
      expect(firstError(response.body)).toMatchObject({
        detail: messages.dateAfterStart,
        source: { pointer: '/data/attributes/endDatetime' },
      });
    }
  });

  it('refuses a range of more than 1,100 days, and allows 1,100', async () => {
    const tooLong = await post('lot-volume-graphs', {
      startDatetime: '2024-01-01T00:00:00+11:00',
      endDatetime: '2027-01-05T00:00:00+11:00',
    });
    expect(tooLong.status).toBe(400);
    expect(firstError(tooLong.body)).toMatchObject({
      detail: reportMessages.rangeTooLong,
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const longest = await report('arrival-departure-graphs', {
      startDatetime: '2024-01-01T00:00:00+11:00',
      endDatetime: '2027-01-04T00:00:00+11:00',
    });
    expect(longest.attributes.labels).toHaveLength(1100);
  });

  it('requires both datetimes, with an offset, and the right document', async () => {
    const missing = await post('extras-stats', { endDatetime: RANGE.endDatetime });
    expect(missing.status).toBe(400);
    expect(firstError(missing.body)).toMatchObject({
      detail: messages.required,
      source: { pointer: '/data/attributes/startDatetime' },
    });
    const local = await post('extras-stats', {
      startDatetime: '2026-09-01T00:00:00',
      endDatetime: RANGE.endDatetime,
    });
    expect(firstError(local.body)?.detail).toBe(messages.invalidDatetime);
    const wrongType = await api(server.app, 'POST', `${API}/extras-stats/`, {
      token: admin,
      body: doc('extras-graphs', RANGE),
    });
    expect(wrongType.status).toBe(409);
    const noDocument = await api(server.app, 'POST', `${API}/extras-stats/`, {
      token: admin,
      body: { startDatetime: RANGE.startDatetime },
    });
    expect(noDocument.status).toBe(400);
  });
});

describe('GET kpi-summary-csv/', () => {
  const url = `${API}/kpi-summary-csv/?month=2026-10-17`;
  const get = (target: string, options: { token?: string; cookies?: Record<string, string> } = {}) =>
    server.app.inject({
      method: 'GET',
      url: target,
      headers: options.token ? { authorization: `Token ${options.token}` } : {},
      cookies: options.cookies,
    });

  it('answers the month of the date as a CSV: a line a day, each figure as worked out from the bookings, then the total', async () => {
    const response = await get(url, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="kpi-summary-2026-10.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = parse(response.body, { bom: true }) as string[][];
    // October 2026 in Hobart: 31 days, one of them 23 hours long (4 October).
    const want = expected.kpiLines(data, lotRows, '2026-10-01', '2026-10-31');
    expect(lines).toHaveLength(1 + 31 + 1);
    expect(lines[0]).toEqual([
      'Date',
      'Drop-offs',
      'Pick-ups',
      'Indoor cars parked',
      'Indoor fill %',
      'Outdoor cars parked',
      'Outdoor fill %',
      'Bookings made',
      'Booking value',
      'Payments received',
    ]);
    lines.forEach((line, index) => expect(line, `line ${index + 1}`).toEqual(want[index]));
    // The figures are real: money came in and cars were parked.
    expect(Number(lines[32]?.[9])).toBeGreaterThan(1000);
    expect(Number(lines[32]?.[5])).toBeGreaterThan(5);
  });

  it('agrees with the lot-volume graph and the arrival-departure graph for the same days', async () => {
    const lines = parse((await get(url, { token: admin })).body, { bom: true }) as string[][];
    const october = { startDatetime: '2026-10-01T00:00:00+10:00', endDatetime: '2026-10-31T23:59:59+11:00' };
    const volume = (await report('lot-volume-graphs', october)).attributes as {
      values: Record<string, number[]>;
    };
    const movements = (await report('arrival-departure-graphs', october)).attributes as {
      values: Record<string, number[]>;
    };
    const days = lines.slice(1, 32);
    expect(days.map((line) => Number(line[3]))).toEqual(volume.values.indoor);
    expect(days.map((line) => Number(line[5]))).toEqual(volume.values.outdoor);
    expect(days.map((line) => Number(line[1]))).toEqual(movements.values.departure);
    expect(days.map((line) => Number(line[2]))).toEqual(movements.values.arrival);
  });

  it('is authorised by the session cookie alone (opened in a new tab)', async () => {
    const session = await api(server.app, 'POST', `${API}/sessions/`, {
      body: doc('sessions', { email: 'admin@example.com', password: PASSWORD }),
    });
    const cookies = Object.fromEntries(session.raw.cookies.map((cookie) => [cookie.name, cookie.value]));
    const response = await get(url, { cookies });
    expect(response.statusCode).toBe(200);
    expect(parse(response.body, { bom: true })).toHaveLength(33);
  });

  it('refuses visitors (401), Sales and customers (403) with JSON:API errors', async () => {
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/vnd.api+json');
    expect((await get(url, { token: sales })).statusCode).toBe(403);
    expect((await get(url, { token: customer })).statusCode).toBe(403);
  });

  it('asks for a valid month (400)', async () => {
    for (const target of [
      `${API}/kpi-summary-csv/`,
      `${API}/kpi-summary-csv/?month=2026-02-30`,
      `${API}/kpi-summary-csv/?month=soon`,
    ]) {
      const response = await get(target, { token: admin });
      expect(response.statusCode, target).toBe(400);
      expect(
        response.json<{ errors: Array<{ detail: string; source: { parameter: string } }> }>().errors[0],
      ).toMatchObject({
        detail: reportMessages.monthRequired,
        source: { parameter: 'month' },
      });
    }
  });
});
