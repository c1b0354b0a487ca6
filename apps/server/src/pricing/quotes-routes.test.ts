import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { blockoutPeriods } from '../db/schema/index';
import { createUser, login } from '../test/factories';
import { exceptionalDay, insertBookings, pricedLots, setBooking, subscribe } from '../test/pricing-fixtures';
import { api, createTestServer, many, type JsonResource, type TestServer } from '../test/server';

const QUOTES = '/backend/api/v1/quotes/';
let server: TestServer;
let lots: Awaited<ReturnType<typeof pricedLots>>;
const minutesAgo = (minutes: number) => new Date(server.clock.current.getTime() - minutes * 60_000);

beforeAll(async () => {
  server = await createTestServer();
  lots = await pricedLots(server.handle.db);
  // Christmas Eve costs more in both lots.
  await exceptionalDay(server.handle.db, '2026-12-24', [
    { lotId: lots.indoor.id, surcharge: '15.00' },
    { lotId: lots.outdoor.id, surcharge: '10.00' },
  ]);
});
afterAll(() => server.close());

async function quotes(start: string, end: string, options: { token?: string; query?: string } = {}) {
  const query = options.query ?? '&filter[lot.slug__in]=indoor,outdoor&include=lot';
  const response = await api(server.app, 'GET', `${QUOTES}?start_date=${start}&end_date=${end}${query}`, {
    token: options.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

function bySlug(list: JsonResource[]): Record<string, JsonResource> {
  const result: Record<string, JsonResource> = {};
  for (const quote of list) {
    const lotId = (quote.relationships?.lot?.data as { id: string }).id;
    result[lotId === String(lots.indoor.id) ? 'indoor' : 'outdoor'] = quote;
  }
  return result;
}

async function prices(start: string, end: string, token?: string) {
  const quotesBySlug = bySlug(many((await quotes(start, end, { token })).body));
  return {
    indoor: [quotesBySlug.indoor?.attributes.price, quotesBySlug.indoor?.attributes.formattedPrice],
    outdoor: [quotesBySlug.outdoor?.attributes.price, quotesBySlug.outdoor?.attributes.formattedPrice],
  };
}

async function exceeded(start: string, end: string) {
  const quotesBySlug = bySlug(many((await quotes(start, end)).body));
  return {
    indoor: quotesBySlug.indoor?.attributes.fillThresholdExceeded,
    outdoor: quotesBySlug.outdoor?.attributes.fillThresholdExceeded,
  };
}

describe('GET quotes', () => {
  it('answers one quote per lot with the lot included', async () => {
    const response = await quotes('2026-12-01', '2026-12-01');
    const list = many(response.body);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      type: 'quotes',
      id: `${lots.indoor.id}:2026-12-01:2026-12-01`,
      attributes: {
        price: '32.00',
        formattedPrice: '$32',
        startDate: '2026-12-01',
        endDate: '2026-12-01',
        fillThresholdExceeded: false,
        parkingBlockouts: [],
        coveredBy: null,
      },
      relationships: { lot: { data: { type: 'lots', id: String(lots.indoor.id) } } },
    });
    expect(response.body.included?.map((lot) => [lot.type, lot.attributes.slug])).toEqual([
      ['lots', 'indoor'],
      ['lots', 'outdoor'],
    ]);
    expect(response.body.included?.[0]?.attributes).toMatchObject({
      name: 'Indoor',
      spaces: 150,
      fillRateThreshold: '0.9',
    });
  });

  it('quotes every lot when no lot is named, and includes nothing unless asked', async () => {
    const response = await quotes('2026-12-01', '2026-12-02', { query: '' });
    expect(many(response.body)).toHaveLength(2);
    expect(response.body.included).toBeUndefined();
  });

  it('quotes only the named lot', async () => {
    const response = await quotes('2026-12-01', '2026-12-02', {
      query: '&filter[lot.slug__in]=outdoor&include=lot',
    });
    expect(many(response.body).map((quote) => quote.relationships?.lot?.data)).toEqual([
      { type: 'lots', id: String(lots.outdoor.id) },
    ]);
    expect(response.body.included?.map((lot) => lot.attributes.slug)).toEqual(['outdoor']);
  });

  it.each([
    ['1 day: the 1-day row', '2026-12-01', '2026-12-01', ['32.00', '$32'], ['25.00', '$25']],
    ['3 days: the 3-day row', '2026-12-01', '2026-12-03', ['66.00', '$66'], ['52.00', '$52']],
    [
      '4 days: no row, the next larger (5-day) row',
      '2026-12-01',
      '2026-12-04',
      ['93.50', '$93.50'],
      ['73.00', '$73'],
    ],
    ['7 days: the largest row', '2026-12-01', '2026-12-07', ['116.00', '$116'], ['90.00', '$90']],
    [
      '10 days: largest row plus 3 long-stay days',
      '2026-12-01',
      '2026-12-10',
      ['170.00', '$170'],
      ['126.00', '$126'],
    ],
    [
      '365 days, thousands separated',
      '2027-01-01',
      '2027-12-31',
      ['6560.00', '$6,560'],
      ['4386.00', '$4,386'],
    ],
    [
      '3 days over Christmas Eve: plus the surcharge',
      '2026-12-23',
      '2026-12-25',
      ['81.00', '$81'],
      ['62.00', '$62'],
    ],
    ['Christmas Eve alone', '2026-12-24', '2026-12-24', ['47.00', '$47'], ['35.00', '$35']],
    ['the day after: no surcharge', '2026-12-25', '2026-12-26', ['50.00', '$50'], ['39.00', '$39']],
  ])('prices %s', async (_name, start, end, indoor, outdoor) => {
    expect(await prices(start, end)).toEqual({ indoor, outdoor });
  });

  it('counts today as bookable in the business time zone', async () => {
    // The test clock is 09:00 on 21/11 in Hobart, still 20/11 in UTC.
    expect((await prices('2026-11-21', '2026-11-21')).indoor).toEqual(['32.00', '$32']);
  });
});

describe('parking blockouts (the booking save’s rule, told on the quote)', () => {
  it('carries the blockouts on the departure and return days, with the days they take whole', async () => {
    await server.handle.db.insert(blockoutPeriods).values([
      {
        name: 'Closed all day',
        message: 'We are closed for staff training.',
        blockType: 'parking',
        startDatetime: new Date('2026-12-08T00:00:00+11:00'),
        endDatetime: new Date('2026-12-09T00:00:00+11:00'),
      },
      {
        name: 'Line marking',
        message: '',
        blockType: 'parking',
        startDatetime: new Date('2026-12-10T21:30:00+11:00'),
        endDatetime: new Date('2026-12-11T04:00:00+11:00'),
      },
      {
        name: 'Wash bay',
        message: 'No washes.',
        blockType: 'extra',
        startDatetime: new Date('2026-12-08T00:00:00+11:00'),
        endDatetime: new Date('2026-12-12T00:00:00+11:00'),
      },
    ]);
    const closed = {
      message: 'We are closed for staff training.',
      startDatetime: '2026-12-07T13:00:00.000Z',
      endDatetime: '2026-12-08T13:00:00.000Z',
    };
    const lineMarking = {
      message: messages.parkingBlockedOut,
      startDatetime: '2026-12-10T10:30:00.000Z',
      endDatetime: '2026-12-10T17:00:00.000Z',
      closes: [],
    };
    const blockoutsOf = async (start: string, end: string) =>
      many((await quotes(start, end)).body).map((quote) => quote.attributes.parkingBlockouts);
    // Departure on the closed day: refused whatever the time; every lot says so.
    expect(await blockoutsOf('2026-12-08', '2026-12-12')).toEqual([
      [{ ...closed, closes: ['startDate'] }],
      [{ ...closed, closes: ['startDate'] }],
    ]);
    // Back on it, and a departure on the night of the line marking (a part of the day only).
    expect((await blockoutsOf('2026-12-05', '2026-12-08'))[0]).toEqual([{ ...closed, closes: ['endDate'] }]);
    expect((await blockoutsOf('2026-12-10', '2026-12-14'))[0]).toEqual([lineMarking]);
    // Parked through them (neither end on those days): nothing to tell; extra blockouts are not parking's.
    expect((await blockoutsOf('2026-12-07', '2026-12-12'))[0]).toEqual([]);
  });
});

describe('fill threshold', () => {
  it('is exceeded when one more car would pass the threshold on any day of the stay', async () => {
    const db = server.handle.db;
    // Indoor: 150 spaces at 0.9 → 135 cars allowed. 134 cars present on 15/01 only (of the stay 15/01-20/01).
    await insertBookings(db, 134, {
      lotId: lots.indoor.id,
      start: '2027-01-13T10:00:00+11:00',
      end: '2027-01-15T18:00:00+11:00',
      created: minutesAgo(600),
    });
    expect(await exceeded('2027-01-15', '2027-01-20')).toEqual({ indoor: false, outdoor: false });
    await insertBookings(db, 1, {
      lotId: lots.indoor.id,
      start: '2027-01-15T05:00:00+11:00',
      end: '2027-01-15T23:00:00+11:00',
      created: minutesAgo(600),
    });
    expect(await exceeded('2027-01-15', '2027-01-20')).toEqual({ indoor: true, outdoor: false });
    expect(await exceeded('2027-01-10', '2027-01-15')).toEqual({ indoor: true, outdoor: false });
    // Not on the days after.
    expect(await exceeded('2027-01-16', '2027-01-20')).toEqual({ indoor: false, outdoor: false });
  });

  it('counts pending bookings younger than 15 minutes (the hold), not older ones, not cancelled ones', async () => {
    const db = server.handle.db;
    await insertBookings(db, 134, {
      lotId: lots.indoor.id,
      start: '2027-02-15T06:00:00+11:00',
      end: '2027-02-18T20:00:00+11:00',
      created: minutesAgo(600),
    });
    expect((await exceeded('2027-02-17', '2027-02-17')).indoor).toBe(false);
    const [pending] = await insertBookings(db, 1, {
      lotId: lots.indoor.id,
      start: '2027-02-16T06:00:00+11:00',
      end: '2027-02-17T20:00:00+11:00',
      status: 'pending',
      created: minutesAgo(10),
    });
    if (!pending) throw new Error('no booking');
    expect((await exceeded('2027-02-17', '2027-02-17')).indoor).toBe(true);
    await setBooking(db, pending.id, { created: minutesAgo(16) });
    expect((await exceeded('2027-02-17', '2027-02-17')).indoor).toBe(false);
    await setBooking(db, pending.id, { status: 'cancelled', created: minutesAgo(5) });
    expect((await exceeded('2027-02-17', '2027-02-17')).indoor).toBe(false);
    await setBooking(db, pending.id, { status: 'complete' });
    expect((await exceeded('2027-02-17', '2027-02-17')).indoor).toBe(true);
  });

  it('follows each lot on its own (outdoor: 400 spaces at 0.95 → 380)', async () => {
    const db = server.handle.db;
    await insertBookings(db, 379, {
      lotId: lots.outdoor.id,
      start: '2027-03-10T06:00:00+11:00',
      end: '2027-03-12T20:00:00+11:00',
      created: minutesAgo(600),
    });
    expect(await exceeded('2027-03-12', '2027-03-14')).toEqual({ indoor: false, outdoor: false });
    await insertBookings(db, 1, {
      lotId: lots.outdoor.id,
      start: '2027-03-12T06:00:00+11:00',
      end: null,
      created: minutesAgo(600),
    });
    expect(await exceeded('2027-03-12', '2027-03-14')).toEqual({ indoor: false, outdoor: true });
  });
});

describe('subscriptions', () => {
  it("makes a subscribed customer's matching lot free, and not the other lot", async () => {
    const db = server.handle.db;
    const { user } = await createUser(db, { email: 'sub-indoor@example.com' });
    await subscribe(db, user.id, 'unlimited_indoor_parking', new Date('2027-06-01T00:00:00+10:00'));
    const token = await login(server.app, 'sub-indoor@example.com');
    expect(await prices('2026-12-01', '2026-12-04', token)).toEqual({
      indoor: ['0.00', '$0'],
      outdoor: ['73.00', '$73'],
    });
    // Visitors pay the list price.
    expect(await prices('2026-12-01', '2026-12-04')).toEqual({
      indoor: ['93.50', '$93.50'],
      outdoor: ['73.00', '$73'],
    });
  });

  it('covers a cancelled subscription until its end; days past the end are charged', async () => {
    const db = server.handle.db;
    const { user } = await createUser(db, { email: 'sub-outdoor@example.com' });
    await subscribe(db, user.id, 'unlimited_outdoor_parking', new Date('2026-12-02T12:00:00+11:00'), {
      canceledAt: minutesAgo(60),
    });
    const token = await login(server.app, 'sub-outdoor@example.com');
    expect((await prices('2026-12-01', '2026-12-02', token)).outdoor).toEqual(['0.00', '$0']);
    // Covered to 02/12: 03/12-04/12 are a 2-day stay.
    expect((await prices('2026-12-01', '2026-12-04', token)).outdoor).toEqual(['39.00', '$39']);
  });

  it('ignores an expired or invalid subscription', async () => {
    const db = server.handle.db;
    const { user } = await createUser(db, { email: 'sub-expired@example.com' });
    await subscribe(db, user.id, 'unlimited_indoor_parking', minutesAgo(1));
    await subscribe(db, user.id, 'unlimited_outdoor_parking', new Date('2027-06-01T00:00:00+10:00'), {
      valid: false,
    });
    const token = await login(server.app, 'sub-expired@example.com');
    expect(await prices('2026-12-01', '2026-12-04', token)).toEqual({
      indoor: ['93.50', '$93.50'],
      outdoor: ['73.00', '$73'],
    });
  });

  it('quotes list prices to staff, whatever they subscribe to', async () => {
    const db = server.handle.db;
    const { user } = await createUser(db, { email: 'sub-staff@example.com', roles: ['Sales'] });
    await subscribe(db, user.id, 'unlimited_indoor_parking', new Date('2027-06-01T00:00:00+10:00'));
    const token = await login(server.app, 'sub-staff@example.com');
    expect((await prices('2026-12-01', '2026-12-04', token)).indoor).toEqual(['93.50', '$93.50']);
  });
});

describe('validation', () => {
  const get = (query: string) => api(server.app, 'GET', `${QUOTES}?${query}`);

  it('requires both dates', async () => {
    const response = await get('include=lot');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ detail: messages.required, source: { parameter: 'start_date' } }),
      expect.objectContaining({ detail: messages.required, source: { parameter: 'end_date' } }),
    ]);
  });

  it.each([
    ['start_date=2026-11-40&end_date=2026-12-01', 'start_date', messages.invalidDate],
    ['start_date=01/12/2026&end_date=2026-12-01', 'start_date', messages.invalidDate],
    ['start_date=2026-12-01&end_date=tomorrow', 'end_date', messages.invalidDate],
    ['start_date=2026-12-01&end_date=', 'end_date', messages.required],
    // 20/11 is today in UTC but yesterday in Hobart.
    ['start_date=2026-11-20&end_date=2026-12-01', 'start_date', 'Date must be in the future'],
    ['start_date=2026-12-05&end_date=2026-12-04', 'end_date', 'Date must be after the departure date'],
    ['start_date=2026-12-01&end_date=2027-12-01', 'end_date', 'A stay can be at most 365 days.'],
  ])('%s → %s: %s', async (query, parameter, detail) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ status: '400', detail, source: { parameter } }),
    ]);
  });

  it.each([
    [
      'filter[lot.slug__in]=indoor,basement',
      'filter[lot.slug__in]',
      '"basement" is not one of the available choices.',
    ],
    ['filter[lot.slug]=roof', 'filter[lot.slug]', '"roof" is not one of the available choices.'],
    ['filter[lot.slug__in]=', 'filter[lot.slug__in]', 'Give at least one value.'],
    ['filter[spaces]=3', 'filter[spaces]', 'Unknown filter "spaces".'],
    ['colour=red', 'colour', 'Unknown query parameter "colour".'],
    ['include=customer', 'include', 'Invalid include path "customer".'],
  ])('refuses %s', async (query, parameter, detail) => {
    const response = await get(`start_date=2026-12-01&end_date=2026-12-02&${query}`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ detail, source: { parameter } })]);
  });

  it('is not a writable resource', async () => {
    expect(
      (await api(server.app, 'POST', QUOTES, { body: { data: { type: 'quotes', attributes: {} } } })).status,
    ).toBe(404);
  });
});
