/**
 * Hostile input, control characters inside otherwise valid documents (issue 38). For every resource an
 * Admin may change, a document is made from one of its own rows (read as an Admin, with what the server
 * will not take back left out, until it is accepted); then each of its text attributes in turn carries a
 * control character (U+0000 to U+001F but tab, line feed and carriage return, or U+007F) at a place
 * fast-check picks, sent as an update and as a create. The declared actions that take text get the same
 * from a valid document of their own (the waitlist's join, which needs a full car park, is
 * jsonapi/control-characters.test.ts's). Every answer is below 500 and a JSON:API document (`send`), and at the
 * end no text column of any table holds a control character.
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../app';
import { API, SEED, send, target, useHostileServer } from '../test/hostile-input-harness';
import { bookings, customers, lotRegions } from '../db/schema/index';
import { createUser, PASSWORD } from '../test/factories';
import { createDiscount } from '../test/pricing-fixtures';
import { JSONAPI } from '../test/server';

useHostileServer();

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
interface Resource {
  id: string;
  attributes: Record<string, Json>;
  relationships?: Record<string, { data?: Json }>;
}
interface Base {
  type: string;
  id: string;
  attributes: Record<string, Json>;
  relationships: Record<string, { data: Json }>;
}

const CONTROL = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d),
    fc.constant(0x7f),
  )
  .map((code) => String.fromCharCode(code));

/** A request outside the tally: finding the valid document is not the attack. */
async function call(method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown, admin = true) {
  const response = await target.server.app.inject({
    method,
    url,
    headers: {
      accept: JSONAPI,
      ...(admin ? { authorization: `Token ${target.adminToken}` } : {}),
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json<Record<string, unknown>>() ?? {}) : {},
  };
}

const pointed = (errors: unknown, prefix: string) =>
  (Array.isArray(errors) ? (errors as Array<{ source?: { pointer?: string } }>) : [])
    .map((error) => error.source?.pointer ?? '')
    .filter((pointer) => pointer.startsWith(prefix))
    .map((pointer) => pointer.slice(prefix.length).split('/')[0] ?? '');

/**
 * One of the type's rows as a document the server accepts back unchanged (an update), or why there is
 * none: attributes and relationships it refuses are left out, one refusal at a time.
 */
async function validBase(type: string, id: string | undefined): Promise<Base | string> {
  const list = await call('GET', id ? `${API}/${type}/${id}/` : `${API}/${type}/?page[size]=1`);
  const data = list.body.data as Resource | Resource[] | undefined;
  const row = Array.isArray(data) ? data[0] : data;
  if (list.status !== 200 || !row) return `no row to start from (${list.status})`;
  const attributes = { ...row.attributes };
  const relationships = Object.fromEntries(
    Object.entries(row.relationships ?? {}).flatMap(([name, value]) =>
      value.data === undefined ? [] : [[name, { data: value.data }]],
    ),
  ) as Base['relationships'];
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const base = { type, id: row.id, attributes, relationships };
    const answer = await call('PATCH', `${API}/${type}/${row.id}/`, { data: base });
    if (answer.status < 300) return base;
    const badAttributes = pointed(answer.body.errors, '/data/attributes/');
    const badRelationships = pointed(answer.body.errors, '/data/relationships/');
    // "Relationships of a user cannot be changed here": the document goes without them.
    const allRelationships = pointed(answer.body.errors, '/data/relationships').includes('');
    if (allRelationships) for (const name of Object.keys(relationships)) delete relationships[name];
    const known = [...badAttributes.filter((name) => name in attributes), ...badRelationships];
    if (known.length === 0 && !allRelationships)
      return `refused as read (${answer.status} ${JSON.stringify(answer.body)})`;
    for (const name of badAttributes) delete attributes[name];
    for (const name of badRelationships) delete relationships[name];
  }
  return 'still refused after leaving out 12 fields';
}

const withControl = (value: string, control: string, at: number) => {
  const place = at % (value.length + 1);
  return `${value.slice(0, place)}${control}${value.slice(place)}`;
};

/** Sends `document` with each text attribute in turn carrying a control character (runs per attribute). */
async function attack(
  method: 'PATCH' | 'POST',
  url: string,
  document: { type: string; id?: string; attributes: Record<string, Json>; relationships?: unknown },
  admin: boolean,
  tried: Set<string>,
) {
  for (const path of textPaths(document.attributes)) {
    const value = String(valueAt(document.attributes, path));
    tried.add(`${method} ${document.type}.${path.join('.')}`);
    await fc.assert(
      fc.asyncProperty(CONTROL, fc.nat(), async (control, at) => {
        const attributes = withValueAt(document.attributes, path, withControl(value, control, at));
        await send({
          method,
          url,
          payload: JSON.stringify({ data: { ...document, attributes } }),
          admin,
        });
      }),
      { seed: SEED, numRuns: 3, endOnFailure: true },
    );
  }
}

type Path = Array<string | number>;

/** Where the strings are in a value, nested ones included (a home page's blocks, a page's accordion). */
function textPaths(value: Json, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => textPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...path, key]));
  return [];
}

const valueAt = (value: Json, path: Path): Json =>
  path.reduce<Json>(
    (at, key) => (at && typeof at === 'object' ? ((at as Record<string | number, Json>)[key] ?? null) : null),
    value,
  );

function withValueAt<T extends Json>(value: T, path: Path, replacement: Json): T {
  if (path.length === 0) return replacement as T;
  const [key, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === key ? withValueAt(item, rest, replacement) : item)) as T;
  const object = value as Record<string, Json>;
  return { ...object, [String(key)]: withValueAt(object[String(key)] ?? null, rest, replacement) } as T;
}

/** The text columns of every table, and how many of their values hold a control character. */
async function storedControlCharacters(): Promise<Record<string, number>> {
  const db = target.server.handle.db;
  const columns = (await db.execute(sql`
    SELECT table_name, column_name, data_type FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb')
    ORDER BY table_name, column_name`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string; data_type: string }>;
  };
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column, data_type: type } of columns.rows) {
    // The abuse counters count what was sent, refused or not: that is their job.
    if (table === 'rate_limit_hits') continue;
    // JSON keeps a control character as an escape (\u0001), but U+007F as it is.
    const holds =
      type === 'jsonb'
        ? `"${column}"::text ~ '\\\\u00[01][0-9a-fA-F]|\\x7f'`
        : `"${column}" ~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]'`;
    const result = (await db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM "${table}" WHERE ${holds}`),
    )) as unknown as { rows: Array<{ n: number }> };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) found[`${table}.${column}`] = n;
  }
  return found;
}

const to = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

/** One row of each resource the fixtures leave empty, made through the API as an Admin: their ids by type. */
async function seedRows(): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const { f } = target;
  const made = async (type: string, attributes: Record<string, Json>, relationships: object = {}) => {
    const answer = await call('POST', `${API}/${type}/`, { data: { type, attributes, relationships } });
    if (answer.status !== 201) throw new Error(`${type}: ${answer.status} ${JSON.stringify(answer.body)}`);
    ids[type] = String((answer.body.data as Resource).id);
    return ids[type];
  };
  await made('blockout-periods', {
    name: 'Works',
    message: 'Closed for works',
    blockType: 'parking',
    startDatetime: '2027-03-01T00:00:00+11:00',
    endDatetime: '2027-03-02T00:00:00+11:00',
  });
  const bus = await made('bus-trips', { service: 'weekday', departureTime: '05:30:00' });
  await made(
    'flights',
    { flightNumber: 'QF1', time: '06:30', service: 'weekday' },
    { airline: to('airlines', f.qantas.id), busTrip: to('bus-trips', bus) },
  );
  await made('lot-regions', { name: 'C', rows: 2 }, { lot: to('lots', f.outdoor.id) });
  const day = await made('exceptional-days', { name: 'Australia Day', date: '2027-01-26' });
  await made(
    'exceptional-rates',
    { surcharge: '10.00' },
    { day: to('exceptional-days', day), lot: to('lots', f.outdoor.id) },
  );
  // Partners (issue 42): a partner, its key, an allotment and a stop-sell.
  const partner = await made('partners', {
    name: 'Fly Compare',
    contactName: 'Jo',
    contactEmail: 'jo@flycompare.example',
    contactPhone: '0400 000 000',
    commissionRate: '0.1',
    status: 'live',
  });
  await made('partner-api-keys', { label: 'Production' }, { partner: to('partners', partner) });
  await made(
    'partner-allotments',
    { places: 3, releaseHours: 24 },
    { partner: to('partners', partner), lot: to('lots', f.outdoor.id) },
  );
  await made(
    'partner-stop-sells',
    { startDate: '2027-02-01', endDate: '2027-02-03', reason: 'Review' },
    { partner: to('partners', partner), lot: to('lots', f.outdoor.id) },
  );
  await made('content-pages', {
    title: 'Winter parking',
    path: '/winter-parking/',
    layout: 'page',
    content: '<p>Book early.</p>',
    status: 'published',
  });
  return ids;
}

describe(`control characters inside otherwise valid documents (FUZZ_SEED=${SEED})`, () => {
  const tried = new Set<string>();

  it(
    'every resource an Admin may change: each text attribute, as an update and a create',
    { timeout: 600_000 },
    async () => {
      const seeded = await seedRows();
      const missing: Record<string, string> = {};
      for (const definition of buildRegistry().all()) {
        if (!definition.access.update) continue;
        const base = await validBase(definition.type, seeded[definition.type]);
        if (typeof base === 'string') {
          missing[definition.type] = base;
          continue;
        }
        await attack('PATCH', `${API}/${base.type}/${base.id}/`, base, true, tried);
        if (definition.access.create) {
          const { id: _id, ...created } = base;
          await attack('POST', `${API}/${base.type}/`, created, true, tried);
        }
      }
      expect(missing).toEqual({});
      expect(tried.size).toBeGreaterThan(0);
    },
  );

  it(
    'the declared actions that take text, from a valid document of their own',
    { timeout: 600_000 },
    async () => {
      const { server } = target;
      const db = server.handle.db;
      const person = await createUser(db, { roles: ['Customers'] });
      const valet = await createUser(db, { roles: ['Employees'] });
      await db.update(customers).set({ staff: true }).where(eq(customers.id, valet.customer.id));
      await createDiscount(db, {
        promoCode: 'SAVE10',
        rate: '0.10',
        validFrom: '2026-01-01T00:00:00+11:00',
        validTo: '2027-12-31T00:00:00+11:00',
      });
      // The fixture booking, paid: a car that can be checked in.
      const [booking] = await db
        .update(bookings)
        .set({ status: 'complete', paymentStatus: 'paid' })
        .where(eq(bookings.id, sql`(SELECT min(id) FROM bookings)`))
        .returning();
      if (!booking) throw new Error('no booking');
      const [region] = await db.select().from(lotRegions).where(eq(lotRegions.lotId, booking.lotId)).limit(1);
      type Document = { type: string; attributes: Record<string, Json>; relationships?: object };
      const posts: Array<{ url: string; document: Document; admin: boolean }> = [
        {
          url: `${API}/sessions/`,
          document: { type: 'sessions', attributes: { email: person.user.email, password: PASSWORD } },
          admin: false,
        },
        {
          url: `${API}/password-resets/`,
          document: { type: 'password-resets', attributes: { email: person.user.email } },
          admin: false,
        },
        {
          url: `${API}/manage-booking-sessions/`,
          document: {
            type: 'manage-booking-sessions',
            attributes: { bookingCode: booking.bookingCode, email: booking.email },
          },
          admin: false,
        },
        {
          url: `${API}/promo-codes/`,
          document: { type: 'promo-codes', attributes: { code: 'SAVE10' } },
          admin: false,
        },
        {
          url: `${API}/contact-submissions/`,
          document: {
            type: 'contact-submissions',
            attributes: {
              name: 'Ruth Park',
              email: 'ruth@example.com',
              phoneNumber: '',
              message: 'EV charging?',
            },
          },
          admin: false,
        },
        {
          url: `${API}/local-flight-statuses/`,
          document: {
            type: 'local-flight-statuses',
            attributes: {
              flightNumber: 'QF1',
              date: '2026-11-22',
              scheduledArrival: '2026-11-22T10:00:00+11:00',
              state: 'delayed',
              estimatedArrival: '2026-11-22T11:00:00+11:00',
            },
          },
          admin: true,
        },
        {
          url: `${API}/bookings/${booking.id}/custody/check-ins/`,
          document: {
            type: 'custody-check-ins',
            attributes: {
              lotRegionRow: 1,
              timeParked: server.clock.now().toISOString(),
              fuelLevel: '3/4',
              keyTag: 'K12',
              notes: 'Scratch on the rear bumper',
            },
            relationships: {
              lotRegion: to('lot-regions', region?.id ?? 0),
              parkedBy: to('customers', valet.customer.id),
            },
          },
          admin: true,
        },
      ];
      // The site's own documents, sent back as read.
      const roundTrips: string[] = ['home-page/', 'site-details/'];
      const menus = await call('GET', `${API}/content-menus/`);
      const menu = (menus.body.data as Resource[] | undefined)?.[0];
      if (menu) roundTrips.push(`content-menus/${menu.id}/`);
      const refused: Record<string, string> = {};
      for (const path of roundTrips) {
        const read = await call('GET', `${API}/${path}`);
        const data = read.body.data as Resource & { type: string };
        const document = { type: data.type, id: data.id, attributes: data.attributes };
        const back = await call('PATCH', `${API}/${path}`, { data: document });
        if (back.status >= 300) refused[path] = `${back.status} ${JSON.stringify(back.body).slice(0, 300)}`;
        else await attack('PATCH', `${API}/${path}`, document, true, tried);
      }
      for (const { url, document, admin } of posts) {
        // The attack first, then the document as it is, to show it valid: the attack changed only its text
        // (the check-in, accepted, could not be made twice).
        await attack('POST', url, document, admin, tried);
        const plain = await call('POST', url, { data: document }, admin);
        if (plain.status >= 300) refused[url] = `${plain.status} ${JSON.stringify(plain.body).slice(0, 300)}`;
      }
      expect(refused).toEqual({});
    },
  );

  it('left no control character in any text column', async () => {
    expect(await storedControlCharacters()).toEqual({});
    // What was tried, for the record.
    console.info(`control characters tried in ${tried.size} text attributes`);
  });
});
