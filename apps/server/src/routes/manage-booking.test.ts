/** Manage my booking through the API: access, changes up and down in price, capacity, the cut-off, cancellation and refunds. */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manageMessages } from '@parking/domain/manage-booking';
import { messages } from '@parking/domain/messages';
import { issueManageToken } from '../auth/manage-tokens';
import { bookingLogs, bookings, extras, localProviderObjects, lots } from '../db/schema/index';
import { presentByDay } from '../services/pricing-data';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import { api, Clock, createTestServer, doc, firstError, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let n = 0;
const START = new Clock().current;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
});
afterAll(() => server.close());
afterEach(() => {
  server.clock.current = START;
});

const pay = async (clientSecret: string) => {
  const paid = await api(server.app, 'POST', `${V1}/local-payments/`, {
    body: doc('local-payments', { clientSecret, number: '4242424242424242', expiry: '12 / 30', cvc: '123' }),
  });
  expect(paid.status).toBe(201);
  expect(
    (
      await api(server.app, 'POST', `${V1}/payment-confirmations/`, {
        body: doc('payment-confirmations', { clientSecret }),
      })
    ).status,
  ).toBe(201);
};

/** A guest's booking from the wizard (outdoor, 1-3 Dec: 3 days, $52), paid with 4242…. */
async function paidGuestBooking(overrides: Parameters<typeof bookingDoc>[1] = {}) {
  n += 1;
  const email = `manager${n}@example.com`;
  const created = await api(server.app, 'POST', `${V1}/bookings/`, {
    body: bookingDoc(f, { ...overrides, attributes: { email, ...overrides.attributes } }),
  });
  expect(created.status).toBe(201);
  const booking = one(created.body);
  await pay(String(booking.attributes.clientSecret));
  return { id: Number(booking.id), code: String(booking.attributes.bookingCode), email };
}

async function guestToken(code: string, email: string): Promise<string> {
  const response = await api(server.app, 'POST', `${V1}/manage-booking-sessions/`, {
    body: doc('manage-booking-sessions', { bookingCode: code, email }),
  });
  expect(response.status).toBe(201);
  return String(one(response.body).attributes.token);
}

const asGuest = (token: string) => ({ headers: { 'x-manage-token': token } });
const change = (
  id: number,
  attributes: Record<string, unknown>,
  auth: { headers?: Record<string, string>; token?: string },
  relationships?: Record<string, unknown>,
) =>
  api(server.app, 'POST', `${V1}/manage-bookings/${id}/changes/`, {
    ...auth,
    body: doc('booking-changes', attributes, relationships ? { relationships } : {}),
  });
const cancel = (id: number, auth: { headers?: Record<string, string>; token?: string }) =>
  api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
    ...auth,
    body: doc('cancellations', {}),
  });
const row = async (id: number) =>
  (await server.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const logs = async (id: number, action: string) =>
  server.handle.db
    .select()
    .from(bookingLogs)
    .where(and(eq(bookingLogs.bookingId, id), eq(bookingLogs.action, action)));
const providerRefunds = async (intentId: string) =>
  (
    await server.handle.db.select().from(localProviderObjects).where(eq(localProviderObjects.kind, 'refund'))
  ).filter((object) => (object.data as { payment_intent?: string }).payment_intent === intentId);

describe('a guest needs the booking code and email', () => {
  it('finds the booking only with both, and opens it only with the token', async () => {
    const booking = await paidGuestBooking();
    const wrong = await api(server.app, 'POST', `${V1}/manage-booking-sessions/`, {
      body: doc('manage-booking-sessions', { bookingCode: booking.code, email: 'someone@example.com' }),
    });
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)?.detail).toBe(manageMessages.notFound);
    const missing = await api(server.app, 'POST', `${V1}/manage-booking-sessions/`, {
      body: doc('manage-booking-sessions', { bookingCode: '', email: '' }),
    });
    expect(missing.body.errors?.map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/bookingCode',
      '/data/attributes/email',
    ]);

    const anonymous = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`);
    expect(anonymous.status).toBe(403);
    expect((await cancel(booking.id, {})).status).toBe(403);
    const forged = await api(
      server.app,
      'GET',
      `${V1}/manage-bookings/${booking.id}/`,
      asGuest(`${booking.id}.9999999999.${'A'.repeat(43)}`),
    );
    expect(forged.status).toBe(403);
    expect(firstError(forged.body)?.detail).toBe(manageMessages.linkExpired);

    const token = await guestToken(booking.code.toLowerCase(), booking.email.toUpperCase());
    const opened = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token));
    expect(opened.status).toBe(200);
    expect(one(opened.body).attributes).toMatchObject({
      bookingCode: booking.code,
      totalCost: '52.00',
      amountPaid: '52.00',
      amountDue: '0.00',
      canManage: true,
      cancellationRefund: '52.00',
    });

    // A token opens its own booking only, and not after it expires.
    const other = await paidGuestBooking();
    expect((await api(server.app, 'GET', `${V1}/manage-bookings/${other.id}/`, asGuest(token))).status).toBe(
      403,
    );
    server.clock.advance(61 * 60_000);
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token))).status,
    ).toBe(403);
  });

  it('wrong guesses at one booking code are limited', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerEmail: 3 } });
    try {
      const lookup = (email: string) =>
        api(limited.app, 'POST', `${V1}/manage-booking-sessions/`, {
          body: doc('manage-booking-sessions', { bookingCode: 'ABCDEFGH', email }),
        });
      for (let i = 0; i < 3; i += 1) expect((await lookup(`guess${i}@example.com`)).status).toBe(400);
      const refused = await lookup('guess4@example.com');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('a customer manages only their own bookings', () => {
  it("opens and changes their own; another customer's is not found", async () => {
    const owner = await createUser(server.handle.db);
    const stranger = await createUser(server.handle.db);
    const ownerToken = await login(server.app, owner.user.email);
    const strangerToken = await login(server.app, stranger.user.email);
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: ownerToken,
      body: bookingDoc(f, {
        attributes: { email: owner.user.email },
        relationships: { customer: { data: { type: 'customers', id: String(owner.customer.id) } } },
      }),
    });
    expect(created.status).toBe(201);
    const id = Number(one(created.body).id);

    expect((await api(server.app, 'GET', `${V1}/manage-bookings/${id}/`, { token: ownerToken })).status).toBe(
      200,
    );
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${id}/`, { token: strangerToken })).status,
    ).toBe(404);
    expect((await change(id, { flightNumberOut: 'QF9' }, { token: strangerToken })).status).toBe(404);
    expect((await cancel(id, { token: strangerToken })).status).toBe(404);
    expect(
      (
        await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
          token: strangerToken,
          body: doc('payments', {}),
        })
      ).status,
    ).toBe(404);
    expect((await row(id))?.status).toBe('pending');

    const changed = await change(id, { flightNumberOut: 'QF9' }, { token: ownerToken });
    expect(changed.status).toBe(200);
    expect((await row(id))?.flightNumberOut).toBe('QF9');
  });
});

describe('changing dates', () => {
  it('a later return costs more: the difference is paid by card (4242…), logged and emailed', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const quote = await api(server.app, 'POST', `${V1}/manage-bookings/${booking.id}/change-quotes/`, {
      ...asGuest(token),
      body: doc('change-quotes', { endDatetime: '2026-12-05T18:00:00+11:00' }),
    });
    expect(one(quote.body).attributes).toMatchObject({
      totalCost: '70.00',
      amountDue: '18.00',
      refund: '0.00',
    });
    expect((await row(booking.id))?.totalCost).toBe('52.00');

    const changed = await change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token));
    expect(changed.status).toBe(200);
    const attributes = one(changed.body).attributes;
    // The change waits for its difference: the booking stays as booked (and paid) until then.
    expect(attributes).toMatchObject({
      totalCost: '52.00',
      amountPaid: '52.00',
      amountDue: '18.00',
      paymentStatus: 'paid',
      changePending: true,
    });
    expect(String(attributes.clientSecret)).toMatch(/^pi_/);
    expect(await logs(booking.id, 'updated')).toEqual([]);

    await pay(String(attributes.clientSecret));
    expect(await row(booking.id)).toMatchObject({
      totalCost: '70.00',
      amountPaid: '70.00',
      paymentStatus: 'paid',
      status: 'complete',
    });
    const [updated] = await logs(booking.id, 'updated');
    expect(updated?.info).toMatchObject({
      endDatetime: ['2026-12-03T07:00:00.000Z', '2026-12-05T07:00:00.000Z'],
      totalCost: ['52.00', '70.00'],
    });
    const mail = mailTo(server, booking.email).find((message) =>
      message.subject.includes('has been changed'),
    );
    expect(mail?.text).toContain('Thank you for paying the difference of $18.00.');
    expect(mail?.html).toContain('Manage my booking');
  });

  it('an earlier return costs less: the difference goes back to the card, once', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const changed = await change(booking.id, { endDatetime: '2026-12-01T18:00:00+11:00' }, asGuest(token));
    expect(changed.status).toBe(200);
    expect(one(changed.body).attributes).toMatchObject({
      totalCost: '25.00',
      amountPaid: '25.00',
      amountDue: '0.00',
      refunded: '27.00',
      clientSecret: null,
    });
    const intent = (await row(booking.id))?.paymentIntentId ?? '';
    expect(
      (await providerRefunds(intent)).map((object) => (object.data as { amount: number }).amount),
    ).toEqual([2700]);
    expect(await logs(booking.id, 'refunded')).toHaveLength(1);
    expect(mailTo(server, booking.email).at(-1)?.text).toContain('We have refunded $27.00 to your card.');
  });

  it('the same dates again change nothing and log nothing', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    expect(
      (await change(booking.id, { endDatetime: '2026-12-03T18:00:00+11:00' }, asGuest(token))).status,
    ).toBe(200);
    expect(await logs(booking.id, 'updated')).toHaveLength(0);
  });

  it('a change into a full day is refused with the full-lot message; days already booked are not re-counted', async () => {
    const booking = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    await server.handle.db
      .update(lots)
      .set({ spaces: 1, fillRateThreshold: '1' })
      .where(eq(lots.id, f.indoor.id));
    try {
      await insertBooking(server.handle.db, {
        lotId: f.indoor.id,
        startDatetime: new Date('2026-12-05T08:00:00+11:00'),
      });
      const token = await guestToken(booking.code, booking.email);
      const refused = await change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token));
      expect(refused.status).toBe(400);
      expect(firstError(refused.body)).toMatchObject({ detail: messages.lotFull, code: 'lot_full' });
      expect((await row(booking.id))?.endDatetime?.toISOString()).toBe('2026-12-03T07:00:00.000Z');
      // Its own days are its own: a shorter stay in the same full lot goes through.
      expect(
        (await change(booking.id, { endDatetime: '2026-12-02T18:00:00+11:00' }, asGuest(token))).status,
      ).toBe(200);
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
        .where(eq(lots.id, f.indoor.id));
    }
  });

  it('two changes racing for the last space: one gets it, the other is refused (the lot lock, as when booking)', async () => {
    const first = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    const second = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    // Room for the cars already there on the days the changes add, and one more.
    const present =
      (
        await presentByDay(
          server.handle.db,
          [f.indoor.id],
          '2026-12-04',
          '2026-12-06',
          server.config.timeZone,
          server.clock.now(),
        )
      ).get(f.indoor.id) ?? [];
    await server.handle.db
      .update(lots)
      .set({ spaces: Math.max(0, ...present) + 1, fillRateThreshold: '1' })
      .where(eq(lots.id, f.indoor.id));
    try {
      const tokens = await Promise.all([
        guestToken(first.code, first.email),
        guestToken(second.code, second.email),
      ]);
      const results = await Promise.all([
        change(first.id, { endDatetime: '2026-12-06T18:00:00+11:00' }, asGuest(tokens[0] ?? '')),
        change(second.id, { endDatetime: '2026-12-06T18:00:00+11:00' }, asGuest(tokens[1] ?? '')),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
      expect(results.map((result) => firstError(result.body)?.code).filter(Boolean)).toEqual(['lot_full']);
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
        .where(eq(lots.id, f.indoor.id));
    }
  });

  it('extras and vehicle type are priced as the booking engine prices them; kept extras keep their sold price', async () => {
    const booking = await paidGuestBooking({
      relationships: { extras: { data: [{ type: 'extras', id: String(f.valet.id) }] } },
    });
    const token = await guestToken(booking.code, booking.email);
    // The valet's price changes after the sale: the booking keeps its $120.
    await server.handle.db.update(extras).set({ basePrice: '150.00' }).where(eq(extras.id, f.valet.id));
    try {
      const added = await change(booking.id, {}, asGuest(token), {
        extras: {
          data: [
            { type: 'extras', id: String(f.valet.id) },
            { type: 'extras', id: String(f.wash.id) },
          ],
        },
      });
      expect(one(added.body).attributes).toMatchObject({ amountDue: '30.00', changePending: true });
      await pay(String(one(added.body).attributes.clientSecret));
      expect(await row(booking.id)).toMatchObject({
        extrasCost: '150.00',
        totalCost: '202.00',
        amountPaid: '202.00',
      });
      // An SUV: the wash's SUV variation ($40) and the valet at today's price.
      const suv = await change(booking.id, {}, asGuest(token), {
        vehicleType: { data: { type: 'vehicle-types', id: String(f.suv.id) } },
      });
      expect(one(suv.body).attributes).toMatchObject({ amountDue: '40.00', changePending: true });
      await pay(String(one(suv.body).attributes.clientSecret));
      expect(await row(booking.id)).toMatchObject({ extrasCost: '190.00', totalCost: '242.00' });
      const hidden = await change(booking.id, {}, asGuest(token), {
        extras: { data: [{ type: 'extras', id: String(f.hidden.id) }] },
      });
      expect(firstError(hidden.body)?.source?.pointer).toBe('/data/relationships/extras');
      const [updated] = (await logs(booking.id, 'updated')).slice(-1);
      expect(updated?.info).toMatchObject({
        vehicleTypeId: [f.sedan.id, f.suv.id],
        extrasCost: ['150.00', '190.00'],
      });
    } finally {
      await server.handle.db.update(extras).set({ basePrice: '120.00' }).where(eq(extras.id, f.valet.id));
    }
  });

  it('after the cut-off (2 hours before drop-off) nothing can be changed or cancelled', async () => {
    const booking = await paidGuestBooking();
    server.clock.current = new Date('2026-12-01T04:30:00+11:00');
    const token = await guestToken(booking.code, booking.email);
    const refused = await change(booking.id, { endDatetime: '2026-12-04T18:00:00+11:00' }, asGuest(token));
    expect(refused.status).toBe(400);
    expect(firstError(refused.body)?.detail).toBe(manageMessages.pastCutoff(2));
    expect((await cancel(booking.id, asGuest(token))).status).toBe(400);
    const view = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token));
    expect(one(view.body).attributes).toMatchObject({ canManage: false, cancellationRefund: null });
    expect(await row(booking.id)).toMatchObject({ status: 'complete', totalCost: '52.00' });
  });

  it('refuses a change that moves drop-off past its own cut-off, or invalid fields', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const tooSoon = await change(booking.id, { startDatetime: '2026-11-21T10:00:00+11:00' }, asGuest(token));
    expect(firstError(tooSoon.body)?.detail).toBe(manageMessages.pastCutoff(2));
    const inverted = await change(booking.id, { endDatetime: '2026-11-30T10:00:00+11:00' }, asGuest(token));
    expect(firstError(inverted.body)).toMatchObject({
      detail: messages.arrivalBeforeDeparture,
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const unknown = await change(booking.id, { totalCost: '1.00' }, asGuest(token));
    expect(unknown.status).toBe(400);
  });
});

describe('cancelling', () => {
  it('more than 24 hours ahead refunds everything through the provider, once, however often it is asked; the space is free at once', async () => {
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const present = async () =>
      (
        await presentByDay(
          server.handle.db,
          [f.outdoor.id],
          '2026-12-02',
          '2026-12-02',
          server.config.timeZone,
          server.clock.now(),
        )
      ).get(f.outdoor.id)?.[0];
    const before = await present();

    const first = await cancel(booking.id, asGuest(token));
    expect(first.status).toBe(200);
    expect(one(first.body).attributes).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refunded: '52.00',
      amountPaid: '0.00',
    });
    expect(await present()).toBe((before ?? 0) - 1);
    const results = await Promise.all([
      cancel(booking.id, asGuest(token)),
      cancel(booking.id, asGuest(token)),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);

    const intent = (await row(booking.id))?.paymentIntentId ?? '';
    expect(await providerRefunds(intent)).toHaveLength(1);
    expect(await logs(booking.id, 'refunded')).toHaveLength(1);
    expect(await logs(booking.id, 'cancelled')).toHaveLength(1);
    expect(
      mailTo(server, booking.email).filter((message) => message.subject.includes('cancelled')),
    ).toHaveLength(1);
    expect(mailTo(server, booking.email).at(-1)?.text).toContain('We have refunded $52.00 to your card.');
  });

  it('within 24 hours keeps the parking and refunds the extras', async () => {
    const booking = await paidGuestBooking({
      relationships: { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
    });
    server.clock.current = new Date('2026-11-30T12:00:00+11:00');
    const token = await guestToken(booking.code, booking.email);
    const cancelled = await cancel(booking.id, asGuest(token));
    expect(one(cancelled.body).attributes).toMatchObject({
      status: 'cancelled',
      refunded: '30.00',
      amountPaid: '52.00',
    });
  });

  it('an unpaid balance can be paid online, and not twice', async () => {
    const owner = await createUser(server.handle.db);
    const ownerToken = await login(server.app, owner.user.email);
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: ownerToken,
      body: bookingDoc(f, {
        attributes: { email: owner.user.email },
        relationships: { customer: { data: { type: 'customers', id: String(owner.customer.id) } } },
      }),
    });
    const id = Number(one(created.body).id);
    const opened = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
      token: ownerToken,
      body: doc('payments', {}),
    });
    expect(opened.status).toBe(201);
    expect(one(opened.body).attributes.amount).toBe('52.00');
    await pay(String(one(opened.body).attributes.clientSecret));
    expect(await row(id)).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountPaid: '52.00' });
    const again = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
      token: ownerToken,
      body: doc('payments', {}),
    });
    expect(firstError(again.body)?.detail).toBe(manageMessages.nothingDue);
  });

  it('staff may open any booking; a token signed with another secret is refused', async () => {
    const booking = await paidGuestBooking();
    const admin = await createUser(server.handle.db, { roles: ['Admins'] });
    expect(
      (
        await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, {
          token: await login(server.app, admin.user.email),
        })
      ).status,
    ).toBe(200);
    const foreign = issueManageToken(
      'another-secret-another-secret-another',
      booking.id,
      server.clock.now(),
    ).token;
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(foreign))).status,
    ).toBe(403);
  });
});
