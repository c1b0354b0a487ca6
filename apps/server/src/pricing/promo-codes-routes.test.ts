import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { messages } from '@parking/domain/messages';
import { quoteMessages } from '@parking/domain/quotes';
import { createDiscount, pricedLots } from '../test/pricing-fixtures';
import { api, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const URL = '/backend/api/v1/promo-codes/';
let server: TestServer;
let welcome: Awaited<ReturnType<typeof createDiscount>>;
let christmas: Awaited<ReturnType<typeof createDiscount>>;

// The test clock: 21/11/2026 09:00 in Hobart.
beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  welcome = await createDiscount(db, {
    promoCode: 'WELCOME10',
    rate: '0.1',
    validFrom: '2026-11-01T00:00:00+11:00',
    validTo: '2027-01-31T23:59:59+11:00',
  });
  await createDiscount(db, {
    promoCode: 'SPRING',
    rate: '0.2',
    validFrom: '2026-09-01T00:00:00+10:00',
    validTo: '2026-11-20T23:59:59+11:00',
  });
  await createDiscount(db, {
    promoCode: 'SUMMER',
    rate: '0.2',
    validFrom: '2026-12-01T00:00:00+11:00',
    validTo: '2027-02-28T23:59:59+11:00',
  });
  christmas = await createDiscount(db, {
    promoCode: 'XMAS',
    rate: '0.15',
    validFrom: '2026-11-01T00:00:00+11:00',
    validTo: '2026-12-31T23:59:59+11:00',
    dropOffStart: '2026-12-20T00:00:00+11:00',
    dropOffEnd: '2027-01-05T23:59:59+11:00',
  });
});
afterAll(() => server.close());

const check = (attributes: Record<string, unknown>, target = server) =>
  api(target.app, 'POST', URL, { body: doc('promo-codes', attributes) });
const DROP_OFF = { dropOffStart: '2026-12-01T06:00:00+11:00', dropOffEnd: '2026-12-04T20:00:00+11:00' };

async function invalid(attributes: Record<string, unknown>) {
  const response = await check(attributes);
  expect(response.status).toBe(400);
  expect(response.body.errors).toEqual([
    {
      status: '400',
      code: 'promo_invalid',
      detail: 'This promo code is not valid.',
      source: { pointer: '/data/attributes/code' },
    },
  ]);
}

describe('POST promo-codes', () => {
  it('answers the rate of a valid code', async () => {
    const response = await check({ code: 'WELCOME10', ...DROP_OFF });
    expect(response.status).toBe(201);
    expect(one(response.body)).toEqual({
      type: 'promo-codes',
      id: String(welcome.id),
      attributes: {
        code: 'WELCOME10',
        discountRate: '0.1',
        dropOffStart: '2026-11-30T19:00:00.000Z',
        dropOffEnd: '2026-12-04T09:00:00.000Z',
      },
    });
  });

  it('accepts a lower-case code with spaces', async () => {
    const response = await check({ code: '  welcome10 ', ...DROP_OFF });
    expect(response.status).toBe(201);
    expect(one(response.body).attributes.code).toBe('WELCOME10');
  });

  it('refuses an expired code', () => invalid({ code: 'SPRING', ...DROP_OFF }));
  it('refuses a code not valid yet', () => invalid({ code: 'summer', ...DROP_OFF }));
  it('refuses an unknown code with the same answer', () => invalid({ code: 'FREEPARKING', ...DROP_OFF }));

  it('checks the drop-off against the code’s drop-off window', async () => {
    const inside = await check({
      code: 'xmas',
      dropOffStart: '2026-12-24T06:00:00+11:00',
      dropOffEnd: '2026-12-28T20:00:00+11:00',
    });
    expect(inside.status).toBe(201);
    expect(one(inside.body)).toMatchObject({
      id: String(christmas.id),
      attributes: { discountRate: '0.15' },
    });
    await invalid({
      code: 'XMAS',
      dropOffStart: '2026-12-19T23:00:00+11:00',
      dropOffEnd: '2026-12-24T20:00:00+11:00',
    });
    await invalid({ code: 'XMAS', dropOffStart: '2027-01-06T06:00:00+11:00' });
    // Without a drop-off the window cannot be checked.
    await invalid({ code: 'XMAS' });
  });

  it('follows the clock: valid until validTo, not after', async () => {
    const target = await createTestServer();
    onTestFinished(() => target.close());
    await createDiscount(target.handle.db, {
      promoCode: 'LAST',
      rate: '0.05',
      validFrom: '2026-11-01T00:00:00+11:00',
      validTo: '2026-11-21T10:00:00+11:00',
    });
    target.clock.current = new Date('2026-11-21T10:00:00+11:00');
    expect((await check({ code: 'LAST' }, target)).status).toBe(201);
    target.clock.advance(1000);
    expect((await check({ code: 'LAST' }, target)).status).toBe(400);
  });

  it('requires a code', async () => {
    for (const code of ['', '   ', undefined]) {
      const response = await check({ code, ...DROP_OFF });
      expect(response.status).toBe(400);
      expect(firstError(response.body)).toMatchObject({
        detail: messages.required,
        source: { pointer: '/data/attributes/code' },
      });
    }
  });

  it('refuses malformed drop-offs', async () => {
    const response = await check({ code: 'WELCOME10', dropOffStart: 'next tuesday' });
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({
      detail: messages.invalidDatetime,
      source: { pointer: '/data/attributes/dropOffStart' },
    });
  });

  it('limits checks per IP with 429, counting cost calculations with a code too', async () => {
    const target = await createTestServer({ rateLimits: { requestsPerIp: 3 } });
    onTestFinished(() => target.close());
    const lots = await pricedLots(target.handle.db);
    await createDiscount(target.handle.db, {
      promoCode: 'WELCOME10',
      rate: '0.1',
      validFrom: '2026-11-01T00:00:00+11:00',
      validTo: '2027-01-31T23:59:59+11:00',
    });
    expect((await check({ code: 'GUESS1' }, target)).status).toBe(400);
    expect((await check({ code: 'WELCOME10' }, target)).status).toBe(201);
    const costs = await api(target.app, 'POST', '/backend/api/v1/booking-quotes/', {
      body: doc(
        'booking-quotes',
        { startDatetime: DROP_OFF.dropOffStart, endDatetime: DROP_OFF.dropOffEnd, promoCode: 'GUESS2' },
        { relationships: { lot: { data: { type: 'lots', id: String(lots.indoor.id) } } } },
      ),
    });
    expect(costs.status).toBe(400);
    const limited = await check({ code: 'WELCOME10' }, target);
    expect(limited.status).toBe(429);
    expect(firstError(limited.body)).toMatchObject({
      status: '429',
      code: 'throttled',
      detail: quoteMessages.tooManyPromoChecks,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes.
    target.clock.advance(target.config.rateLimits.windowMs + 1000);
    expect((await check({ code: 'WELCOME10' }, target)).status).toBe(201);
  });
});

/**
 * Valid From/To bounds when the code is used; Drop Off Start/End bounds the drop-off (back-office
 * Discounts). Every bound is inclusive, to the second, and the staff enter them as Hobart wall-clock
 * times: a code valid from 21/11/2026 00:00 in Hobart is valid from 13:00 UTC the day before, not
 * from midnight UTC.
 */
describe('the windows at their boundaries, in the business time zone', () => {
  let target: TestServer;
  beforeAll(async () => {
    target = await createTestServer();
    await createDiscount(target.handle.db, {
      promoCode: 'EDGE',
      rate: '0.1',
      validFrom: '2026-11-21T00:00:00+11:00',
      validTo: '2026-11-22T23:59:59+11:00',
    });
    await createDiscount(target.handle.db, {
      promoCode: 'SEASON',
      rate: '0.2',
      validFrom: '2026-11-01T00:00:00+11:00',
      validTo: '2027-03-31T23:59:59+11:00',
      dropOffStart: '2026-12-20T00:00:00+11:00',
      dropOffEnd: '2027-01-10T23:59:59+11:00',
    });
    await createDiscount(target.handle.db, {
      promoCode: 'OPEN',
      rate: '0.05',
      validFrom: '2026-11-01T00:00:00+11:00',
      validTo: '2026-12-31T23:59:59+11:00',
    });
  });
  afterAll(() => target.close());

  const at = async (now: string, code: string, dropOffStart = '2026-12-01T06:00:00+11:00') => {
    target.clock.current = new Date(now);
    return (await check({ code, dropOffStart }, target)).status;
  };

  it('Valid From: from its first second in Hobart (inclusive), not a second before', async () => {
    expect(await at('2026-11-20T12:59:59Z', 'EDGE')).toBe(400);
    expect(await at('2026-11-20T13:00:00Z', 'EDGE')).toBe(201);
    expect(await at('2026-11-21T00:00:00+11:00', 'EDGE')).toBe(201);
  });

  it('Valid To: to its last second in Hobart (inclusive), not a second after', async () => {
    expect(await at('2026-11-22T23:59:59+11:00', 'EDGE')).toBe(201);
    expect(await at('2026-11-22T13:00:00Z', 'EDGE')).toBe(400);
  });

  it('Drop Off Start and End: a drop-off at either bound is inside, a second outside is not', async () => {
    const now = '2026-11-21T09:00:00+11:00';
    expect(await at(now, 'SEASON', '2026-12-19T23:59:59+11:00')).toBe(400);
    expect(await at(now, 'SEASON', '2026-12-20T00:00:00+11:00')).toBe(201);
    // The same instant written in UTC is the same drop-off.
    expect(await at(now, 'SEASON', '2026-12-19T13:00:00Z')).toBe(201);
    expect(await at(now, 'SEASON', '2027-01-10T23:59:59+11:00')).toBe(201);
    expect(await at(now, 'SEASON', '2027-01-11T00:00:00+11:00')).toBe(400);
  });

  it('a code without a drop-off window, used while valid, discounts a stay however far ahead (the booking horizon is the only limit)', async () => {
    const now = '2026-11-21T09:00:00+11:00';
    expect(await at(now, 'OPEN', '2028-11-20T06:00:00+11:00')).toBe(201);
    // Used after Valid To, it applies to nothing, whatever the drop-off.
    expect(await at('2027-01-01T00:00:00+11:00', 'OPEN', '2027-01-05T06:00:00+11:00')).toBe(400);
  });
});
