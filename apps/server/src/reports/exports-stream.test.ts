/**
 * Issue 26: a CSV export is written as a stream, a batch of rows at a time, read only as the reply takes
 * the text: an export of many batches is complete and the same file as one batch would make, and a reader
 * that stops pulling stops the reads.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../app';
import type { RequestContext } from '../context';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { createUser, login } from '../test/factories';
import { createTestServer, type TestServer } from '../test/server';
import { csvStream, exportSpecs, type ExportSpec } from './exports-routes';

const API = '/backend/api/v1';
const BOOKINGS = 23;
let server: TestServer;
let f: Fixtures;
let sales: string;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  await createUser(server.handle.db, { email: 'stream-desk@example.com', roles: ['Sales'] });
  sales = await login(server.app, 'stream-desk@example.com');
  for (let n = 0; n < BOOKINGS; n += 1) {
    await insertBooking(server.handle.db, {
      lotId: n % 3 ? f.outdoor.id : f.indoor.id,
      startDatetime: new Date(Date.UTC(2026, 11, 1 + (n % 9), 20)),
      rego: `STR${String(n).padStart(3, '0')}`,
      lastName: n % 4 ? `Streamer ${n}` : `=cmd|' /C calc'!A${n}`,
      business: n % 5 ? '' : `Say "hi", Pty ${n}`,
    });
  }
});
afterAll(() => server.close());

const query = { 'filter[rego__icontains]': 'str', sort: '-startDatetime' };

/** A staff member's context, as the export route has it. */
function staffContext(): RequestContext {
  return {
    db: server.handle.db,
    user: {
      id: 1,
      email: 'stream-desk@example.com',
      roles: ['Sales'],
      customerId: null,
      sessionId: 1,
      via: 'token',
    },
    ip: '127.0.0.1',
    userAgent: 'test',
    now: server.clock.now(),
    services: server.app.services,
    defer: () => undefined,
    writes: { committed: false },
  };
}

async function read(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}

describe('CSV exports as streams', () => {
  it('an export of many batches is complete, in the list order, and the same file as the route writes', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API}/bookings/export/?${new URLSearchParams(query).toString()}`,
      headers: { authorization: `Token ${sales}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const registry = buildRegistry();
    // Batches of 5 rows: five batches, the last one short; and of exactly the row count (an empty last read).
    for (const batchRows of [5, BOOKINGS, 1]) {
      const streamed = await read(
        csvStream(staffContext(), registry, exportSpecs.bookings, query, { batchRows }),
      );
      expect(streamed).toBe(response.body);
    }
    const rows = parse(response.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(BOOKINGS);
    expect(new Set(rows.map((row) => row.Rego)).size).toBe(BOOKINGS);
    const drops = rows.map((row) => row['Drop Off'] ?? '');
    expect([...drops].sort().reverse()).toEqual(drops);
    // Every cell still neutralised, and quoting kept, across batches.
    expect(rows.filter((row) => row['Last Name']?.startsWith("'=cmd"))).toHaveLength(Math.ceil(BOOKINGS / 4));
    expect(rows.filter((row) => row.Business?.startsWith('Say "hi"'))).toHaveLength(Math.ceil(BOOKINGS / 5));
    expect(response.body.match(/ID,Booking Code/g)).toHaveLength(1);
  });

  it('reads a batch only when the reader has taken the text before it (backpressure)', async () => {
    let batchesRead = 0;
    const counting: ExportSpec<Parameters<NonNullable<typeof exportSpecs.bookings.prepare>>[1][number]> = {
      ...exportSpecs.bookings,
      async prepare(ctx, rows) {
        batchesRead += 1;
        const line = await exportSpecs.bookings.prepare?.(ctx, rows);
        if (!line) throw new Error('the bookings export prepares its lines');
        return line;
      },
    };
    const stream = csvStream(staffContext(), buildRegistry(), counting, query, {
      batchRows: 5,
      highWaterMark: 1,
    });
    const chunks = stream[Symbol.asyncIterator]();
    await chunks.next(); // the header
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nobody is reading: at most the batch after the header has been read, not the whole export.
    expect(batchesRead).toBeLessThanOrEqual(1);
    let rest = 0;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) rest += 1;
    expect(batchesRead).toBe(Math.ceil(BOOKINGS / 5));
    expect(rest).toBeGreaterThanOrEqual(batchesRead - 1);
  });
});
