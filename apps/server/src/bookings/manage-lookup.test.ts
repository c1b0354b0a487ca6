/**
 * Issue 20: wrong emails for a booking code are counted per code and network, so a stranger's guesses
 * never lock the booking's owner out on their own network; the guessing network is refused for that code
 * (the right email included), and every lookup still counts per network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageMessages } from '@parking/domain/manage-booking';
import { createLots } from '../test/factories';
import { insertBooking } from '../test/booking-rows';
import { createTestServer, doc, JSONAPI, type TestServer } from '../test/server';

const URL = '/backend/api/v1/manage-booking-sessions/';
const GUESSES = 5;
const PER_IP = 12;
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';

let server: TestServer;
let lotId: number;

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { requestsPerEmail: GUESSES, requestsPerIp: PER_IP } });
  const [lot] = await createLots(server.handle.db);
  if (!lot) throw new Error('lot');
  lotId = lot.id;
});
afterAll(() => server.close());

async function lookup(ip: string, bookingCode: string, email: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress: ip,
    headers: { accept: JSONAPI, 'content-type': JSONAPI },
    payload: JSON.stringify(doc('manage-booking-sessions', { bookingCode, email })),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<{ errors?: Array<{ code: string; detail: string }> }>(),
  };
}

const booking = (email: string) =>
  insertBooking(server.handle.db, { lotId, startDatetime: new Date('2026-12-01T06:00:00+11:00'), email });

describe('manage-booking lookups', () => {
  it("a stranger's wrong guesses do not lock the owner out; the stranger's network is refused for that code", async () => {
    const row = await booking('owner@example.com');
    for (let i = 0; i < GUESSES; i += 1) {
      const wrong = await lookup(ATTACKER, row.bookingCode, `guess${i}@example.com`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.[0]?.detail).toBe(manageMessages.notFound);
    }
    const refused = await lookup(ATTACKER, row.bookingCode, 'guess-more@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From the guessing network even the right email is refused: a 201 there would tell the guesser they found it.
    expect((await lookup(ATTACKER, row.bookingCode, 'owner@example.com')).status).toBe(429);

    // The owner, on their own network, gets in (twice: right answers do not count as guesses).
    expect((await lookup(OWNER, row.bookingCode, 'owner@example.com')).status).toBe(201);
    expect((await lookup(OWNER, row.bookingCode, ' Owner@Example.com ')).status).toBe(201);

    // The guessing network's refusal is for that code only.
    const other = await booking('other@example.com');
    expect((await lookup(ATTACKER, other.bookingCode, 'other@example.com')).status).toBe(201);
  });

  it('every lookup still counts per network', async () => {
    const ip = '192.0.2.77';
    const rows = await Promise.all(
      Array.from({ length: PER_IP }, (_, i) => booking(`spread${i}@example.com`)),
    );
    // One wrong guess at each of many codes: under the per-code limit every time, so the per-network count refuses.
    for (const row of rows)
      expect((await lookup(ip, row.bookingCode, 'nobody@example.com')).status).toBe(400);
    const [first] = rows;
    if (!first) throw new Error('rows');
    expect((await lookup(ip, first.bookingCode, 'spread0@example.com')).status).toBe(429);
    expect((await lookup(OWNER, first.bookingCode, 'spread0@example.com')).status).toBe(201);
  });
});
