import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLogs, bookings, customers, vehicles } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, createTestServer, firstError, many, one, type TestServer } from '../test/server';

const BOOKINGS = '/backend/api/v1/bookings/';
let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
});
afterAll(() => server.close());

describe('bookings: a guest books from the wizard', () => {
  it('saves a pending booking with server-computed costs, a code, a customer, a vehicle and a log entry', async () => {
    const response = await api(server.app, 'POST', BOOKINGS, {
      body: bookingDoc(f, {
        attributes: { promoCode: ' welcome10 ', totalCost: '0.01', parkingCost: '1.00' },
        relationships: { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
      }),
    });
    expect(response.status).toBe(201);
    const booking = one(response.body);
    // 3 days outdoor = $52, 10% promo on parking only = $5.20, wash for a sedan = $30.
    expect(booking.attributes).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      bookingType: 'New - Website',
      parkingCost: '52.00',
      amountDiscounted: '5.20',
      extrasCost: '30.00',
      totalCost: '76.80',
      discountRate: '0.1',
      promoCode: 'WELCOME10',
      rego: 'ABC123',
      email: 'grace@example.com',
      extrasPrices: { [String(f.wash.id)]: '30.00' },
    });
    expect(booking.attributes.bookingCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const id = Number(booking.id);
    const [row] = await server.handle.db.select().from(bookings).where(eq(bookings.id, id));
    const [customer] = await server.handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, row?.customerId ?? 0));
    expect(customer).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', userId: null });
    const [vehicle] = await server.handle.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, row?.vehicleId ?? 0));
    expect(vehicle).toMatchObject({ rego: 'ABC123', ownerId: customer?.id });
    const logs = await server.handle.db.select().from(bookingLogs).where(eq(bookingLogs.bookingId, id));
    expect(logs.map((log) => log.action)).toEqual(['created']);
  });

  it('prices an extra by the vehicle type variation', async () => {
    const response = await api(server.app, 'POST', BOOKINGS, {
      body: bookingDoc(f, {
        attributes: { email: 'suv@example.com' },
        relationships: {
          vehicleType: { data: { type: 'vehicle-types', id: String(f.suv.id) } },
          extras: { data: [{ type: 'extras', id: String(f.wash.id) }] },
        },
      }),
    });
    expect(one(response.body).attributes).toMatchObject({ extrasCost: '40.00', totalCost: '92.00' });
  });

  it.each([
    [
      'a past departure',
      { startDatetime: '2026-11-01T06:00:00+11:00' },
      {},
      'startDatetime',
      'Date must be in the future',
    ],
    [
      // Today is allowed (the test clock: 21/11/2026 9:00 am), a drop-off time that has gone is not.
      'a drop-off earlier today',
      { startDatetime: '2026-11-21T08:55:00+11:00' },
      {},
      'startDatetime',
      'This drop-off time has already passed. Please choose a later flight or time.',
    ],
    [
      'return before departure',
      { endDatetime: '2026-11-30T06:00:00+11:00' },
      {},
      'endDatetime',
      'Arrival Time has to be before Departure Time',
    ],
    ['no passengers', { passengersOut: 0 }, {}, 'passengersOut', 'Must be a number greater than 0'],
    // One passengers rule for travellers, the public site's (issue 39): the wizard's, the API's and the change's.
    ['no passengers in', { passengersIn: 0 }, {}, 'passengersIn', 'Must be a number greater than 0'],
    ['no email', { email: '' }, {}, 'email', 'Email address required'],
    ['no rego', { rego: ' ' }, {}, 'rego', 'This field is required.'],
    ['an unknown promo code', { promoCode: 'NOPE' }, {}, 'promoCode', 'This promo code is not valid.'],
    ['no flight number', { flightNumberOut: '' }, {}, 'flightNumberOut', 'This field is required.'],
  ])('refuses %s', async (_name, attributes, relationships, field, detail) => {
    const response = await api(server.app, 'POST', BOOKINGS, {
      body: bookingDoc(f, { attributes, relationships }),
    });
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({
      detail,
      source: { pointer: `/data/attributes/${field}` },
    });
  });

  it.each([
    ['an unknown lot', { lot: { data: { type: 'lots', id: '999999' } } }, 'lot'],
    ['a bogus extra', { extras: { data: [{ type: 'extras', id: '999999' }] } }, 'extras'],
    ['a staff-only extra', { extras: { data: [{ type: 'extras', id: 'HIDDEN' }] } }, 'extras'],
    ['no vehicle type', { vehicleType: { data: null } }, 'vehicleType'],
  ])('refuses %s', async (_name, relationships, name) => {
    const rel = JSON.parse(JSON.stringify(relationships).replace('HIDDEN', String(f.hidden.id))) as Record<
      string,
      unknown
    >;
    const response = await api(server.app, 'POST', BOOKINGS, { body: bookingDoc(f, { relationships: rel }) });
    expect(response.status).toBe(400);
    expect(firstError(response.body)?.source?.pointer).toBe(`/data/relationships/${name}`);
  });

  it('allows "Not flying" without a flight number', async () => {
    const response = await api(server.app, 'POST', BOOKINGS, {
      body: bookingDoc(f, {
        attributes: { email: 'driver@example.com', flightNumberOut: '', busDepartureTime: null },
        relationships: { airlineOut: { data: { type: 'airlines', id: String(f.notFlying.id) } } },
      }),
    });
    expect(response.status).toBe(201);
  });

  it("a guest using a registered customer's email is asked to log in", async () => {
    await createUser(server.handle.db, { email: 'member@example.com' });
    const response = await api(server.app, 'POST', BOOKINGS, {
      body: bookingDoc(f, { attributes: { email: 'Member@example.com' } }),
    });
    expect(firstError(response.body)).toMatchObject({
      detail: 'This email address belongs to a user, please log in to continue.',
      source: { pointer: '/data/attributes/email' },
    });
  });
});

describe('bookings: customers and staff', () => {
  it("a customer's booking is theirs, with their account email; they see only their own", async () => {
    const { customer } = await createUser(server.handle.db, { email: 'own@example.com' });
    const token = await login(server.app, 'own@example.com');
    const created = await api(server.app, 'POST', BOOKINGS, {
      token,
      body: bookingDoc(f, { attributes: { email: 'other@example.com' } }),
    });
    expect(created.status).toBe(201);
    expect(one(created.body).attributes.email).toBe('own@example.com');
    expect(one(created.body).relationships?.customer?.data).toEqual({
      type: 'customers',
      id: String(customer.id),
    });
    const list = await api(server.app, 'GET', BOOKINGS, { token });
    expect((list.body.data as unknown[]).length).toBe(1);
    await createUser(server.handle.db, { email: 'stranger@example.com' });
    const strangerToken = await login(server.app, 'stranger@example.com');
    expect(
      (
        await api(server.app, 'GET', `${BOOKINGS}${created.body.data && one(created.body).id}/`, {
          token: strangerToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'PATCH', `${BOOKINGS}${one(created.body).id}/`, {
          token,
          body: { data: { type: 'bookings', id: one(created.body).id, attributes: { notes: 'x' } } },
        })
      ).status,
    ).toBe(403);
  });

  it("the 201 of an online booking is the booking as a read of it answers, with its payment's client secret", async () => {
    // The 201 is serialized from the row the statement linking its payment answers (bookOnline), not read again.
    await createUser(server.handle.db, { email: 'answered@example.com' });
    const token = await login(server.app, 'answered@example.com');
    const created = await api(server.app, 'POST', BOOKINGS, {
      token,
      body: bookingDoc(f, {
        attributes: { promoCode: 'WELCOME10' },
        relationships: { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
      }),
    });
    expect(created.status).toBe(201);
    const { clientSecret, ...attributes } = one(created.body).attributes;
    expect(clientSecret).toEqual(expect.any(String));
    const read = await api(server.app, 'GET', `${BOOKINGS}${one(created.body).id}/`, { token });
    expect(read.status).toBe(200);
    expect({ ...one(created.body), attributes }).toEqual(one(read.body));
    expect(attributes.extrasPrices).toEqual({ [String(f.wash.id)]: '30.00' });
    expect(one(read.body).relationships?.extras?.data).toEqual([{ type: 'extras', id: String(f.wash.id) }]);
  });

  it("a customer reads when their car was checked in (My Bookings' Parked now), but not staff notes", async () => {
    await createUser(server.handle.db, { email: 'checked-in@example.com' });
    const token = await login(server.app, 'checked-in@example.com');
    const created = await api(server.app, 'POST', BOOKINGS, { token, body: bookingDoc(f) });
    const id = Number(one(created.body).id);
    await server.handle.db
      .update(bookings)
      .set({ timeParked: new Date('2026-12-01T05:40:00+11:00'), notes: 'VIP', fuelLevel: '1/2' })
      .where(eq(bookings.id, id));
    const read = one((await api(server.app, 'GET', `${BOOKINGS}${id}/`, { token })).body);
    expect(read.attributes.timeParked).toBe('2026-11-30T18:40:00.000Z');
    expect(read.attributes).not.toHaveProperty('notes');
    expect(read.attributes).not.toHaveProperty('fuelLevel');
  });

  it('staff create complete bookings without an email (a placeholder is made), and updates are recomputed and logged', async () => {
    await createUser(server.handle.db, { email: 'desk@example.com', roles: ['Sales'] });
    const token = await login(server.app, 'desk@example.com');
    const created = await api(server.app, 'POST', BOOKINGS, {
      token,
      body: bookingDoc(f, {
        attributes: {
          email: '',
          startDatetime: '2026-11-01T06:00:00+11:00',
          endDatetime: '2026-11-01T20:00:00+11:00',
          notes: 'walk-in',
        },
      }),
    });
    expect(created.status).toBe(201);
    const booking = one(created.body);
    expect(booking.attributes).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
      bookingType: 'New',
      parkingCost: '25.00',
      notes: 'walk-in',
    });
    expect(booking.attributes.email).toMatch(/^no-email-[0-9a-f-]{36}@parking\.test$/);
    const patched = await api(server.app, 'PATCH', `${BOOKINGS}${booking.id}/`, {
      token,
      body: {
        data: {
          type: 'bookings',
          id: booking.id,
          attributes: { endDatetime: '2026-11-03T20:00:00+11:00', totalCost: '1.00' },
        },
      },
    });
    expect(patched.status).toBe(200);
    expect(one(patched.body).attributes).toMatchObject({ parkingCost: '52.00', totalCost: '52.00' });
    const logs = await server.handle.db
      .select()
      .from(bookingLogs)
      .where(eq(bookingLogs.bookingId, Number(booking.id)));
    expect(logs.map((log) => log.action)).toEqual(['created', 'updated']);
    expect(Object.keys(logs[1]?.info as object)).toEqual(
      expect.arrayContaining(['endDatetime', 'parkingCost', 'totalCost']),
    );
  });
});

describe('booking logs (edit history)', () => {
  it('Admins read a booking’s history newest first with the user; Sales and customers cannot', async () => {
    await createUser(server.handle.db, { email: 'boss@example.com', roles: ['Admins'] });
    const token = await login(server.app, 'boss@example.com');
    const created = await api(server.app, 'POST', BOOKINGS, {
      token,
      body: bookingDoc(f, { attributes: { email: 'hist@example.com' } }),
    });
    const id = one(created.body).id;
    await api(server.app, 'PATCH', `${BOOKINGS}${id}/`, {
      token,
      body: { data: { type: 'bookings', id, attributes: { notes: 'VIP' } } },
    });
    const history = await api(
      server.app,
      'GET',
      `/backend/api/v1/booking-logs/?filter[booking]=${id}&sort=-timestamp,-id&page[size]=5&include=user`,
      { token },
    );
    expect(history.status).toBe(200);
    const logs = many(history.body);
    expect(logs.map((log) => log.attributes.action)).toEqual(['updated', 'created']);
    expect(logs[0]?.attributes.info).toEqual({ notes: ['', 'VIP'] });
    expect(history.body.included?.[0]?.attributes.email).toBe('boss@example.com');
    await createUser(server.handle.db, { email: 'clerk@example.com', roles: ['Sales'] });
    const sales = await login(server.app, 'clerk@example.com');
    expect(
      (await api(server.app, 'GET', `/backend/api/v1/booking-logs/?filter[booking]=${id}`, { token: sales }))
        .status,
    ).toBe(403);
  });
});

describe('promo codes cannot be guessed through bookings', () => {
  it('each booking that tries a code counts against the per-IP promo limit', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerIp: 2 } });
    try {
      const fixtures = await bookingFixtures(limited.handle.db);
      const attempt = (i: number) =>
        api(limited.app, 'POST', BOOKINGS, {
          body: bookingDoc(fixtures, {
            attributes: { email: `guess${i}@example.com`, promoCode: `GUESS${i}` },
          }),
        });
      expect((await attempt(1)).status).toBe(400);
      expect((await attempt(2)).status).toBe(400);
      expect((await attempt(3)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
