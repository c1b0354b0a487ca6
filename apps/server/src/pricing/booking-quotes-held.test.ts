/**
 * Issue 26: a visitor's `POST booking-quotes/` (the wizard's summary) is answered from the held quote data
 * and, for a stay priced before, from the response already written (pricing/quote-cache.ts). Its answers
 * are the database's (an instance without a change feed holds nothing), each with an id of its own, and a
 * committed change to the rates or the lot is in the next answer.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortTermRateDays, shortTermRates } from '../db/schema/index';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { heldInstances, type HeldInstances, type TestDatabase } from '../test/held-instances';
import { doc } from '../test/server';

const URL_PATH = '/backend/api/v1/booking-quotes/';

let instances: HeldInstances;
let database: TestDatabase;
let f: Fixtures;
let held: FastifyInstance;
let other: FastifyInstance;
/** No change feed: holds nothing, every answer read from the database. */
let plain: FastifyInstance;
let admin: string;
let customer: string;

beforeAll(async () => {
  instances = await heldInstances();
  database = instances.database;
  f = await bookingFixtures(database.db);
  await createUser(database.db, { email: 'bq-admin@example.com', roles: ['Admins'] });
  await createUser(database.db, { email: 'bq-customer@example.com' });
  held = await instances.instance();
  other = await instances.instance();
  plain = await instances.instance({ feed: false });
  admin = await login(plain, 'bq-admin@example.com');
  customer = await login(plain, 'bq-customer@example.com');
});
afterAll(() => instances.close());

async function priced(
  app: FastifyInstance,
  attributes: Record<string, unknown>,
  lotId: number,
  token?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: {
      accept: 'application/vnd.api+json',
      'content-type': 'application/vnd.api+json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    payload: JSON.stringify(
      doc('booking-quotes', attributes, {
        relationships: { lot: { data: { type: 'lots', id: String(lotId) } } },
      }),
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = JSON.parse(response.body) as { data: { id: string } };
  return { id: body.data.id, text: response.body.replace(body.data.id, '<id>') };
}

const loads = (app: FastifyInstance) => app.quoteCache?.loads ?? -1;

describe('booking-quotes served from held data', () => {
  it('answers exactly as the database does, each answer with an id of its own, from one load', async () => {
    const stays: Array<[string, string]> = [
      ['2026-12-01T06:00:00+11:00', '2026-12-03T18:30:00+11:00'],
      ['2026-12-01T06:00:00+11:00', '2026-12-01T18:30:00+11:00'],
      ['2026-12-10T23:30:00+11:00', '2026-12-21T00:15:00+11:00'],
      ['2027-01-02T05:00:00Z', '2027-01-09T05:00:00Z'],
    ];
    const variants: Array<Record<string, unknown>> = [
      { extrasCost: '0.00' },
      { extrasCost: '30.00', calculateSubscriptionGaps: true },
      { extrasCost: '12.5', discountRate: '0', promoCode: '' },
      { extrasCost: '0.00', promoCode: 'welcome10' },
    ];
    const ids = new Set<string>();
    let compared = 0;
    for (const [startDatetime, endDatetime] of stays) {
      for (const variant of variants) {
        for (const lot of [f.outdoor.id, f.indoor.id]) {
          const attributes = { startDatetime, endDatetime, ...variant };
          for (const token of [undefined, customer, admin]) {
            const fresh = await priced(plain, attributes, lot, token);
            // Twice: the first writes the response, the second is answered from it.
            const once = await priced(held, attributes, lot, token);
            const twice = await priced(held, attributes, lot, token);
            expect(once.text).toBe(fresh.text);
            expect(twice.text).toBe(fresh.text);
            for (const id of [fresh.id, once.id, twice.id]) ids.add(id);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(stays.length * variants.length * 2 * 3);
    expect(ids.size).toBe(compared * 3);
    expect(loads(held)).toBe(1);
  });

  it('a document answered before is answered again only as the same request: media type and caller checked first', async () => {
    const attributes = {
      startDatetime: '2026-12-12T06:00:00+11:00',
      endDatetime: '2026-12-14T18:00:00+11:00',
    };
    const payload = JSON.stringify(
      doc('booking-quotes', attributes, {
        relationships: { lot: { data: { type: 'lots', id: String(f.outdoor.id) } } },
      }),
    );
    const first = await priced(held, attributes, f.outdoor.id);
    // The same document as another media type: refused before any answer kept for it is looked at.
    const wrongType = await held.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { accept: 'application/vnd.api+json', 'content-type': 'text/plain' },
      payload,
    });
    expect(wrongType.statusCode).toBe(415);
    // Spacing aside, the same document is the same answer, with an id of its own.
    const spaced = await held.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify(JSON.parse(payload), null, 2),
    });
    expect(spaced.statusCode).toBe(201);
    const id = (JSON.parse(spaced.body) as { data: { id: string } }).data.id;
    expect(id).not.toBe(first.id);
    expect(spaced.body.replace(id, '<id>')).toBe(first.text);
    // A customer's answer is their own (a subscription would change it), never the visitor's kept one.
    expect((await priced(held, attributes, f.outdoor.id, customer)).text).toBe(
      (await priced(plain, attributes, f.outdoor.id, customer)).text,
    );
  });

  it('keeps an answer under the document as sent, but not under a long one (padding must not fill the memory)', async () => {
    const stay = { startDatetime: '2026-12-16T06:00:00+11:00', endDatetime: '2026-12-18T18:00:00+11:00' };
    const sent = (attributes: Record<string, unknown>) =>
      JSON.stringify(
        doc('booking-quotes', attributes, {
          relationships: { lot: { data: { type: 'lots', id: String(f.outdoor.id) } } },
        }),
      );
    const kept = async (payload: string) =>
      (await held.quoteCache?.answers(held.services.clock()))?.get(`POST booking-quotes/ ${payload}`);
    const short = await priced(held, stay, f.outdoor.id);
    expect(await kept(sent(stay))).toBeDefined();
    const padded = { ...stay, padding: 'x'.repeat(3000) };
    const long = await priced(held, padded, f.outdoor.id);
    expect(long.text).toBe(short.text);
    expect(await kept(sent(padded))).toBeUndefined();
  });

  it('a rate changed through another instance, or straight in the database, is in the next answer', async () => {
    const stay = { startDatetime: '2026-12-05T06:00:00+11:00', endDatetime: '2026-12-07T18:00:00+11:00' };
    const before = await priced(held, stay, f.outdoor.id);
    await priced(held, stay, f.outdoor.id);
    expect(before.text).toContain('"parkingCost":"52.00"');

    const patched = await other.inject({
      method: 'PATCH',
      url: `/backend/api/v1/lots/${f.outdoor.id}/`,
      headers: {
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
        authorization: `Token ${admin}`,
      },
      payload: JSON.stringify(doc('lots', { name: 'Outdoor (open air)' }, { id: String(f.outdoor.id) })),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The lot's change reaches this instance through the change feed: its held data is loaded again.
    const loadsBefore = loads(held);
    await expect
      .poll(
        async () => {
          await priced(held, stay, f.outdoor.id);
          return loads(held);
        },
        { timeout: 2000, interval: 20 },
      )
      .toBeGreaterThan(loadsBefore);

    const [three] = await database.db.select().from(shortTermRateDays).where(eq(shortTermRateDays.days, 3));
    if (!three) throw new Error('no 3-day row');
    await database.db
      .update(shortTermRates)
      .set({ rate: '58.00' })
      .where(and(eq(shortTermRates.dayId, three.id), eq(shortTermRates.lotId, f.outdoor.id)));
    await expect
      .poll(async () => (await priced(held, stay, f.outdoor.id)).text, { timeout: 2000, interval: 20 })
      .toContain('"parkingCost":"58.00"');
    expect((await priced(held, stay, f.outdoor.id)).text).toBe(
      (await priced(plain, stay, f.outdoor.id)).text,
    );
  });
});
