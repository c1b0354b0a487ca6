/**
 * The website leaves the places held for partners (issue 42): with a fixed clock, a lot of N places, some taken, and
 * a partner's allotment of k places not yet released, the website's quote (held in memory) offers N − taken − held
 * and its booking's save refuses the next one with the product's full message; the places come back at each day's
 * release instant; changing the allotment changes the quote at once; a partner's own bookings count against its
 * allotment; a partner holds nothing out of live; staff may still book the places held.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { HOLDING_PARTNER_STATUSES, type PartnerStatus } from '@parking/domain/partners';
import { bookings, lots, partnerPushChanges } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { createPartner } from '../test/partner-fixtures';
import { insertBookings } from '../test/pricing-fixtures';
import { api, Clock, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
// The test clock is 2026-11-21T09:00+11:00; bookingDoc's stay is 1 to 3 December (Hobart).
const START = new Clock().current;
const N = 10;
const ALLOTMENT = 4;
let server: TestServer;
let f: Fixtures;
let admin: string;
let holder: { id: number };
let holderKey: string;

/** Whether the website's quote for the stay says the outdoor lot is full. */
const quoteFull = async () => {
  const response = await api(
    server.app,
    'GET',
    `${V1}/quotes/?start_date=2026-12-01&end_date=2026-12-03&filter[lot.slug]=outdoor`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return many(response.body)[0]?.attributes.fillThresholdExceeded;
};

/** The website's bookings made here. */
const websiteIds: number[] = [];

/** A website booking of the stay, marked paid at once (a pending one lets its place go after 15 minutes). */
let sequence = 0;
const bookOnline = async () => {
  sequence += 1;
  const response = await api(server.app, 'POST', `${V1}/bookings/`, {
    body: bookingDoc(f, { attributes: { email: `web${sequence}@example.com`, rego: `WEB${sequence}` } }),
  });
  if (response.status === 201) {
    const id = Number(one(response.body).id);
    websiteIds.push(id);
    await server.handle.db.update(bookings).set({ status: 'complete' }).where(eq(bookings.id, id));
  }
  return response;
};

const allotmentDoc = (attributes: Record<string, unknown>) =>
  doc('partner-allotments', attributes, {
    relationships: {
      partner: { data: { type: 'partners', id: String(holder.id) } },
      lot: { data: { type: 'lots', id: String(f.outdoor.id) } },
    },
  });

const partnerPlaces = async () => {
  const response = await api(
    server.app,
    'GET',
    '/partner/v1/availability?lot=outdoor&start=2026-12-01T06:00:00%2B11:00&end=2026-12-03T18:00:00%2B11:00',
    { headers: { authorization: `Bearer ${holderKey}` } },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return one(response.body).attributes.places;
};

let allotmentId: string;

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  f = await bookingFixtures(server.handle.db);
  await server.handle.db
    .update(lots)
    .set({ spaces: N, fillRateThreshold: null })
    .where(eq(lots.id, f.outdoor.id));
  const staff = await createUser(server.handle.db, { roles: ['Admins'] });
  admin = await login(server.app, staff.user.email);
  ({ partner: holder, key: holderKey } = await createPartner(server.handle.db));
  // Taken: two of the website's cars and one of the holder's own, over the whole stay.
  const cars = await insertBookings(server.handle.db, 3, {
    lotId: f.outdoor.id,
    start: '2026-11-30T08:00:00+11:00',
    end: '2026-12-04T08:00:00+11:00',
    created: START,
  });
  await server.handle.db
    .update(bookings)
    .set({ partnerId: holder.id })
    .where(eq(bookings.id, cars[0]?.id ?? 0));
  // Released 48 hours before each day: 1 December's at 29 November 00:00, 3 December's at 1 December 00:00.
  const made = await api(server.app, 'POST', `${V1}/partner-allotments/`, {
    token: admin,
    body: allotmentDoc({ places: ALLOTMENT, releaseHours: 48 }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  allotmentId = one(made.body).id;
});
afterEach(() => {
  server.clock.current = START;
});
afterAll(() => server.close());

describe('the places held for partners, on the website', () => {
  it('quotes and books N − taken − held places, then refuses with the full message', async () => {
    expect(server.app.services.quoteCache).toBeDefined();
    // 10 places − 3 taken − 3 held (the holder's 4 less its own booking) = 4 for the website.
    for (let i = 0; i < N - 3 - (ALLOTMENT - 1); i += 1) {
      expect(await quoteFull()).toBe(false);
      const booked = await bookOnline();
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    }
    expect(await quoteFull()).toBe(true);
    const refused = await bookOnline();
    expect(refused.status).toBe(400);
    expect(firstError(refused.body)?.detail).toBe(messages.lotFull);
    // The holder still sells the 3 places held for it; another partner, none.
    expect(await partnerPlaces()).toBe(3);
    const { key: otherKey } = await createPartner(server.handle.db);
    const other = await api(
      server.app,
      'GET',
      '/partner/v1/availability?lot=outdoor&start=2026-12-01T06:00:00%2B11:00&end=2026-12-03T18:00:00%2B11:00',
      { headers: { authorization: `Bearer ${otherKey}` } },
    );
    expect(one(other.body).attributes.places).toBe(0);
  });

  it('holds nothing for a partner in sandbox or paused, and tells the partners when that changes', async () => {
    const setStatus = async (status: PartnerStatus) => {
      const patched = await api(server.app, 'PATCH', `${V1}/partners/${holder.id}/`, {
        token: admin,
        body: doc('partners', { status }, { id: String(holder.id) }),
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    };
    const pushes = async () =>
      (
        await server.handle.db
          .select({ id: partnerPushChanges.id })
          .from(partnerPushChanges)
          .where(eq(partnerPushChanges.lotId, f.outdoor.id))
      ).length;
    expect(await quoteFull()).toBe(true);
    // Every move between the statuses: the places are held exactly when the domain says the status holds, and
    // the partners are told (a push of the lot) exactly when that changes.
    const moves: PartnerStatus[] = ['sandbox', 'paused', 'live', 'paused', 'sandbox', 'live'];
    let status: PartnerStatus = 'live';
    for (const next of moves) {
      const before = await pushes();
      await setStatus(next);
      const holds = (HOLDING_PARTNER_STATUSES as readonly string[]).includes(next);
      const held = (HOLDING_PARTNER_STATUSES as readonly string[]).includes(status);
      expect(await pushes(), `${status} → ${next}`).toBe(before + (holds === held ? 0 : 1));
      expect(await quoteFull(), next).toBe(holds);
      status = next;
    }
    // Out of live, the website books a place that was held.
    await setStatus('paused');
    const booked = await bookOnline();
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await server.handle.db.delete(bookings).where(inArray(bookings.id, websiteIds.splice(-1)));
    await setStatus('live');
    expect((await bookOnline()).status).toBe(400);
  });

  it('gives the places back at the release instant of the stay’s last day, not a second before', async () => {
    // 1 and 2 December released, 3 December still held: the stay is still full.
    server.clock.current = new Date('2026-11-30T23:59:59+11:00');
    expect(await quoteFull()).toBe(true);
    expect((await bookOnline()).status).toBe(400);
    server.clock.current = new Date('2026-12-01T00:00:00+11:00');
    expect(await quoteFull()).toBe(false);
    const booked = await bookOnline();
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // Back before the release (the clock moved back): held again, and the lot now past full for the website.
    server.clock.current = START;
    expect(await quoteFull()).toBe(true);
    await server.handle.db.delete(bookings).where(inArray(bookings.id, websiteIds.splice(-1)));
  });

  it('changes the quote at once when the allotment changes or goes', async () => {
    expect(await quoteFull()).toBe(true);
    const loads = server.app.services.quoteCache?.loads ?? 0;
    // Two places held, one of them taken by the holder's own booking: one held, two open.
    const patched = await api(server.app, 'PATCH', `${V1}/partner-allotments/${allotmentId}/`, {
      token: admin,
      body: doc('partner-allotments', { places: 2 }, { id: allotmentId }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await quoteFull()).toBe(false);
    // Read again from the database: the change feed dropped what was held.
    expect(server.app.services.quoteCache?.loads).toBeGreaterThan(loads);
    const booked = await bookOnline();
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await quoteFull()).toBe(false);
    expect((await bookOnline()).status).toBe(201);
    expect(await quoteFull()).toBe(true);
    expect((await bookOnline()).status).toBe(400);
    // Gone: the place held is the website's.
    const removed = await api(server.app, 'DELETE', `${V1}/partner-allotments/${allotmentId}/`, {
      token: admin,
    });
    expect(removed.status).toBe(204);
    expect(await quoteFull()).toBe(false);
    expect((await bookOnline()).status).toBe(201);
    expect(await quoteFull()).toBe(true);
  });

  it('lets staff book a place held for a partner: staff may fill the car park', async () => {
    // The website's bookings gone and the lot down to 6 places: 6 − 3 taken − 3 held leaves the website none.
    await server.handle.db.delete(bookings).where(inArray(bookings.id, websiteIds.splice(0)));
    await server.handle.db.update(lots).set({ spaces: 6 }).where(eq(lots.id, f.outdoor.id));
    const made = await api(server.app, 'POST', `${V1}/partner-allotments/`, {
      token: admin,
      body: allotmentDoc({ places: ALLOTMENT, releaseHours: 48 }),
    });
    expect(made.status).toBe(201);
    expect(await quoteFull()).toBe(true);
    expect((await bookOnline()).status).toBe(400);
    const staffBooking = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: admin,
      body: bookingDoc(f, { attributes: { email: 'desk@example.com', rego: 'DESK1' } }),
    });
    expect(staffBooking.status, JSON.stringify(staffBooking.body)).toBe(201);
  });
});
