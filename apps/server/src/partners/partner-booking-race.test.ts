/**
 * A partner and the website racing for a lot's last places across two app instances on one database: every
 * booking of either channel takes the lot's lock before it counts, so exactly the capacity is sold. On PostgreSQL
 * (CI's second run) the requests truly race; PGlite runs them one at a time.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, lots } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { heldInstances, type HeldInstances } from '../test/held-instances';
import { createPartner, partnerBookingBody } from '../test/partner-fixtures';

const SPACES = 4;
let held: HeldInstances;
let f: Fixtures;
let website: FastifyInstance;
let partnerApp: FastifyInstance;
let key: string;

beforeAll(async () => {
  held = await heldInstances();
  f = await bookingFixtures(held.database.db);
  await held.database.db
    .update(lots)
    .set({ spaces: SPACES, fillRateThreshold: null })
    .where(eq(lots.id, f.outdoor.id));
  ({ key } = await createPartner(held.database.db));
  website = await held.instance();
  partnerApp = await held.instance();
});
afterAll(() => held.close());

describe('the last places, sold by a partner and the website at once', () => {
  it(`sells exactly ${SPACES} of ${3 * SPACES} simultaneous requests across two instances`, async () => {
    const online = Array.from({ length: 2 * SPACES }, (_, i) =>
      website.inject({
        method: 'POST',
        url: '/backend/api/v1/bookings/',
        headers: { 'content-type': 'application/vnd.api+json' },
        payload: bookingDoc(f, {
          attributes: {
            email: `web${i}@example.com`,
            startDatetime: '2026-12-01T08:00:00+11:00',
            endDatetime: '2026-12-03T18:00:00+11:00',
          },
        }),
      }),
    );
    const partner = Array.from({ length: SPACES }, (_, i) =>
      partnerApp.inject({
        method: 'POST',
        url: '/partner/v1/bookings',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'idempotency-key': `race-${i}`,
        },
        payload: partnerBookingBody({ email: `partner${i}@example.com` }),
      }),
    );
    const answers = await Promise.all([...online, ...partner]);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created).toHaveLength(SPACES);
    // Every refusal is a clear one: the website's lot full (400), the partner's no places (409).
    for (const refused of answers.filter((answer) => answer.statusCode !== 201))
      expect([400, 409]).toContain(refused.statusCode);
    const [sold] = await held.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.lotId, f.outdoor.id));
    expect(sold?.count).toBe(SPACES);
  });
});
