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
  welcome = await createDiscount(db, { promoCode: 'WELCOME10', rate: '0.1', validFrom: '2026-11-01T00:00:00+11:00', validTo: '2027-01-31T23:59:59+11:00' });
  await createDiscount(db, { promoCode: 'SPRING', rate: '0.2', validFrom: '2026-09-01T00:00:00+10:00', validTo: '2026-11-20T23:59:59+11:00' });
  await createDiscount(db, { promoCode: 'SUMMER', rate: '0.2', validFrom: '2026-12-01T00:00:00+11:00', validTo: '2027-02-28T23:59:59+11:00' });
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

const check = (attributes: Record<string, unknown>, target = server) => api(target.app, 'POST', URL, { body: doc('promo-codes', attributes) });
const DROP_OFF = { dropOffStart: '2026-12-01T06:00:00+11:00', dropOffEnd: '2026-12-04T20:00:00+11:00' };

async function invalid(attributes: Record<string, unknown>) {
  const response = await check(attributes);
  expect(response.status).toBe(400);
  expect(response.body.errors).toEqual([
    { status: '400', code: 'promo_invalid', detail: 'This promo code is not valid.', source: { pointer: '/data/attributes/code' } },
  ]);
}

describe('POST promo-codes', () => {
  it('answers the rate of a valid code', async () => {
    const response = await check({ code: 'WELCOME10', ...DROP_OFF });
    expect(response.status).toBe(201);
    expect(one(response.body)).toEqual({
      type: 'promo-codes',
      id: String(welcome.id),
      attributes: { code: 'WELCOME10', discountRate: '0.1', dropOffStart: '2026-11-30T19:00:00.000Z', dropOffEnd: '2026-12-04T09:00:00.000Z' },
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
    const inside = await check({ code: 'xmas', dropOffStart: '2026-12-24T06:00:00+11:00', dropOffEnd: '2026-12-28T20:00:00+11:00' });
    expect(inside.status).toBe(201);
    expect(one(inside.body)).toMatchObject({ id: String(christmas.id), attributes: { discountRate: '0.15' } });
    await invalid({ code: 'XMAS', dropOffStart: '2026-12-19T23:00:00+11:00', dropOffEnd: '2026-12-24T20:00:00+11:00' });
    await invalid({ code: 'XMAS', dropOffStart: '2027-01-06T06:00:00+11:00' });
    // Without a drop-off the window cannot be checked.
    await invalid({ code: 'XMAS' });
  });

  it('follows the clock: valid until validTo, not after', async () => {
    const target = await createTestServer();
    onTestFinished(() => target.close());
    await createDiscount(target.handle.db, { promoCode: 'LAST', rate: '0.05', validFrom: '2026-11-01T00:00:00+11:00', validTo: '2026-11-21T10:00:00+11:00' });
    target.clock.current = new Date('2026-11-21T10:00:00+11:00');
    expect((await check({ code: 'LAST' }, target)).status).toBe(201);
    target.clock.advance(1000);
    expect((await check({ code: 'LAST' }, target)).status).toBe(400);
  });

  it('requires a code', async () => {
    for (const code of ['', '   ', undefined]) {
      const response = await check({ code, ...DROP_OFF });
      expect(response.status).toBe(400);
      expect(firstError(response.body)).toMatchObject({ detail: messages.required, source: { pointer: '/data/attributes/code' } });
    }
  });

  it('refuses malformed drop-offs', async () => {
    const response = await check({ code: 'WELCOME10', dropOffStart: 'next tuesday' });
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({ detail: messages.invalidDatetime, source: { pointer: '/data/attributes/dropOffStart' } });
  });

  it('limits checks per IP with 429, counting cost calculations with a code too', async () => {
    const target = await createTestServer({ rateLimits: { requestsPerIp: 3 } });
    onTestFinished(() => target.close());
    const lots = await pricedLots(target.handle.db);
    await createDiscount(target.handle.db, { promoCode: 'WELCOME10', rate: '0.1', validFrom: '2026-11-01T00:00:00+11:00', validTo: '2027-01-31T23:59:59+11:00' });
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
    expect(firstError(limited.body)).toMatchObject({ status: '429', code: 'throttled', detail: quoteMessages.tooManyPromoChecks });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes.
    target.clock.advance(target.config.rateLimits.windowMs + 1000);
    expect((await check({ code: 'WELCOME10' }, target)).status).toBe(201);
  });
});
