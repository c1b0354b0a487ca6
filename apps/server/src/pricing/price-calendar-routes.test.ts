/**
 * The price calendar (issue 24): GET quotes/calendar/ answers every cell in one request, each a quote for
 * the same stay length a few days earlier or later, priced from the quote cache's memory.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionalDays, exceptionalRates } from '../db/schema/index';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { api, firstError, many, createTestServer, type TestServer } from '../test/server';

const API = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  // A surcharge on 6 December makes every stay over it dearer.
  const [day] = await server.handle.db
    .insert(exceptionalDays)
    .values({ name: 'Show day', date: '2026-12-06' })
    .returning();
  if (!day) throw new Error('day');
  await server.handle.db.insert(exceptionalRates).values([
    { dayId: day.id, lotId: f.outdoor.id, surcharge: '20.00' },
    { dayId: day.id, lotId: f.indoor.id, surcharge: '20.00' },
  ]);
});
afterAll(() => server.close());

const loads = (app: FastifyInstance) => app.quoteCache?.loads ?? -1;

const calendar = (start: string, end: string) =>
  api(
    server.app,
    'GET',
    `${API}/quotes/calendar/?start_date=${start}&end_date=${end}&filter[lot.slug__in]=outdoor`,
  );

describe('the price calendar', () => {
  it('prices the same stay three days either side, in one answer, from the quote cache', async () => {
    // Warm the cache as step 1's own quote does; the calendar then reads nothing from the database.
    expect(
      (await api(server.app, 'GET', `${API}/quotes/?start_date=2026-12-05&end_date=2026-12-07`)).status,
    ).toBe(200);
    const before = loads(server.app);
    expect(before).toBeGreaterThan(0);
    const answer = await calendar('2026-12-05', '2026-12-07');
    expect(answer.status).toBe(200);
    expect(loads(server.app)).toBe(before);
    const cells = many(answer.body).map((quote) => quote.attributes);
    expect(cells.map((cell) => cell.startDate)).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
    ]);
    expect(cells.map((cell) => cell.endDate)).toEqual([
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
    // Three days outdoor is $52; the stays over 6 December $72.
    expect(cells.map((cell) => cell.price)).toEqual([
      '52.00',
      '52.00',
      '72.00',
      '72.00',
      '72.00',
      '52.00',
      '52.00',
    ]);
    expect(answer.body.meta).toMatchObject({ offsets: [-3, -2, -1, 0, 1, 2, 3] });
  });

  it('matches the quotes route cell by cell, on the database too (the cache cold)', async () => {
    server.app.quoteCache?.invalidate();
    const answer = await calendar('2026-11-29', '2026-12-01');
    for (const cell of many(answer.body)) {
      const { startDate, endDate } = cell.attributes;
      const quote = await api(
        server.app,
        'GET',
        `${API}/quotes/?start_date=${String(startDate)}&end_date=${String(endDate)}&filter[lot.slug__in]=outdoor`,
      );
      expect(many(quote.body)[0]?.attributes).toEqual(cell.attributes);
    }
  });

  it('starts no earlier than today, and refuses dates as the quotes do', async () => {
    // The test clock reads 21 November 2026.
    const answer = await calendar('2026-11-22', '2026-11-23');
    expect(many(answer.body).map((cell) => cell.attributes.startDate)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    const wrong = await calendar('2026-11-25', '2026-11-24');
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)?.source?.parameter).toBe('end_date');
  });
});
