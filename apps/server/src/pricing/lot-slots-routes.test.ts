/**
 * Drop-off and pick-up slots through the API (issue 24): the lot's setting (Admins), each slot's load, and a
 * full slot refused for an online booking, a staff booking and a staff edit, beside the time's field; two
 * bookings racing over real HTTP for a slot's last place get it once (on PostgreSQL they truly race).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotMessages } from '@parking/domain/slots';
import { bookings, lots } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { api, doc, firstError, many, one, createTestServer, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let admin: string;
let customer: string;

const DROP_OFF = '2026-12-01T06:00:00+11:00';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  admin = await login(server.app, (await createUser(server.handle.db, { roles: ['Admins'] })).user.email);
  customer = await login(
    server.app,
    (await createUser(server.handle.db, { roles: ['Customers'] })).user.email,
  );
});
afterAll(() => server.close());

async function setCap(lotId: number, slotCapacity: number | null) {
  await server.handle.db.update(lots).set({ slotCapacity }).where(eq(lots.id, lotId));
}

async function clearBookings() {
  await server.handle.db.execute(sql`TRUNCATE bookings CASCADE`);
}

describe('the lot setting', () => {
  it('Admins set the cars per slot on the lot; empty is unlimited; others may not', async () => {
    const url = `${API}/lots/${f.indoor.id}/`;
    const set = await api(server.app, 'PATCH', url, {
      token: admin,
      body: doc('lots', { slotCapacity: 8 }, { id: String(f.indoor.id) }),
    });
    expect(set.status).toBe(200);
    expect(one(set.body).attributes.slotCapacity).toBe(8);
    const bad = await api(server.app, 'PATCH', url, {
      token: admin,
      body: doc('lots', { slotCapacity: 0 }, { id: String(f.indoor.id) }),
    });
    expect(bad.status).toBe(400);
    expect(firstError(bad.body)?.source?.pointer).toBe('/data/attributes/slotCapacity');
    const refused = await api(server.app, 'PATCH', url, {
      token: customer,
      body: doc('lots', { slotCapacity: 1 }, { id: String(f.indoor.id) }),
    });
    expect(refused.status).toBe(403);
    const cleared = await api(server.app, 'PATCH', url, {
      token: admin,
      body: doc('lots', { slotCapacity: null }, { id: String(f.indoor.id) }),
    });
    expect(one(cleared.body).attributes.slotCapacity).toBeNull();
  });
});

describe('slot loads', () => {
  it('answers every quarter hour of the business day with its cars, drop-offs and pick-ups alike', async () => {
    await clearBookings();
    await setCap(f.outdoor.id, 4);
    await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2026-12-01T06:05:00+11:00'),
    });
    await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2026-11-28T06:00:00+11:00'),
      endDatetime: at('2026-12-01T06:14:00+11:00'),
    });
    await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2026-12-01T06:10:00+11:00'),
      status: 'cancelled',
    });
    const answer = await api(server.app, 'GET', `${API}/lots/${f.outdoor.id}/slots/?date=2026-12-01`);
    expect(answer.status).toBe(200);
    const slots = many(answer.body);
    expect(slots).toHaveLength(96);
    const six = slots.find((slot) => slot.attributes.startDatetime === '2026-11-30T19:00:00.000Z');
    expect(six?.attributes).toMatchObject({ cars: 2, capacity: 4, level: 'quiet' });
    expect(slots.reduce((sum, slot) => sum + Number(slot.attributes.cars), 0)).toBe(2);
    const wrong = await api(server.app, 'GET', `${API}/lots/${f.outdoor.id}/slots/?date=2026-13-01`);
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)?.source?.parameter).toBe('date');
    for (const date of ['9999-12-31', '0001-01-01', '', '2026-12-01T00:00'])
      expect((await api(server.app, 'GET', `${API}/lots/${f.outdoor.id}/slots/?date=${date}`)).status).toBe(
        400,
      );
    expect((await api(server.app, 'GET', `${API}/lots/99999/slots/?date=2026-12-01`)).status).toBe(404);
  });
});

describe('a full slot', () => {
  it('refuses an online booking beside its drop-off or pick-up time, and lets the next slot through', async () => {
    await clearBookings();
    await setCap(f.outdoor.id, 2);
    for (let i = 0; i < 2; i += 1)
      await insertBooking(server.handle.db, {
        lotId: f.outdoor.id,
        startDatetime: at('2026-12-01T06:01:00+11:00'),
        endDatetime: at('2026-12-05T18:00:00+11:00'),
      });
    const full = await api(server.app, 'POST', `${API}/bookings/`, { body: bookingDoc(f) });
    expect(full.status).toBe(400);
    expect(firstError(full.body)).toMatchObject({
      code: 'slot_full',
      detail: slotMessages.dropOffFull,
      source: { pointer: '/data/attributes/startDatetime' },
    });
    const pickUp = await api(server.app, 'POST', `${API}/bookings/`, {
      body: bookingDoc(f, {
        attributes: { startDatetime: '2026-12-02T09:00:00+11:00', endDatetime: '2026-12-05T18:10:00+11:00' },
      }),
    });
    expect(firstError(pickUp.body)).toMatchObject({
      code: 'slot_full',
      detail: slotMessages.pickUpFull,
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const later = await api(server.app, 'POST', `${API}/bookings/`, {
      body: bookingDoc(f, { attributes: { startDatetime: '2026-12-01T06:15:00+11:00' } }),
    });
    expect(later.status).toBe(201);
    // Unlimited again: the same time goes through.
    await setCap(f.outdoor.id, null);
    expect((await api(server.app, 'POST', `${API}/bookings/`, { body: bookingDoc(f) })).status).toBe(201);
  });

  it("refuses staff's booking and staff's edit into it too; an edit that keeps its times is not re-judged", async () => {
    await clearBookings();
    await setCap(f.outdoor.id, 1);
    await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at(DROP_OFF),
      endDatetime: at('2026-12-05T18:00:00+11:00'),
    });
    const staffBooking = await api(server.app, 'POST', `${API}/bookings/`, {
      token: admin,
      body: bookingDoc(f),
    });
    expect(staffBooking.status).toBe(400);
    expect(firstError(staffBooking.body)?.code).toBe('slot_full');

    const other = await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2026-12-01T09:00:00+11:00'),
      endDatetime: at('2026-12-04T18:00:00+11:00'),
    });
    const id = String(other?.id);
    const moved = await api(server.app, 'PATCH', `${API}/bookings/${id}/`, {
      token: admin,
      body: doc('bookings', { startDatetime: '2026-12-01T06:10:00+11:00' }, { id }),
    });
    expect(moved.status).toBe(400);
    expect(firstError(moved.body)).toMatchObject({
      code: 'slot_full',
      source: { pointer: '/data/attributes/startDatetime' },
    });
    // Lower the cap below what is booked: a note on the booking still saves.
    await setCap(f.outdoor.id, 1);
    await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2026-12-01T09:05:00+11:00'),
      endDatetime: at('2026-12-06T18:00:00+11:00'),
    });
    const note = await api(server.app, 'PATCH', `${API}/bookings/${id}/`, {
      token: admin,
      body: doc('bookings', { notes: 'Keys in the safe' }, { id }),
    });
    expect(note.status).toBe(200);
  });
});

describe('racing for the last place of a slot', () => {
  it('two (and more) bookings at once for the last place: one gets it, the others get the slot error', async () => {
    await clearBookings();
    await setCap(f.outdoor.id, 3);
    for (let i = 0; i < 2; i += 1)
      await insertBooking(server.handle.db, {
        lotId: f.outdoor.id,
        startDatetime: at('2026-12-01T06:03:00+11:00'),
        endDatetime: at('2026-12-09T12:00:00+11:00'),
      });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const racers = 6;
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        fetch(`${base}${API}/bookings/`, {
          method: 'POST',
          headers: { 'content-type': 'application/vnd.api+json' },
          body: JSON.stringify(
            bookingDoc(f, {
              attributes: {
                email: `slot-racer${i}@example.com`,
                rego: `SLOT${i}`,
                // Each picks up in its own slot: only the drop-off's is raced for.
                endDatetime: new Date(Date.parse('2026-12-03T08:00:00+11:00') + i * 3_600_000).toISOString(),
              },
            }),
          ),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { errors?: Array<{ code: string; detail: string }> },
        })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(racers - 1);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0]).toMatchObject({ code: 'slot_full', detail: slotMessages.dropOffFull });
    }
    const [count] = await server.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        sql`${bookings.lotId} = ${f.outdoor.id} AND ${bookings.startDatetime} >= '2026-12-01T06:00:00+11:00' AND ${bookings.startDatetime} < '2026-12-01T06:15:00+11:00'`,
      );
    expect(count?.n).toBe(3);
  });
});
