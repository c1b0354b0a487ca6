/**
 * The booking in every screen (issue 42, item 4): a partner's booking is listed, read, filtered, exported and
 * reported like any other, with its channel named (Website, Staff or the partner's name: the domain's rule), to
 * staff only; the traveller gets the car park's confirmation with its manage link unless the partner sends its own.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../db/job-queue';
import { rowsOf } from '../db/client';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { lastMailTo, mailTo } from '../test/mail';
import { createPartner, partnerBookingBody } from '../test/partner-fixtures';
import { api, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let admin: string;
let sales: string;
let customer: { token: string; customerId: number };
let partner: { id: number; name: string; key: string };
/** Booking codes by channel, all dropped off on 2026-12-01. */
const codes = { website: '', staff: '', partner: '', quiet: '' };
const DAY = '2026-12-01';

const book = (key: string, body: unknown, idempotencyKey: string) =>
  api(server.app, 'POST', '/partner/v1/bookings', {
    body,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'idempotency-key': idempotencyKey,
    },
  });

/** The queue's booking emails about a booking (done or not: the test server runs them before answering). */
async function bookingEmailJobs(bookingId: string) {
  return rowsOf<{ data: { email: string; to: string } }>(
    await server.handle.db.execute(sql`
      SELECT data FROM ${sql.raw(JOB_SCHEMA)}.job
      WHERE data->>'kind' = 'booking-email' AND data->>'bookingId' = ${bookingId}`),
  ).map((row) => row.data);
}

const channelsOf = (body: Parameters<typeof many>[0]) =>
  Object.fromEntries(many(body).map((row) => [row.attributes.bookingCode, row.attributes.channel]));

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  f = await bookingFixtures(server.handle.db);
  const db = server.handle.db;
  admin = await login(server.app, (await createUser(db, { roles: ['Admins'] })).user.email);
  sales = await login(server.app, (await createUser(db, { roles: ['Sales'] })).user.email);
  const person = await createUser(db);
  customer = { token: await login(server.app, person.user.email), customerId: person.customer.id };
  const made = await createPartner(db);
  partner = { id: made.partner.id, name: made.partner.name, key: made.key };
  const start = new Date(`${DAY}T07:00:00+11:00`);
  codes.website = (
    await insertBooking(db, {
      lotId: f.outdoor.id,
      startDatetime: start,
      bookingType: 'New - Website',
      customerId: customer.customerId,
      totalCost: '40.00',
    })
  ).bookingCode;
  codes.staff = (
    await insertBooking(db, {
      lotId: f.outdoor.id,
      startDatetime: start,
      bookingType: 'RACT',
      totalCost: '30.00',
    })
  ).bookingCode;
  const created = await book(partner.key, partnerBookingBody({ email: 'ada@example.com' }), 'channel-1');
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  codes.partner = String(one(created.body).attributes.code);
  const quiet = await book(
    partner.key,
    partnerBookingBody({ email: 'quiet@example.com', notifyCustomer: false }),
    'channel-2',
  );
  expect(quiet.status).toBe(201);
  codes.quiet = String(one(quiet.body).attributes.code);
});
afterAll(() => server.close());

describe('the channel in the bookings resource', () => {
  it('names each booking’s channel in the list, the diary’s sparse read and the booking', async () => {
    const list = await api(server.app, 'GET', `${API}/bookings/?filter[start_diary_date]=${DAY}`, {
      token: sales,
    });
    expect(list.status).toBe(200);
    expect(channelsOf(list.body)).toEqual({
      [codes.website]: 'Website',
      [codes.staff]: 'Staff',
      [codes.partner]: partner.name,
      [codes.quiet]: partner.name,
    });
    const diary = await api(
      server.app,
      'GET',
      `${API}/bookings/?filter[diaryDate]=${DAY}&filter[status]=complete&page[size]=1000&fields[bookings]=bookingCode,channel,lot&include=lot`,
      { token: sales },
    );
    expect(diary.status).toBe(200);
    expect(channelsOf(diary.body)[codes.partner]).toBe(partner.name);
    expect(Object.keys(many(diary.body)[0]?.attributes ?? {}).sort()).toEqual(['bookingCode', 'channel']);
    const id = many(list.body).find((row) => row.attributes.bookingCode === codes.partner)?.id;
    const read = await api(server.app, 'GET', `${API}/bookings/${id}/`, { token: admin });
    expect(one(read.body).attributes).toMatchObject({ channel: partner.name, bookingType: 'New' });
  });

  it('filters by channel with the same rule, and by partner', async () => {
    const filtered = async (query: string) =>
      Object.keys(
        channelsOf(
          (
            await api(server.app, 'GET', `${API}/bookings/?filter[start_diary_date]=${DAY}&${query}`, {
              token: sales,
            })
          ).body,
        ),
      ).sort();
    expect(await filtered('filter[channel]=website')).toEqual([codes.website]);
    expect(await filtered('filter[channel]=staff')).toEqual([codes.staff]);
    expect(await filtered('filter[channel]=partner')).toEqual([codes.partner, codes.quiet].sort());
    expect(await filtered(`filter[partner]=${partner.id}`)).toEqual([codes.partner, codes.quiet].sort());
    const bad = await api(server.app, 'GET', `${API}/bookings/?filter[channel]=Website`, { token: sales });
    expect(bad.status).toBe(400);
    expect(firstError(bad.body)?.source?.parameter).toBe('filter[channel]');
  });

  it('is staff’s: a customer reading their own booking is not told it', async () => {
    const own = await api(server.app, 'GET', `${API}/bookings/`, { token: customer.token });
    expect(many(own.body).map((row) => row.attributes.bookingCode)).toEqual([codes.website]);
    expect(many(own.body)[0]?.attributes).not.toHaveProperty('channel');
  });

  it('writes a Channel column in the bookings export, after the booking type', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API}/bookings/export/?filter[start_diary_date]=${DAY}`,
      headers: { authorization: `Token ${sales}` },
    });
    expect(response.statusCode).toBe(200);
    const [header = [], ...rows] = parse(response.body, { bom: true }) as string[][];
    const type = header.indexOf('Booking Type');
    expect(header[type + 1]).toBe('Channel');
    const byCode = Object.fromEntries(rows.map((row) => [row[1], row[type + 1]]));
    expect(byCode).toEqual({
      [codes.website]: 'Website',
      [codes.staff]: 'Staff',
      [codes.partner]: partner.name,
      [codes.quiet]: partner.name,
    });
  });
});

describe('POST channel-stats/', () => {
  it('breaks the range’s complete bookings down by channel: count, value and share, busiest first', async () => {
    const response = await api(server.app, 'POST', `${API}/channel-stats/`, {
      token: admin,
      body: doc('channel-stats', {
        startDatetime: `${DAY}T00:00:00+11:00`,
        endDatetime: `${DAY}T23:59:59+11:00`,
      }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(one(response.body).attributes).toEqual({
      rows: [
        { channel: partner.name, kind: 'partner', count: 2, totalCost: '104.00', share: 0.5 },
        { channel: 'Staff', kind: 'staff', count: 1, totalCost: '30.00', share: 0.25 },
        { channel: 'Website', kind: 'website', count: 1, totalCost: '40.00', share: 0.25 },
      ],
    });
  });

  it('is for Admins, as every report', async () => {
    const body = doc('channel-stats', {
      startDatetime: `${DAY}T00:00:00+11:00`,
      endDatetime: `${DAY}T23:59:59+11:00`,
    });
    expect((await api(server.app, 'POST', `${API}/channel-stats/`, { token: sales, body })).status).toBe(403);
  });
});

describe('the traveller’s confirmation', () => {
  it('is queued with the booking, with its manage link, when the partner does not send its own', async () => {
    const id = await idOf(codes.partner);
    expect(await bookingEmailJobs(id)).toEqual([
      expect.objectContaining({ email: 'confirmation', to: 'ada@example.com' }),
    ]);
    const mail = lastMailTo(server, 'ada@example.com');
    expect(mail.text).toContain(
      `Manage my booking: https://parking.test/manage-booking?code=${codes.partner}&booking=${id}&token=`,
    );
  });

  it('is not sent at all when the partner asks to send its own (notifyCustomer: false)', async () => {
    expect(await bookingEmailJobs(await idOf(codes.quiet))).toEqual([]);
    expect(mailTo(server, 'quiet@example.com')).toEqual([]);
  });
});

async function idOf(code: string): Promise<string> {
  const found = await api(server.app, 'GET', `${API}/bookings/?filter[bookingCode]=${code}`, {
    token: admin,
  });
  const id = many(found.body)[0]?.id;
  if (!id) throw new Error(`no booking ${code}`);
  return id;
}
