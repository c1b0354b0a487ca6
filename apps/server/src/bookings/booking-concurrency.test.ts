/**
 * No lot is ever sold past its threshold: K free spaces, 5K simultaneous online bookings over real
 * HTTP. On PostgreSQL (CI's second run) the requests truly race; PGlite runs them one at a time.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, lots } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createTestServer, type TestServer } from '../test/server';

const K = 6;
let server: TestServer;
let f: Fixtures;
let base: string;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  // 20 spaces at threshold 0.5: 10 cars may be present; 4 are already booked for one day of the stay.
  await server.handle.db
    .update(lots)
    .set({ spaces: 20, fillRateThreshold: '0.5' })
    .where(eq(lots.id, f.outdoor.id));
  await server.handle.db.execute(sql`
    INSERT INTO bookings (booking_code, status, lot_id, start_datetime, end_datetime, created)
    SELECT 'PRE' || g, 'complete', ${f.outdoor.id}, '2026-12-02T08:00:00+11:00', '2026-12-02T20:00:00+11:00', now()
    FROM generate_series(1, 4) g`);
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => server.close());

describe('capacity under concurrent online bookings', () => {
  it(`accepts exactly ${K} of ${5 * K} simultaneous requests and refuses the rest clearly`, async () => {
    const requests = Array.from({ length: 5 * K }, (_, i) =>
      fetch(`${base}/backend/api/v1/bookings/`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify(
          bookingDoc(f, { attributes: { email: `racer${i}@example.com`, rego: `RACE${i}` } }),
        ),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { errors?: Array<{ detail: string }> },
      })),
    );
    const results = await Promise.all(requests);
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(created).toHaveLength(K);
    expect(refused).toHaveLength(4 * K);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0]?.detail).toMatch(/very limited/);
    }
    // On the busiest day the lot holds exactly its threshold: 10 of 20.
    const [present] = await server.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        sql`${bookings.lotId} = ${f.outdoor.id} AND ${bookings.status} IN ('complete', 'pending') AND ${bookings.startDatetime} < '2026-12-03T00:00:00+11:00' AND ${bookings.endDatetime} >= '2026-12-02T00:00:00+11:00'`,
      );
    expect(present?.count).toBe(10);
  });
});
