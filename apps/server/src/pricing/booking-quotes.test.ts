import { stayTooLong, tooFarAhead } from '@parking/domain/stay-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { parseMoney } from '@parking/domain/money';
import { quoteMessages } from '@parking/domain/quotes';
import { createUser, login } from '../test/factories';
import { createDiscount, exceptionalDay, pricedLots, subscribe } from '../test/pricing-fixtures';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const URL = '/backend/api/v1/booking-quotes/';
let server: TestServer;
let lots: Awaited<ReturnType<typeof pricedLots>>;
let staffToken: string;
let annToken: string;
let ann: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;

const START = '2026-12-01T06:00:00+11:00';
const END = '2026-12-04T20:00:00+11:00'; // 4 business days: the 5-day row

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  lots = await pricedLots(db);
  await exceptionalDay(db, '2026-12-24', [{ lotId: lots.indoor.id, surcharge: '15.00' }]);
  await createUser(db, { email: 'staff@example.com', roles: ['Admins'] });
  ann = await createUser(db, { email: 'ann@example.com' });
  bob = await createUser(db, { email: 'bob@example.com' });
  // Ann's indoor subscription covers up to 03/12 (business date).
  await subscribe(db, ann.user.id, 'unlimited_indoor_parking', new Date('2026-12-03T23:00:00+11:00'));
  await createDiscount(db, {
    promoCode: 'PROMO15',
    rate: '0.15',
    validFrom: '2026-11-01T00:00:00+11:00',
    validTo: '2027-01-31T23:59:59+11:00',
  });
  staffToken = await login(server.app, 'staff@example.com');
  annToken = await login(server.app, 'ann@example.com');
});
afterAll(() => server.close());

function request(
  attributes: Record<string, unknown>,
  options: {
    token?: string;
    lotId?: number | null;
    customerId?: number;
    relationships?: Record<string, unknown>;
  } = {},
) {
  const relationships: Record<string, unknown> = { ...options.relationships };
  if (options.lotId !== null)
    relationships.lot = { data: { type: 'lots', id: String(options.lotId ?? lots.indoor.id) } };
  if (options.customerId !== undefined)
    relationships.customer = { data: { type: 'customers', id: String(options.customerId) } };
  return api(server.app, 'POST', URL, {
    token: options.token,
    body: doc('booking-quotes', { startDatetime: START, endDatetime: END, ...attributes }, { relationships }),
  });
}

async function costs(attributes: Record<string, unknown>, options: Parameters<typeof request>[1] = {}) {
  const response = await request(attributes, options);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const quote = one(response.body);
  const a = quote.attributes as Record<string, string>;
  // The identity every answer keeps: total = parking - subscription - discount + extras; GST = total / 11.
  const total =
    parseMoney(a.parkingCost ?? '') -
    parseMoney(a.subscriptionDiscount ?? '') -
    parseMoney(a.amountDiscounted ?? '') +
    parseMoney(a.extrasCost ?? '');
  expect(parseMoney(a.totalCost ?? '')).toBe(total);
  expect(parseMoney(a.gst ?? '')).toBe(Math.round(total / 11));
  return quote;
}

const pick = (attributes: Record<string, unknown>) => ({
  parkingCost: attributes.parkingCost,
  subscriptionDiscount: attributes.subscriptionDiscount,
  amountDiscounted: attributes.amountDiscounted,
  extrasCost: attributes.extrasCost,
  totalCost: attributes.totalCost,
  gst: attributes.gst,
});

describe('POST booking-quotes', () => {
  it('answers the costs of a stay with a staff discount and extras', async () => {
    const quote = await costs({ discountRate: '0.1', extrasCost: '20' }, { token: staffToken });
    expect(quote.type).toBe('booking-quotes');
    expect(quote.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(quote.attributes).toEqual({
      startDatetime: '2026-11-30T19:00:00.000Z',
      endDatetime: '2026-12-04T09:00:00.000Z',
      discountRate: '0.1',
      calculateSubscriptionGaps: false,
      promoCode: '',
      parkingCost: '93.50',
      subscriptionDiscount: '0.00',
      amountDiscounted: '9.35',
      extrasCost: '20.00',
      totalCost: '104.15',
      gst: '9.47',
    });
    expect(quote.relationships).toEqual({
      lot: { data: { type: 'lots', id: String(lots.indoor.id) } },
      customer: { data: null },
    });
  });

  it("applies the named customer's subscription; gaps are charged only when asked", async () => {
    const withGaps = await costs(
      { discountRate: '0.1', extrasCost: '20.00', calculateSubscriptionGaps: true },
      { token: staffToken, customerId: ann.customer.id },
    );
    // Covered to 03/12; 04/12 is a 1-day stay (32.00), discounted 10%.
    expect(pick(withGaps.attributes)).toEqual({
      parkingCost: '93.50',
      subscriptionDiscount: '61.50',
      amountDiscounted: '3.20',
      extrasCost: '20.00',
      totalCost: '48.80',
      gst: '4.44',
    });
    expect(withGaps.relationships?.customer?.data).toEqual({
      type: 'customers',
      id: String(ann.customer.id),
    });
    const withoutGaps = await costs(
      { discountRate: '0.1', extrasCost: '20.00' },
      { token: staffToken, customerId: ann.customer.id },
    );
    expect(pick(withoutGaps.attributes)).toMatchObject({
      subscriptionDiscount: '93.50',
      amountDiscounted: '0.00',
      totalCost: '20.00',
      gst: '1.82',
    });
  });

  it('applies the subscription to its lot only', async () => {
    const outdoor = await costs(
      {},
      { token: staffToken, customerId: ann.customer.id, lotId: lots.outdoor.id },
    );
    expect(pick(outdoor.attributes)).toMatchObject({
      parkingCost: '73.00',
      subscriptionDiscount: '0.00',
      totalCost: '73.00',
    });
  });

  it("applies a customer's own subscription when they name no customer, or themselves", async () => {
    const own = await costs({ calculateSubscriptionGaps: true }, { token: annToken });
    expect(pick(own.attributes)).toMatchObject({ subscriptionDiscount: '61.50', totalCost: '32.00' });
    expect(own.relationships?.customer?.data).toEqual({ type: 'customers', id: String(ann.customer.id) });
    const named = await costs({}, { token: annToken, customerId: ann.customer.id });
    expect(pick(named.attributes)).toMatchObject({ subscriptionDiscount: '93.50', totalCost: '0.00' });
  });

  it('refuses a customer naming another customer, and a visitor naming anyone', async () => {
    for (const token of [annToken, undefined]) {
      const response = await request({}, { token, customerId: bob.customer.id });
      expect(response.status).toBe(400);
      expect(firstError(response.body)).toMatchObject({
        code: 'does_not_exist',
        detail: `Invalid pk "${bob.customer.id}" - object does not exist.`,
        source: { pointer: '/data/relationships/customer' },
      });
    }
  });

  it('lets only staff set a discount rate', async () => {
    for (const token of [annToken, undefined]) {
      const response = await request({ discountRate: '0.2' }, { token });
      expect(response.status).toBe(400);
      expect(firstError(response.body)).toMatchObject({
        detail: quoteMessages.staffOnlyDiscount,
        source: { pointer: '/data/attributes/discountRate' },
      });
    }
    expect((await request({ discountRate: '0' })).status).toBe(201);
  });

  it('takes the discount from a valid promo code, for visitors too', async () => {
    const quote = await costs({ endDatetime: '2026-12-03T20:00:00+11:00', promoCode: ' promo15 ' });
    expect(quote.attributes).toMatchObject({
      promoCode: 'PROMO15',
      discountRate: '0.15',
      parkingCost: '66.00',
      amountDiscounted: '9.90',
      totalCost: '56.10',
    });
    const invalid = await request({ promoCode: 'NOPE' });
    expect(invalid.status).toBe(400);
    expect(firstError(invalid.body)).toMatchObject({
      detail: messages.promoInvalid,
      source: { pointer: '/data/attributes/promoCode' },
    });
  });

  it('lets staff override the promo rate', async () => {
    const quote = await costs({ promoCode: 'PROMO15', discountRate: '0.5' }, { token: staffToken });
    expect(quote.attributes).toMatchObject({ discountRate: '0.5', amountDiscounted: '46.75' });
  });

  it('counts days in the business time zone', async () => {
    // 08:00 on 24/12 in Hobart is still 23/12 in UTC: one day, with the Christmas Eve surcharge.
    const quote = await costs({
      startDatetime: '2026-12-24T08:00:00+11:00',
      endDatetime: '2026-12-24T20:00:00+11:00',
    });
    expect(quote.attributes.parkingCost).toBe('47.00');
  });
});

describe('booking-quotes validation', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'end equal to start',
      { endDatetime: START },
      '/data/attributes/endDatetime',
      messages.arrivalBeforeDeparture,
    ],
    [
      'end before start',
      { endDatetime: '2026-11-30T06:00:00+11:00' },
      '/data/attributes/endDatetime',
      messages.arrivalBeforeDeparture,
    ],
    ['missing start', { startDatetime: undefined }, '/data/attributes/startDatetime', messages.required],
    [
      'a start without offset',
      { startDatetime: '2026-12-01T06:00:00' },
      '/data/attributes/startDatetime',
      messages.invalidDatetime,
    ],
    ['a rate above 1', { discountRate: '1.5' }, '/data/attributes/discountRate', messages.fractionRange],
    ['a negative extras cost', { extrasCost: '-5' }, '/data/attributes/extrasCost', messages.invalidAmount],
    [
      'a non-boolean gaps flag',
      { calculateSubscriptionGaps: 'yes' },
      '/data/attributes/calculateSubscriptionGaps',
      'Must be a valid boolean.',
    ],
    [
      'a stay longer than a booking may be',
      { endDatetime: '2037-01-01T06:00:00+11:00' },
      '/data/attributes/endDatetime',
      stayTooLong(365),
    ],
    [
      'a stay beyond the booking horizon',
      { startDatetime: '9999-01-01T06:00:00+11:00', endDatetime: '9999-01-03T06:00:00+11:00' },
      '/data/attributes/startDatetime',
      tooFarAhead(730),
    ],
  ])('refuses %s', async (_name, attributes, pointer, detail) => {
    const response = await request(attributes, { token: staffToken });
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({ detail, source: { pointer } });
  });

  it('requires an existing lot', async () => {
    const missing = await request({}, { lotId: null });
    expect(firstError(missing.body)).toMatchObject({
      detail: messages.required,
      source: { pointer: '/data/relationships/lot' },
    });
    const unknown = await request({}, { lotId: 999999 });
    expect(unknown.status).toBe(400);
    expect(firstError(unknown.body)).toMatchObject({
      code: 'does_not_exist',
      source: { pointer: '/data/relationships/lot' },
    });
  });

  it('refuses unknown relationships, other types and non-JSON bodies', async () => {
    const vehicle = await request(
      {},
      { relationships: { vehicle: { data: { type: 'vehicles', id: '1' } } } },
    );
    expect(firstError(vehicle.body)).toMatchObject({ source: { pointer: '/data/relationships/vehicle' } });
    const wrongType = await api(server.app, 'POST', URL, {
      body: doc('bookings', { startDatetime: START, endDatetime: END }),
    });
    expect(wrongType.status).toBe(409);
    const text = await api(server.app, 'POST', URL, {
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});
