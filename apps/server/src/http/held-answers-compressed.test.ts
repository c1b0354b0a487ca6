/**
 * Issue 26: answers written from held data (quotes, the price calendar, the extras of step 5) are compressed once
 * each and kept (pricing/written-answer.ts, http/send-written.ts), not once per request by @fastify/compress.
 * Whatever the client accepts, what it decodes is the database's answer byte for byte (an instance without a change
 * feed holds nothing and compresses every answer through the plugin), with the same Content-Encoding and a
 * `Vary: accept-encoding`.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extras } from '../db/schema/index';
import { bookingFixtures } from '../test/booking-fixtures';
import { heldInstances, type HeldInstances } from '../test/held-instances';

const V1 = '/backend/api/v1';

let instances: HeldInstances;
let held: FastifyInstance;
/** No change feed: holds nothing, every answer read from the database and compressed by the plugin. */
let plain: FastifyInstance;

beforeAll(async () => {
  instances = await heldInstances();
  await bookingFixtures(instances.database.db);
  await instances.database.db.insert(extras).values(
    Array.from({ length: 12 }, (_, index) => ({
      name: `Extra ${index}: a hand wash, a vacuum and a polish while the car waits`,
      extraType: 'detailing' as const,
      basePrice: '30.00',
    })),
  );
  held = await instances.instance();
  plain = await instances.instance({ feed: false });
});
afterAll(() => instances.close());

function decoded(encoding: string | undefined, bytes: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  if (encoding === 'deflate') return inflateSync(bytes).toString();
  return bytes.toString();
}

async function fetched(app: FastifyInstance, url: string, acceptEncoding: string | undefined) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: {
      accept: 'application/vnd.api+json',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const encoding = response.headers['content-encoding'];
  const text = decoded(typeof encoding === 'string' ? encoding : undefined, response.rawPayload);
  return {
    encoding,
    vary: String(response.headers.vary ?? ''),
    type: response.headers['content-type'],
    text,
  };
}

const stay = new URLSearchParams({
  'filter[checkAvailability]': '2026-12-01T06:00:00+11:00,2026-12-04T18:30:00+11:00',
}).toString();
const paths = [
  `${V1}/quotes/?start_date=2026-12-01&end_date=2026-12-04&include=lot`,
  `${V1}/quotes/?start_date=2026-12-02&end_date=2026-12-02&filter[lot.slug__in]=outdoor`,
  `${V1}/quotes/calendar/?start_date=2026-12-05&end_date=2026-12-07&include=lot`,
  `${V1}/extras/?${stay}`,
  `${V1}/extras/?${stay}&page[size]=1`,
];
const acceptEncodings = [
  undefined,
  'br',
  'gzip',
  'gzip, deflate, br',
  'br;q=0, gzip;q=0.5',
  'deflate',
  'identity',
];

describe('answers written from held data, compressed once', () => {
  it('decode to the database answer, with the encoding and headers the plugin gives it', async () => {
    let compressed = 0;
    for (const path of paths) {
      for (const acceptEncoding of acceptEncodings) {
        const fresh = await fetched(plain, path, acceptEncoding);
        // Twice: the first writes (and compresses) the answer, the second is sent as it was kept.
        for (const answer of [
          await fetched(held, path, acceptEncoding),
          await fetched(held, path, acceptEncoding),
        ]) {
          expect(answer.text).toBe(fresh.text);
          expect(answer.encoding).toBe(fresh.encoding);
          expect(answer.type).toBe(fresh.type);
          if (answer.encoding !== undefined) {
            expect(answer.vary).toMatch(/accept-encoding/i);
            compressed += 1;
          }
        }
      }
    }
    // Small answers (one lot, one extra) go out as they are, as the plugin sends them: the others compressed.
    expect(compressed).toBeGreaterThan(0);
    const small = await fetched(held, paths[1] ?? '', 'br');
    expect(Buffer.byteLength(small.text)).toBeLessThan(1024);
    expect(small.encoding).toBeUndefined();
  });
});
