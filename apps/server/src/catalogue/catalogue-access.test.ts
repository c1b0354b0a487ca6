/**
 * Who may do what to the settings resources: the public site reads what it needs, staff read
 * regions, Admins alone write (and alone touch promo codes). Each type answers the back office's
 * not-found text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, rel, signInRoles, V1, type Tokens } from '../test/catalogue-factories';
import { createLots, createVehicleType } from '../test/factories';
import { api, createTestServer, doc, firstError, type TestServer } from '../test/server';

let server: TestServer;
let tokens: Tokens;
/** One stored row per type, and a valid create document for it. */
const rows: Record<string, { id: string; body: ReturnType<typeof doc> }> = {};

type Fixture = {
  type: string;
  attributes: Record<string, unknown>;
  relationships?: () => Record<string, unknown>;
};

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInRoles(server);
  const [lot] = await createLots(server.handle.db);
  const vehicleType = await createVehicleType(server.handle.db, 'Sedan');
  const lotId = String(lot?.id);
  const fixtures: Fixture[] = [
    {
      type: 'lots',
      attributes: {
        name: 'Valet',
        slug: 'valet',
        productCodename: 'unlimited_valet_parking',
        lotType: 'indoor',
        spaces: 20,
      },
    },
    { type: 'vehicle-types', attributes: { name: 'Van' } },
    { type: 'airlines', attributes: { name: 'Qantas' } },
    { type: 'bus-trips', attributes: { service: 'weekday', departureTime: '05:00' } },
    {
      type: 'flights',
      attributes: { flightNumber: 'QF1', time: '06:00', service: 'weekday' },
      relationships: () => ({ airline: rel('airlines', rows.airlines?.id ?? '') }),
    },
    { type: 'extras', attributes: { name: 'Wash', extraType: 'detailing', basePrice: '30' } },
    {
      type: 'extra-variations',
      attributes: { price: '35' },
      relationships: () => ({
        extra: rel('extras', rows.extras?.id ?? ''),
        vehicleType: rel('vehicle-types', vehicleType.id),
      }),
    },
    {
      type: 'lot-regions',
      attributes: { name: 'A', rows: 3 },
      relationships: () => ({ lot: rel('lots', lotId) }),
    },
    {
      type: 'discounts',
      attributes: {
        name: 'Welcome',
        promoCode: 'W10',
        rate: '0.1',
        validFrom: '2026-01-01T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z',
      },
    },
    { type: 'short-term-rate-days', attributes: { days: 1 } },
    {
      type: 'short-term-rates',
      attributes: { rate: '25' },
      relationships: () => ({
        day: rel('short-term-rate-days', rows['short-term-rate-days']?.id ?? ''),
        lot: rel('lots', lotId),
      }),
    },
    { type: 'exceptional-days', attributes: { name: 'Christmas', date: '2026-12-25' } },
    {
      type: 'exceptional-rates',
      attributes: { surcharge: '10' },
      relationships: () => ({
        day: rel('exceptional-days', rows['exceptional-days']?.id ?? ''),
        lot: rel('lots', lotId),
      }),
    },
    {
      type: 'blockout-periods',
      attributes: {
        name: 'Works',
        blockType: 'parking',
        startDatetime: '2026-12-01T00:00:00Z',
        endDatetime: '2026-12-02T00:00:00Z',
      },
    },
  ];
  for (const fixture of fixtures) {
    const relationships = fixture.relationships?.();
    const created = await create(server, tokens.admin, fixture.type, fixture.attributes, relationships);
    rows[fixture.type] = {
      id: created.id,
      body: doc(fixture.type, fixture.attributes, relationships ? { relationships } : {}),
    };
  }
});
afterAll(() => server.close());

const PUBLIC = [
  'lots',
  'vehicle-types',
  'airlines',
  'bus-trips',
  'flights',
  'extras',
  'extra-variations',
  'short-term-rate-days',
  'short-term-rates',
  'exceptional-days',
  'exceptional-rates',
  'blockout-periods',
];
const NOT_FOUND: Record<string, string> = {
  lots: 'Lot not found',
  'vehicle-types': 'Vehicle type not found',
  airlines: 'Airline not found',
  'bus-trips': 'Bus Trip not found',
  flights: 'Flight not found',
  extras: 'Extra not found',
  'extra-variations': 'Extras Variations not found',
  'lot-regions': 'Region not found',
  discounts: 'Discount not found',
  'short-term-rate-days': 'Short term day not found',
  'short-term-rates': 'Rates not found',
  'exceptional-days': 'Exceptional day not found',
  'exceptional-rates': 'Rates not found',
  'blockout-periods': 'Blockout Period not found',
};
const ALL = Object.keys(NOT_FOUND);

describe('reading', () => {
  it.each(PUBLIC)('%s: anyone lists and reads', async (type) => {
    for (const token of [undefined, tokens.customer]) {
      const options = token ? { token } : {};
      expect((await api(server.app, 'GET', `${V1}/${type}/`, options)).status).toBe(200);
      expect((await api(server.app, 'GET', `${V1}/${type}/${rows[type]?.id}/`, options)).status).toBe(200);
    }
  });

  it('lot regions: staff only', async () => {
    expect((await api(server.app, 'GET', `${V1}/lot-regions/`)).status).toBe(401);
    expect(
      (
        await api(server.app, 'GET', `${V1}/lot-regions/${rows['lot-regions']?.id}/`, {
          token: tokens.customer,
        })
      ).status,
    ).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/lot-regions/`, { token: tokens.sales })).status).toBe(200);
  });

  it('discounts: staff read them (the booking form), customers cannot', async () => {
    expect((await api(server.app, 'GET', `${V1}/discounts/`)).status).toBe(401);
    expect((await api(server.app, 'GET', `${V1}/discounts/`, { token: tokens.customer })).status).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/discounts/`, { token: tokens.sales })).status).toBe(200);
    expect((await api(server.app, 'GET', `${V1}/discounts/`, { token: tokens.admin })).status).toBe(200);
  });

  it.each(ALL)('%s: a missing row answers the back office’s not-found text', async (type) => {
    const response = await api(server.app, 'GET', `${V1}/${type}/2147483647/`, { token: tokens.admin });
    expect(response.status).toBe(404);
    expect(firstError(response.body)).toMatchObject({
      status: '404',
      code: 'not_found',
      detail: NOT_FOUND[type],
    });
  });
});

describe('writing is for Admins', () => {
  it.each(ALL)('%s: anonymous 401; customers and Sales 403 on create, update and delete', async (type) => {
    const row = rows[type];
    if (!row) throw new Error(`no ${type} row`);
    const member = `${V1}/${type}/${row.id}/`;
    const update = { data: { ...row.body.data, id: row.id } };
    for (const token of [undefined, tokens.customer, tokens.sales]) {
      const expected = token ? 403 : 401;
      const options = token ? { token } : {};
      expect((await api(server.app, 'POST', `${V1}/${type}/`, { ...options, body: row.body })).status).toBe(
        expected,
      );
      expect((await api(server.app, 'PATCH', member, { ...options, body: update })).status).toBe(expected);
      expect((await api(server.app, 'DELETE', member, options)).status).toBe(expected);
    }
    // The Admin's own update of the same document goes through.
    expect((await api(server.app, 'PATCH', member, { token: tokens.admin, body: update })).status).toBe(200);
  });
});
