/**
 * Issue 14's abuse limits "per IP and per account": each limited action is counted per account as
 * well as per network, so that an attacker spreading one address's (or one account's) requests over
 * many IPs is refused too. Every refusal is a 429 JSON:API error with Retry-After; the window passes.
 * (The per-IP halves, and password resets and confirmation emails per address, are tested beside their
 * routes.)
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '@parking/domain/contact';
import { messages } from '@parking/domain/messages';
import { quoteMessages } from '@parking/domain/quotes';
import { createUser, login } from '../test/factories';
import { loadConfig } from '../config/config';
import { createDiscount, pricedLots } from '../test/pricing-fixtures';
import { createTestServer, doc, JSONAPI, type TestServer } from '../test/server';

const API = '/backend/api/v1';
const LIMIT = 2;

let server: TestServer;
let indoorLot: string;
let ipSequence = 0;
/** A new network for every request: only the per-account count can refuse. */
const freshIp = () => `198.51.100.${(ipSequence += 1) % 250}`;

beforeAll(async () => {
  server = await createTestServer({
    rateLimits: { registrationsPerEmail: LIMIT, requestsPerEmail: LIMIT, requestsPerAccount: LIMIT },
  });
  indoorLot = String((await pricedLots(server.handle.db)).indoor.id);
  await createDiscount(server.handle.db, {
    promoCode: 'WELCOME10',
    rate: '0.1',
    validFrom: '2026-11-01T00:00:00+11:00',
    validTo: '2027-01-31T23:59:59+11:00',
  });
});
afterAll(() => server.close());

async function send(
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
) {
  const response = await server.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      accept: JSONAPI,
      ...(options.body === undefined ? {} : { 'content-type': JSONAPI }),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<{ errors?: Array<{ status: string; code: string; detail: string }> }>(),
  };
}

function expectThrottled(response: Awaited<ReturnType<typeof send>>, detail: string) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ errors: [{ status: '429', code: 'throttled', detail }] });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const registration = (email: string) =>
  doc('users', {
    email,
    password: 'secret-pass-1',
    title: 'Mr',
    firstName: 'Alan',
    lastName: 'Smith',
    phoneNumber: '0400 111 222',
    business: '',
  });

describe('per account, whatever the network', () => {
  it('registration: attempts for one email address, then 429 for that address only', async () => {
    const address = 'target@example.com';
    expect((await send('POST', `${API}/users/`, { body: registration(address) })).status).toBe(201);
    // Trying the same address again (taken now) still counts: the limit is on what an attacker does.
    expect((await send('POST', `${API}/users/`, { body: registration(' TARGET@example.com') })).status).toBe(
      400,
    );
    expectThrottled(
      await send('POST', `${API}/users/`, { body: registration('Target@Example.com') }),
      messages.tooManyForAddress,
    );
    expect(
      (await send('POST', `${API}/users/`, { body: registration('someone-else@example.com') })).status,
    ).toBe(201);
  });

  it('contact messages: per sender address, then 429 with the form’s own wording', async () => {
    const message = (email: string) =>
      doc('contact-submissions', {
        name: 'Ruth Park',
        email,
        phoneNumber: '',
        message: 'Do you have EV charging?',
      });
    for (let i = 0; i < LIMIT; i += 1)
      expect(
        (await send('POST', `${API}/contact-submissions/`, { body: message('ruth@example.com') })).status,
      ).toBe(201);
    expectThrottled(
      await send('POST', `${API}/contact-submissions/`, { body: message(' RUTH@example.com') }),
      contactMessages.tooManyFromAddress,
    );
    expect(
      (await send('POST', `${API}/contact-submissions/`, { body: message('other@example.com') })).status,
    ).toBe(201);
  });

  it('promo code checks: per logged-in account, counting cost calculations with a code too', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    const check = (code: string, caller: { token?: string } = { token }) =>
      send('POST', `${API}/promo-codes/`, {
        ...caller,
        body: doc('promo-codes', { code, dropOffStart: '2026-12-01T06:00:00+11:00' }),
      });
    expect((await check('WELCOME10')).status).toBe(201);
    expect((await check('GUESS1')).status).toBe(400);
    expectThrottled(await check('GUESS2'), quoteMessages.tooManyPromoChecks);
    const quote = await send('POST', `${API}/booking-quotes/`, {
      token,
      body: doc(
        'booking-quotes',
        {
          startDatetime: '2026-12-01T06:00:00+11:00',
          endDatetime: '2026-12-04T20:00:00+11:00',
          promoCode: 'GUESS3',
        },
        { relationships: { lot: { data: { type: 'lots', id: indoorLot } } } },
      ),
    });
    expectThrottled(quote, quoteMessages.tooManyPromoChecks);
    // Another account, and an anonymous visitor, are not affected.
    const other = await createUser(server.handle.db);
    expect((await check('WELCOME10', { token: await login(server.app, other.user.email) })).status).toBe(201);
    expect((await check('WELCOME10', {})).status).toBe(201);
  });

  it('email checks: per address asked about', async () => {
    const ask = (address: string) => send('GET', `${API}/anon-emails/${encodeURIComponent(address)}/`);
    for (let i = 0; i < LIMIT; i += 1) expect((await ask('asked@example.com')).status).toBe(200);
    expectThrottled(await ask('asked@example.com'), 'Too many requests. Please try again later.');
    expect((await ask('another@example.com')).status).toBe(200);
  });

  it('emailed links (set a password, confirm an address): per account they name', async () => {
    const { user } = await createUser(server.handle.db);
    const reset = (uid: string) =>
      send('POST', `${API}/password-reset-confirmations/`, {
        body: doc('password-reset-confirmations', {
          uid,
          token: 'guessed-token',
          newPassword1: 'chosen-pass-1',
          newPassword2: 'chosen-pass-1',
        }),
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await reset(String(user.id))).status).toBe(400);
    expectThrottled(await reset(String(user.id)), 'Too many requests. Please try again later.');
    const confirm = (uid: string) =>
      send('POST', `${API}/email-confirmations/`, {
        body: doc('email-confirmations', { uid, token: 'guessed-token' }),
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await confirm(String(user.id))).status).toBe(400);
    expectThrottled(await confirm(String(user.id)), 'Too many requests. Please try again later.');
    // Another account's links are still answered (400: the token is wrong, not throttled).
    const other = await createUser(server.handle.db);
    expect((await reset(String(other.user.id))).status).toBe(400);
  });

  it('counts within RATE_LIMIT_WINDOW_MINUTES: once it has passed, the address is served again', async () => {
    server.clock.advance(server.config.rateLimits.windowMs + 1000);
    expect((await send('GET', `${API}/anon-emails/asked%40example.com/`)).status).toBe(200);
    // Taken, so refused for that reason now, not throttled.
    expect((await send('POST', `${API}/users/`, { body: registration('target@example.com') })).status).toBe(
      400,
    );
  });
});

describe('settings', () => {
  it('read RATE_LIMIT_REGISTRATIONS_PER_EMAIL and RATE_LIMIT_ACCOUNT_REQUESTS', () => {
    expect(
      loadConfig({ RATE_LIMIT_REGISTRATIONS_PER_EMAIL: '3', RATE_LIMIT_ACCOUNT_REQUESTS: '7' }).rateLimits,
    ).toMatchObject({
      registrationsPerEmail: 3,
      requestsPerAccount: 7,
    });
    expect(loadConfig({}).rateLimits).toMatchObject({
      registrationsPerEmail: 10,
      requestsPerAccount: 20,
      requestsPerEmail: 5,
    });
  });
});
