/**
 * The partner API's key and availability (issue 42): refusals by key and status, the per-key limit, the price
 * and places against the website's own, an allotment held then released at its hour (a fixed clock), a
 * stop-sell at once; and the back office's partner screens' calls, audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, bookings, lots, partnerApiKeys } from '../db/schema/index';
import { createUser, login } from '../test/factories';
import { createPartner } from '../test/partner-fixtures';
import { insertBookings, pricedLots } from '../test/pricing-fixtures';
import { api, createTestServer, doc, many, one, type TestServer } from '../test/server';

const API = '/backend/api/v1';
// The test clock is 2026-11-21T09:00+11:00; a stay of 25 to 26 November, Hobart time.
const STAY = 'lot=indoor&start=2026-11-25T08:00:00%2B11:00&end=2026-11-26T18:00:00%2B11:00';
let server: TestServer;
let admin: string;
let lotIds: { indoor: number; outdoor: number };

const availability = (key: string | undefined, query = STAY, header: 'bearer' | 'x-api-key' = 'bearer') =>
  api(server.app, 'GET', `/partner/v1/availability?${query}`, {
    headers:
      key === undefined
        ? {}
        : header === 'bearer'
          ? { authorization: `Bearer ${key}` }
          : { 'x-api-key': key },
  });

const attributes = async (key: string, query = STAY) => {
  const answer = await availability(key, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return one(answer.body).attributes;
};

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  const priced = await pricedLots(server.handle.db);
  lotIds = { indoor: priced.indoor.id, outdoor: priced.outdoor.id };
  // Ten places, no threshold: every place counted below is one of these.
  await server.handle.db
    .update(lots)
    .set({ spaces: 10, fillRateThreshold: null })
    .where(eq(lots.id, lotIds.indoor));
  const staff = await createUser(server.handle.db, { roles: ['Admins'] });
  admin = await login(server.app, staff.user.email);
});
afterAll(() => server.close());

describe('the partner API key', () => {
  it('refuses a call without a key, with an unknown key or a login token: 401 with a stable code', async () => {
    const missing = await availability(undefined);
    expect(missing.status).toBe(401);
    expect(missing.body.errors?.[0]?.code).toBe('partner_key_missing');
    const unknown = await availability('spk_not-a-key-of-ours');
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors?.[0]?.code).toBe('partner_key_invalid');
    const token = await api(server.app, 'GET', `/partner/v1/availability?${STAY}`, {
      headers: { authorization: `Token ${admin}` },
    });
    expect(token.status).toBe(401);
    expect(token.body.errors?.[0]?.code).toBe('partner_key_invalid');
  });

  it('answers a key sent as a bearer token or as X-Api-Key, and notes when it was used', async () => {
    const { key } = await createPartner(server.handle.db);
    expect((await availability(key, STAY, 'bearer')).status).toBe(200);
    expect((await availability(key, STAY, 'x-api-key')).status).toBe(200);
    const [row] = await server.handle.db
      .select()
      .from(partnerApiKeys)
      .where(eq(partnerApiKeys.prefix, key.slice(0, 12)));
    expect(row?.lastUsedAt?.toISOString()).toBe(server.clock.now().toISOString());
  });

  it('makes a key shown once, stored hashed, revoked by an Admin: refused at once (401), audited', async () => {
    const created = await api(server.app, 'POST', `${API}/partners/`, {
      token: admin,
      body: doc('partners', {
        name: 'Fly Park Compare',
        contactName: 'Jo Smith',
        contactEmail: 'Jo@FlyPark.example',
        commissionRate: '0.12',
        status: 'live',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const partnerId = one(created.body).id;
    expect(one(created.body).attributes).toMatchObject({
      contactEmail: 'jo@flypark.example',
      commissionRate: '0.12',
    });
    const made = await api(server.app, 'POST', `${API}/partner-api-keys/`, {
      token: admin,
      body: doc(
        'partner-api-keys',
        { label: 'Production' },
        { relationships: { partner: { data: { type: 'partners', id: partnerId } } } },
      ),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = String(one(made.body).attributes.key);
    const keyId = one(made.body).id;
    expect(key).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    expect(one(made.body).attributes.prefix).toBe(key.slice(0, 12));
    // Never again: not in a read, not in the database, not in the audit trail.
    const read = await api(server.app, 'GET', `${API}/partner-api-keys/${keyId}/`, { token: admin });
    expect(JSON.stringify(read.body)).not.toContain(key);
    const [stored] = await server.handle.db
      .select()
      .from(partnerApiKeys)
      .where(eq(partnerApiKeys.id, Number(keyId)));
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));
    expect((await availability(key)).status).toBe(200);

    const revoked = await api(server.app, 'PATCH', `${API}/partner-api-keys/${keyId}/`, {
      token: admin,
      body: doc('partner-api-keys', { revoked: true }, { id: keyId }),
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(one(revoked.body).attributes.revoked).toBe(true);
    const restored = await api(server.app, 'PATCH', `${API}/partner-api-keys/${keyId}/`, {
      token: admin,
      body: doc('partner-api-keys', { revoked: false }, { id: keyId }),
    });
    expect(restored.body.errors?.[0]?.source).toEqual({ pointer: '/data/attributes/revoked' });
    const refused = await availability(key);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]).toMatchObject({ status: '401', code: 'partner_key_revoked' });

    const trail = await server.handle.db.select().from(auditLogs);
    const partnerRows = trail.filter((row) => row.resourceType.startsWith('partner'));
    expect(partnerRows.map((row) => [row.resourceType, row.action])).toEqual([
      ['partners', 'create'],
      ['partner-api-keys', 'create'],
      ['partner-api-keys', 'update'],
    ]);
    expect(JSON.stringify(trail)).not.toContain(key.slice(12));
  });

  it('refuses a paused partner (403) and answers it again once live', async () => {
    const { partner, key } = await createPartner(server.handle.db);
    const pause = (status: string) =>
      api(server.app, 'PATCH', `${API}/partners/${partner.id}/`, {
        token: admin,
        body: doc('partners', { status }, { id: String(partner.id) }),
      });
    expect((await pause('paused')).status).toBe(200);
    const refused = await availability(key);
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.code).toBe('partner_paused');
    expect((await pause('live')).status).toBe(200);
    expect((await availability(key)).status).toBe(200);
  });

  it('limits each key per minute: 429 with Retry-After, then answers again', async () => {
    const limited = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 3 } });
    try {
      await pricedLots(limited.handle.db);
      const { key } = await createPartner(limited.handle.db);
      const { key: other } = await createPartner(limited.handle.db);
      const call = (k: string) =>
        api(limited.app, 'GET', `/partner/v1/availability?${STAY}`, {
          headers: { authorization: `Bearer ${k}` },
        });
      for (let i = 0; i < 3; i += 1) expect((await call(key)).status).toBe(200);
      const refused = await call(key);
      expect(refused.status).toBe(429);
      expect(refused.body.errors?.[0]?.code).toBe('partner_rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another key counts on its own.
      expect((await call(other)).status).toBe(200);
      limited.clock.advance(61_000);
      expect((await call(key)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers a path the partner API does not have with a JSON:API 404, not the website', async () => {
    const { key } = await createPartner(server.handle.db);
    const answer = await api(server.app, 'GET', '/partner/v1/nothing-here', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.errors?.[0]?.code).toBe('not_found');
  });

  it('answers parameters it cannot read with 400 naming the parameter', async () => {
    const { key } = await createPartner(server.handle.db);
    const noLot = await availability(
      key,
      'start=2026-11-25T08:00:00%2B11:00&end=2026-11-26T08:00:00%2B11:00',
    );
    expect(noLot.status).toBe(400);
    expect(noLot.body.errors?.[0]?.source).toEqual({ parameter: 'lot' });
    const unknownLot = await availability(key, STAY.replace('indoor', 'nowhere'));
    expect(unknownLot.body.errors?.[0]).toMatchObject({
      code: 'invalid_parameter',
      source: { parameter: 'lot' },
    });
    const backwards = await availability(
      key,
      'lot=indoor&start=2026-11-26T08:00:00%2B11:00&end=2026-11-25T08:00:00%2B11:00',
    );
    expect(backwards.body.errors?.[0]?.source).toEqual({ parameter: 'end' });
    const junk = await availability(key, `${STAY}&extra=1`);
    expect(junk.body.errors?.[0]?.source).toEqual({ parameter: 'extra' });
    const past = await availability(
      key,
      'lot=indoor&start=2026-11-01T08:00:00%2B11:00&end=2026-11-02T08:00:00%2B11:00',
    );
    expect(past.body.errors?.[0]).toMatchObject({
      code: 'invalid_parameter',
      source: { parameter: 'start' },
    });
  });
});

describe('partner availability', () => {
  it('prices a stay as the website does', async () => {
    const { key } = await createPartner(server.handle.db);
    const mine = await attributes(key);
    const quote = await api(server.app, 'POST', `${API}/booking-quotes/`, {
      body: doc(
        'booking-quotes',
        { startDatetime: '2026-11-25T08:00:00+11:00', endDatetime: '2026-11-26T18:00:00+11:00' },
        { relationships: { lot: { data: { type: 'lots', id: String(lotIds.indoor) } } } },
      ),
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(mine.price).toBe(one(quote.body).attributes.totalCost);
    expect(mine).toMatchObject({
      available: true,
      reason: null,
      startDate: '2026-11-25',
      endDate: '2026-11-26',
    });
  });

  it('holds an allotment for its partner until its release hour, then gives it to everyone (fixed clock)', async () => {
    const before = server.clock.current;
    const { partner: holder, key: holderKey } = await createPartner(server.handle.db);
    const { key: otherKey } = await createPartner(server.handle.db);
    const made = await api(server.app, 'POST', `${API}/partner-allotments/`, {
      token: admin,
      body: doc(
        'partner-allotments',
        { places: 4, releaseHours: 48 },
        {
          relationships: {
            partner: { data: { type: 'partners', id: String(holder.id) } },
            lot: { data: { type: 'lots', id: String(lotIds.indoor) } },
          },
        },
      ),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Three cars already in the lot on both days, one of them the holder's own booking.
    const cars = await insertBookings(server.handle.db, 3, {
      lotId: lotIds.indoor,
      start: '2026-11-24T08:00:00+11:00',
      end: '2026-11-27T08:00:00+11:00',
      created: server.clock.now(),
    });
    await server.handle.db
      .update(bookings)
      .set({ partnerId: holder.id })
      .where(eq(bookings.id, cars[0]?.id ?? 0));
    try {
      // 10 places - 3 taken = 7; 3 of the holder's 4 still held for it.
      expect((await attributes(otherKey)).places).toBe(4);
      expect((await attributes(holderKey)).places).toBe(7);
      // The 26th's hold goes at 24 Nov 00:00, the 25th's at 23 Nov 00:00 (Hobart): a second before, still held.
      server.clock.current = new Date('2026-11-22T23:59:59+11:00');
      expect((await attributes(otherKey)).days).toEqual([
        { date: '2026-11-25', places: 4, stopSell: false },
        { date: '2026-11-26', places: 4, stopSell: false },
      ]);
      server.clock.current = new Date('2026-11-23T00:00:00+11:00');
      const released = await attributes(otherKey);
      expect(released.days).toEqual([
        { date: '2026-11-25', places: 7, stopSell: false },
        { date: '2026-11-26', places: 4, stopSell: false },
      ]);
      expect(released.places).toBe(4);
      server.clock.current = new Date('2026-11-24T00:00:00+11:00');
      expect((await attributes(otherKey)).places).toBe(7);
      expect((await attributes(holderKey)).places).toBe(7);
    } finally {
      server.clock.current = before;
      await server.handle.db.delete(bookings).where(eq(bookings.lotId, lotIds.indoor));
      await api(server.app, 'DELETE', `${API}/partner-allotments/${one(made.body).id}/`, { token: admin });
    }
  });

  it('refuses at once under a stop-sell made by an Admin, that partner only, and again once it is removed', async () => {
    const { partner, key } = await createPartner(server.handle.db);
    const { key: otherKey } = await createPartner(server.handle.db);
    const stop = await api(server.app, 'POST', `${API}/partner-stop-sells/`, {
      token: admin,
      body: doc(
        'partner-stop-sells',
        { startDate: '2026-11-26', endDate: '2026-11-30', reason: 'Rate dispute' },
        {
          relationships: {
            partner: { data: { type: 'partners', id: String(partner.id) } },
            lot: { data: { type: 'lots', id: String(lotIds.indoor) } },
          },
        },
      ),
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(201);
    const stopped = await attributes(key);
    expect(stopped).toMatchObject({ available: false, reason: 'stop_sell', places: 0 });
    expect(stopped.days).toEqual([
      { date: '2026-11-25', places: 10, stopSell: false },
      { date: '2026-11-26', places: 0, stopSell: true },
    ]);
    expect((await attributes(otherKey)).available).toBe(true);
    // The other lot is not stopped.
    expect((await attributes(key, STAY.replace('indoor', 'outdoor'))).available).toBe(true);
    expect(
      (await api(server.app, 'DELETE', `${API}/partner-stop-sells/${one(stop.body).id}/`, { token: admin }))
        .status,
    ).toBe(204);
    expect((await attributes(key)).available).toBe(true);
    const stops = await api(server.app, 'GET', `${API}/partner-stop-sells/?filter[partner]=${partner.id}`, {
      token: admin,
    });
    expect(many(stops.body)).toEqual([]);
  });

  it('answers none when the lot is full, and when a parking blockout closes the drop-off', async () => {
    const { key } = await createPartner(server.handle.db);
    const full = await insertBookings(server.handle.db, 10, {
      lotId: lotIds.indoor,
      start: '2026-11-26T08:00:00+11:00',
      end: '2026-11-26T20:00:00+11:00',
      created: server.clock.now(),
    });
    try {
      expect(await attributes(key)).toMatchObject({ available: false, reason: 'full', places: 0 });
    } finally {
      for (const row of full) await server.handle.db.delete(bookings).where(eq(bookings.id, row.id));
    }
    expect((await attributes(key)).available).toBe(true);
    const blockout = await api(server.app, 'POST', `${API}/blockout-periods/`, {
      token: admin,
      body: doc('blockout-periods', {
        name: 'Works',
        message: 'Closed for works',
        startDatetime: '2026-11-25T06:00:00+11:00',
        endDatetime: '2026-11-25T10:00:00+11:00',
        blockType: 'parking',
      }),
    });
    expect(blockout.status, JSON.stringify(blockout.body)).toBe(201);
    expect(await attributes(key)).toMatchObject({ available: false, reason: 'closed' });
    await api(server.app, 'DELETE', `${API}/blockout-periods/${one(blockout.body).id}/`, { token: admin });
  });
});
