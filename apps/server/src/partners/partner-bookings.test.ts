/**
 * The partner API's bookings (issue 42): created with an Idempotency-Key (replayed on retries, one booking under
 * concurrent retries, refused with another body), through the website's booking code (its price, capacity and
 * confirmation), owed on account by the partner; read, amended and cancelled only by their own partner; a sandbox
 * key's booking never saved.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerMessages } from '@parking/domain/partners';
import {
  bookingMovements,
  bookings,
  partnerApiKeys,
  partnerBookingRequests,
  partnerStopSells,
} from '../db/schema/index';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createPartner, partnerBookingBody } from '../test/partner-fixtures';
import { api, createTestServer, type TestServer } from '../test/server';

let server: TestServer;
let f: Fixtures;
let n = 0;

const book = (key: string | undefined, body: unknown, idempotencyKey?: string) =>
  api(server.app, 'POST', '/partner/v1/bookings', {
    body,
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
  });

const call = (key: string, method: 'GET' | 'PATCH' | 'DELETE', code: string, body?: unknown) =>
  api(server.app, method, `/partner/v1/bookings/${code}`, {
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  });

const attrs = (body: { data?: unknown }) => (body.data as { attributes: Record<string, unknown> }).attributes;

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  f = await bookingFixtures(server.handle.db);
});
afterAll(() => server.close());
beforeEach(() => {
  server.mail.length = 0;
  n += 1;
});

describe('creating a partner booking', () => {
  it("books through the website's pricing, names the partner, records an account payment and emails the traveller", async () => {
    const { partner, key } = await createPartner(server.handle.db);
    const created = await book(key, partnerBookingBody({ email: `ada${n}@example.com` }), `key-${n}`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const a = attrs(created.body);
    expect(a).toMatchObject({
      sandbox: false,
      status: 'complete',
      lot: 'outdoor',
      totalCost: '52.00',
      owedByPartner: '52.00',
      rego: 'ABC123',
    });
    const [row] = await server.handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.bookingCode, String(a.code)));
    expect(row?.partnerId).toBe(partner.id);
    expect(row?.paymentStatus).toBe('paid');
    const movements = await server.handle.db
      .select()
      .from(bookingMovements)
      .where(eq(bookingMovements.bookingId, row?.id ?? 0));
    expect(movements.map((m) => [m.kind, m.method, m.amount])).toEqual([['payment', 'account', '52.00']]);
    expect(server.mail.filter((mail) => mail.to === `ada${n}@example.com`)).toHaveLength(1);
  });

  it('sends no confirmation when the partner asks to send its own', async () => {
    const { key } = await createPartner(server.handle.db);
    const created = await book(
      key,
      partnerBookingBody({ email: `quiet${n}@example.com`, notifyCustomer: false }),
      `q-${n}`,
    );
    expect(created.status).toBe(201);
    expect(server.mail.filter((mail) => mail.to === `quiet${n}@example.com`)).toHaveLength(0);
  });

  it('requires an Idempotency-Key and refuses bad fields with pointers', async () => {
    const { key } = await createPartner(server.handle.db);
    const missing = await book(key, partnerBookingBody());
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.code).toBe('idempotency_key_missing');
    const bad = await book(key, partnerBookingBody({ email: 'nope', lot: 'nowhere' }), `bad-${n}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.source?.pointer)).toContain('/data/attributes/email');
    const lot = await book(key, partnerBookingBody({ lot: 'nowhere' }), `lot-${n}`);
    expect(lot.status).toBe(400);
    expect(lot.body.errors?.[0]?.source?.pointer).toBe('/data/attributes/lot');
  });

  it('replays a retry with the same key and body, refuses the key with another body (422)', async () => {
    const { key } = await createPartner(server.handle.db);
    const body = partnerBookingBody({ email: `retry${n}@example.com` });
    const first = await book(key, body, 'retry-key');
    const again = await book(key, body, 'retry-key');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await book(key, partnerBookingBody({ email: `other${n}@example.com` }), 'retry-key');
    expect(other.status).toBe(422);
    expect(other.body.errors?.[0]?.code).toBe('idempotency_key_reused');
    const saved = await server.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.email, `retry${n}@example.com`));
    expect(saved[0]?.count).toBe(1);
    // Another partner's same key is its own.
    const second = await createPartner(server.handle.db);
    expect((await book(second.key, body, 'retry-key')).status).toBe(201);
  });

  it('makes one booking of five concurrent requests with one key, all answered alike', async () => {
    const { partner, key } = await createPartner(server.handle.db);
    const body = partnerBookingBody({ email: `burst${n}@example.com` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(key, body, 'burst-key')));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const codes = new Set(answers.map((answer) => attrs(answer.body).code));
    expect(codes.size).toBe(1);
    const [count] = await server.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.partnerId, partner.id));
    expect(count?.count).toBe(1);
    const requests = await server.handle.db
      .select()
      .from(partnerBookingRequests)
      .where(eq(partnerBookingRequests.partnerId, partner.id));
    expect(requests).toHaveLength(1);
  });

  it('refuses a stay under a stop-sell with a stable code at once, and stores no key', async () => {
    const { partner, key } = await createPartner(server.handle.db);
    await server.handle.db.insert(partnerStopSells).values({
      partnerId: partner.id,
      lotId: f.indoor.id,
      startDate: '2026-12-02',
      endDate: '2026-12-02',
    });
    const stopped = await book(key, partnerBookingBody({ lot: 'indoor' }), `stop-${n}`);
    expect(stopped.status).toBe(409);
    expect(stopped.body.errors?.[0]?.code).toBe('partner_unavailable');
    expect(stopped.body.errors?.[0]?.detail).toBe(partnerMessages.stopSell);
    const stored = await server.handle.db
      .select()
      .from(partnerBookingRequests)
      .where(eq(partnerBookingRequests.partnerId, partner.id));
    expect(stored).toHaveLength(0);
  });
});

describe('a partner booking afterwards', () => {
  it('is read, amended and cancelled by its partner only; keys missing or revoked are refused', async () => {
    const mine = await createPartner(server.handle.db);
    const theirs = await createPartner(server.handle.db);
    const created = await book(mine.key, partnerBookingBody({ email: `own${n}@example.com` }), `own-${n}`);
    const code = String(attrs(created.body).code);

    expect((await call(mine.key, 'GET', code)).status).toBe(200);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const refused = await call(
        theirs.key,
        method,
        code,
        method === 'PATCH' ? { data: { type: 'bookings', attributes: { colour: 'Red' } } } : undefined,
      );
      expect(refused.status, method).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(`own${n}@example.com`);
    }
    const none = await api(server.app, 'GET', `/partner/v1/bookings/${code}`);
    expect(none.status).toBe(401);
    expect(none.body.errors?.[0]?.code).toBe('partner_key_missing');

    // One more day: $52 for 3 days becomes $70 for 5 (the fixtures' rates): the partner owes the difference.
    const amended = await call(mine.key, 'PATCH', code, {
      data: { type: 'bookings', attributes: { end: '2026-12-05T18:00:00+11:00', colour: 'Red' } },
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    expect(attrs(amended.body)).toMatchObject({ colour: 'Red', end: '2026-12-05T07:00:00.000Z' });
    const total = String(attrs(amended.body).totalCost);
    expect(attrs(amended.body).owedByPartner).toBe(total);

    // Cancelled well ahead: everything is credited back to the partner's account, no card refund queued.
    const cancelled = await call(mine.key, 'DELETE', code);
    expect(cancelled.status).toBe(200);
    expect(attrs(cancelled.body)).toMatchObject({ status: 'cancelled', owedByPartner: '0.00' });
    expect((cancelled.body as { meta?: { creditedToPartner?: string } }).meta?.creditedToPartner).toBe(total);
    const [row] = await server.handle.db.select().from(bookings).where(eq(bookings.bookingCode, code));
    const movements = await server.handle.db
      .select()
      .from(bookingMovements)
      .where(eq(bookingMovements.bookingId, row?.id ?? 0));
    expect(movements.every((m) => m.method === 'account')).toBe(true);
    expect((await call(mine.key, 'DELETE', code)).status).toBe(200);

    await server.handle.db
      .update(partnerApiKeys)
      .set({ revokedAt: server.clock.now() })
      .where(eq(partnerApiKeys.partnerId, mine.partner.id));
    const revoked = await call(mine.key, 'GET', code);
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors?.[0]?.code).toBe('partner_key_revoked');
  });
});

describe('a sandbox key', () => {
  it('is checked and priced like a live booking, answered sandbox: true, and never saved', async () => {
    const { partner, key } = await createPartner(server.handle.db, 'sandbox');
    const before = await server.handle.db.select({ count: sql<number>`count(*)::int` }).from(bookings);
    const body = partnerBookingBody({ email: `sandbox${n}@example.com` });
    const created = await book(key, body, 'sandbox-key');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(attrs(created.body)).toMatchObject({ sandbox: true, totalCost: '52.00', status: 'complete' });
    expect(String(attrs(created.body).code)).toMatch(/^SANDBOX-/);
    const again = await book(key, body, 'sandbox-key');
    expect(again.body).toEqual(created.body);
    const after = await server.handle.db.select({ count: sql<number>`count(*)::int` }).from(bookings);
    expect(after[0]?.count).toBe(before[0]?.count);
    expect(
      await server.handle.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.partnerId, partner.id))),
    ).toHaveLength(0);
    expect(server.mail.filter((mail) => mail.to === `sandbox${n}@example.com`)).toHaveLength(0);
    const read = await call(key, 'GET', String(attrs(created.body).code));
    expect(read.status).toBe(404);
    // The sandbox still refuses what a live key would be refused.
    const bad = await book(key, partnerBookingBody({ end: '2026-11-30T08:00:00+11:00' }), 'sandbox-bad');
    expect(bad.status).toBe(400);
  });
});
