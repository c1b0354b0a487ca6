/**
 * The return trip through the API (issue 41): the board's cards in the order the cars are needed, the desk's steps
 * (every staff role of the back office), the traveller's one ask ("I have landed") and who may make it (a forged,
 * expired or other booking's token is refused; limited per network), none after the custody hand-back, the flight
 * poller's landing with its text, and the traveller's event stream.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@parking/domain/constants';
import { bringUpMessages } from '@parking/domain/bring-up';
import { issueManageLinkToken } from '../bookings/manage-link';
import { issueManageToken } from '../bookings/manage-tokens';
import { bookingLogs, bookings, customers, lotRegions } from '../db/schema/index';
import { pollFlights } from '../flights/flight-poll';
import { listCapturedSms } from '../sms/sms';
import { bringUpChanged, type BringUpChange } from './bring-up';
import { EXPECTED } from '@parking/domain/bring-up';
import { createUser, login } from '../test/factories';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, JSONAPI, many, one } from '../test/server';

const { server, f, paidGuestBooking, guestToken } = useManageBookingServer();
const people = {} as Record<'admin' | 'sales' | 'customer', { token: string; customerId: number }>;

beforeAll(async () => {
  const db = server.handle.db;
  const make = async (roles: Role[], firstName: string, staff = false) => {
    const { user, customer } = await createUser(db, { roles });
    await db.update(customers).set({ staff, firstName }).where(eq(customers.id, customer.id));
    return { token: await login(server.app, user.email), customerId: customer.id };
  };
  people.admin = await make(['Admins'], 'Ava', true);
  people.sales = await make(['Sales'], 'Jack', true);
  people.customer = await make(['Customers'], 'Cy');
});

const move = (id: number, token: string | undefined, attributes: Record<string, unknown>) =>
  api(server.app, 'POST', `${V1}/bookings/${id}/bring-up/moves/`, {
    token,
    body: doc('bring-up-moves', attributes),
  });
const ask = (id: number, headers: Record<string, string> = {}, token?: string) =>
  api(server.app, 'POST', `${V1}/manage-bookings/${id}/landed/`, {
    headers,
    token,
    body: doc('bring-up-asks', {}),
  });
const board = (token: string, date = '2026-12-03') =>
  api(server.app, 'GET', `${V1}/bring-up-board/?date=${date}`, { token });

async function guest() {
  const booking = await paidGuestBooking();
  return { ...booking, token: await guestToken(booking.code, booking.email) };
}

describe('the bring-up board', () => {
  it("lists the day's pick-ups in the order the cars are needed, for Admins and Sales only", async () => {
    const late = await guest();
    const early = await guest();
    await server.handle.db
      .update(bookings)
      .set({ endDatetime: new Date('2026-12-03T09:00:00+11:00') })
      .where(eq(bookings.id, early.id));
    for (const token of [people.admin.token, people.sales.token]) {
      const cards = many((await board(token)).body);
      const ids = cards.map((card) => card.id);
      expect(ids.indexOf(String(early.id))).toBeLessThan(ids.indexOf(String(late.id)));
      const card = cards.find((c) => c.id === String(early.id));
      // 09:00 booked + 10 minutes of shuttle + 15 of walk (the defaults).
      expect(card?.attributes).toMatchObject({
        state: 'expected',
        label: 'Expected',
        neededAt: new Date('2026-12-03T09:25:00+11:00').toISOString(),
        date: '2026-12-03',
      });
    }
    expect((await board(people.customer.token)).status).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/bring-up-board/`)).status).toBe(401);
    expect((await board(people.admin.token, '2026-13-45')).status).toBe(400);
  });

  it('moves a card along, records who brings it up and the bay, never back, and ends at the hand-back', async () => {
    const booking = await guest();
    const landed = await move(booking.id, people.sales.token, { state: 'landed' });
    expect(landed.status, JSON.stringify(landed.body)).toBe(200);
    expect(one(landed.body).attributes).toMatchObject({ state: 'landed', waitingSince: expect.any(String) });
    const bringing = await move(booking.id, people.sales.token, { state: 'bringing' });
    expect(one(bringing.body).attributes).toMatchObject({
      bringingBy: 'Jack',
      label: 'Being brought up by Jack',
    });
    const back = await move(booking.id, people.admin.token, { state: 'landed' });
    expect(back.status).toBe(409);
    expect(firstError(back.body)?.detail).toBe(bringUpMessages.goesBack);
    const noBay = await move(booking.id, people.admin.token, { state: 'ready', bay: '' });
    expect(noBay.status).toBe(400);
    expect(firstError(noBay.body)?.detail).toBe(bringUpMessages.bayRequired);
    const ready = await move(booking.id, people.admin.token, { state: 'ready', bay: '3' });
    expect(one(ready.body).attributes).toMatchObject({
      state: 'ready',
      label: 'Ready at bay 3',
      waitingSince: null,
    });
    const seen = await api(
      server.app,
      'GET',
      `${V1}/manage-bookings/${booking.id}/bring-up/`,
      asGuest(booking.token),
    );
    expect(one(seen.body).attributes).toMatchObject({ text: 'Ready at bay 3', canAsk: false });
    // The traveller's ask after the car is on its way is refused (one ask; nothing goes back).
    expect((await ask(booking.id, asGuest(booking.token).headers)).status).toBe(409);
    expect((await move(booking.id, people.customer.token, { state: 'ready', bay: '4' })).status).toBe(403);
    const logs = await server.handle.db
      .select({ info: bookingLogs.info })
      .from(bookingLogs)
      .where(and(eq(bookingLogs.bookingId, booking.id), eq(bookingLogs.action, 'bring_up')));
    expect(logs.map((log) => (log.info as { label: string }).label)).toEqual([
      'Landed',
      'Being brought up by Jack',
      'Ready at bay 3',
    ]);
  });
});

describe('"I have landed"', () => {
  it('asks for the car once, with the manage token', async () => {
    const booking = await guest();
    const first = await ask(booking.id, asGuest(booking.token).headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(one(first.body).attributes).toMatchObject({ state: 'asked', canAsk: false });
    const again = await ask(booking.id, asGuest(booking.token).headers);
    expect(again.status).toBe(409);
    expect(firstError(again.body)?.detail).toBe(bringUpMessages.alreadyAsked);
    const card = many((await board(people.sales.token)).body).find((c) => c.id === String(booking.id));
    expect(card?.attributes).toMatchObject({ state: 'asked', askedBy: 'traveller', label: 'Asked for' });
  });

  it("refuses a forged, expired or other booking's token, and an emailed link that is not the booking's", async () => {
    const booking = await guest();
    const other = await guest();
    const secret = server.config.sessionSecret;
    const forged = `${booking.id}.${'0'.repeat(20)}.AAAA`;
    const expired = issueManageToken(secret, booking.id, new Date('2026-01-01T00:00:00Z')).token;
    const wrongSecret = issueManageToken(
      'not-the-secret-0123456789abcdef0123',
      booking.id,
      server.clock.now(),
    ).token;
    for (const token of [forged, expired, wrongSecret, other.token]) {
      const refused = await ask(booking.id, { 'x-manage-token': token });
      expect(refused.status, token).toBe(403);
    }
    expect((await ask(booking.id)).status).toBe(403);
    // The text's link opens its own booking only.
    const [row] = await server.handle.db.select().from(bookings).where(eq(bookings.id, other.id));
    if (!row) throw new Error('booking');
    const link = issueManageLinkToken(secret, row);
    const swapped = await api(server.app, 'POST', `${V1}/manage-booking-links/`, {
      body: doc('manage-booking-links', { bookingId: String(booking.id), token: link }),
    });
    expect(swapped.status).toBe(403);
    const seen = await api(
      server.app,
      'GET',
      `${V1}/manage-bookings/${booking.id}/bring-up/`,
      asGuest(booking.token),
    );
    expect(one(seen.body).attributes).toMatchObject({ state: 'expected', canAsk: true });
  });

  it('is refused after the hand-back (the custody record, with the kilometres out)', async () => {
    const booking = await guest();
    const [region] = await server.handle.db
      .insert(lotRegions)
      .values({ lotId: f.outdoor.id, name: 'Bay A', rows: 5 })
      .returning();
    const at = server.clock.now().toISOString();
    const checkedIn = await api(server.app, 'POST', `${V1}/bookings/${booking.id}/custody/check-ins/`, {
      token: people.sales.token,
      body: doc(
        'custody-check-ins',
        { timeParked: at, fuelLevel: '1/2', kilometers: 1000, lotRegionRow: 1 },
        { relationships: { lotRegion: { data: { type: 'lot-regions', id: String(region?.id) } } } },
      ),
    });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(201);
    const handedBack = await api(server.app, 'POST', `${V1}/bookings/${booking.id}/custody/hand-backs/`, {
      token: people.sales.token,
      body: doc('custody-hand-backs', { at, kilometers: 1010 }),
    });
    expect(handedBack.status, JSON.stringify(handedBack.body)).toBe(201);
    const refused = await ask(booking.id, asGuest(booking.token).headers);
    expect(refused.status).toBe(409);
    expect(firstError(refused.body)?.detail).toBe(bringUpMessages.handedBack);
    expect((await move(booking.id, people.admin.token, { state: 'ready', bay: '1' })).status).toBe(409);
    const card = many((await board(people.sales.token)).body).find((c) => c.id === String(booking.id));
    expect(card?.attributes).toMatchObject({ state: 'handed_back', custodyStatus: 'handed_back' });
  });

  it('is limited per network like the look-up of a booking', async () => {
    const booking = await guest();
    const limits = server.config.rateLimits;
    const before = limits.requestsPerIp;
    limits.requestsPerIp = 2;
    // From a network of its own: the other tests' asks count for theirs.
    const fromAfar = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      server.app.inject({
        method: 'POST',
        url: `${V1}/manage-bookings/${booking.id}/landed/`,
        remoteAddress,
        headers: { 'content-type': JSONAPI, accept: JSONAPI, ...headers },
        payload: JSON.stringify(doc('bring-up-asks', {})),
      });
    try {
      const forged = { 'x-manage-token': 'forged' };
      expect((await fromAfar(forged)).statusCode).toBe(403);
      expect((await fromAfar(forged)).statusCode).toBe(403);
      const throttled = await fromAfar(asGuest(booking.token).headers);
      expect(throttled.statusCode).toBe(429);
      // Another network still asks.
      expect((await fromAfar(asGuest(booking.token).headers, '198.51.100.7')).statusCode).toBe(200);
    } finally {
      limits.requestsPerIp = before;
    }
  });
});

describe('the flight poller', () => {
  it('marks the card Landed with the latest arrival, and texts the "I have landed" link once', async () => {
    const booking = await guest();
    const landedAt = new Date('2026-12-03T18:20:00+11:00');
    const provider = {
      name: 'local' as const,
      arrival: async () => ({
        state: 'landed' as const,
        scheduledArrival: new Date('2026-12-03T17:40:00+11:00'),
        estimatedArrival: landedAt,
      }),
    };
    const services = { ...server.app.services, sms: server.app.services.sms };
    const now = new Date('2026-12-03T18:25:00+11:00');
    await pollFlights(services, provider, now, { flightNumber: 'QF1511', date: '2026-12-03' });
    await pollFlights(services, provider, now, { flightNumber: 'QF1511', date: '2026-12-03' });
    await server.app.services.jobs.drain();
    const card = many((await board(people.sales.token)).body).find((c) => c.id === String(booking.id));
    expect(card?.attributes).toMatchObject({
      state: 'landed',
      arrival: landedAt.toISOString(),
      landedAt: landedAt.toISOString(),
      // Ordered by the landing, not the pick-up as booked: + 10 shuttle + 15 walk.
      neededAt: new Date('2026-12-03T18:45:00+11:00').toISOString(),
    });
    const texts = listCapturedSms(
      server.config.sms.provider === 'captured' ? server.config.sms.dir : '',
    ).filter((text) => text.body.includes(booking.code) && text.body.includes('I have landed'));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`/manage-booking?code=${booking.code}&booking=${booking.id}&token=`);
  });
});

describe("the traveller's event stream", () => {
  it('sends the bring-up as it is, to the token of its booking only', async () => {
    const booking = await guest();
    const other = await guest();
    const refused = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/bring-up/events/`, {
      headers: { 'x-manage-token': other.token },
    });
    expect(refused.status).toBe(403);
    const limits = server.config.bringUp;
    const before = limits.streamMs;
    limits.streamMs = 1000;
    try {
      const streamed = await server.app.inject({
        method: 'GET',
        url: `${V1}/manage-bookings/${booking.id}/bring-up/events/`,
        headers: { 'x-manage-token': booking.token },
      });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers['content-type']).toContain('text/event-stream');
      expect(streamed.body).toContain('event: bring-up');
      expect(streamed.body).toContain('"canAsk":true');
    } finally {
      limits.streamMs = before;
    }
  });
});

describe('bringUpChanged, the one place every change goes through', () => {
  it('writes the Edit History line and queues the landed text (once the flight has landed)', async () => {
    const booking = await guest();
    const at = server.clock.now();
    const change: BringUpChange = {
      bookingId: booking.id,
      from: EXPECTED,
      to: { ...EXPECTED, state: 'landed', landedAt: at },
      userId: null,
      at,
    };
    await server.handle.db.transaction((tx) => bringUpChanged(tx, change));
    await server.app.services.jobs.drain();
    const [log] = await server.handle.db
      .select({ info: bookingLogs.info })
      .from(bookingLogs)
      .where(and(eq(bookingLogs.bookingId, booking.id), eq(bookingLogs.action, 'bring_up')));
    expect(log?.info).toMatchObject({ state: 'landed', label: 'Landed' });
    const dir = server.config.sms.provider === 'captured' ? server.config.sms.dir : '';
    expect(listCapturedSms(dir).filter((text) => text.body.includes(booking.code))).toHaveLength(1);
  });
});
