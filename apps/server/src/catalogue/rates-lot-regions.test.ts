/**
 * Lot regions, the settings that place a car: listed by lot to staff only; a name, rows above 0 and a
 * lot; Admins edit and delete them. The rate table and exceptional days are in rates-*.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { create, linked, patch, rel, V1 } from '../test/catalogue-factories';
import { useRatesServer } from '../test/rates-settings';
import { api, firstError, many, one } from '../test/server';

const { server, tokens, ids } = useRatesServer();

describe('lot regions', () => {
  it('are listed by lot, to staff only', async () => {
    await create(
      server,
      tokens.admin,
      'lot-regions',
      { name: 'B', rows: 4 },
      { lot: rel('lots', ids.indoor) },
    );
    await create(
      server,
      tokens.admin,
      'lot-regions',
      { name: 'A', rows: '6' },
      { lot: rel('lots', ids.indoor) },
    );
    await create(
      server,
      tokens.admin,
      'lot-regions',
      { name: 'Field', rows: 20 },
      { lot: rel('lots', ids.outdoor) },
    );
    const indoor = await api(server.app, 'GET', `${V1}/lot-regions/?filter[lot]=${ids.indoor}`, {
      token: tokens.sales,
    });
    expect(many(indoor.body).map((region) => region.attributes)).toEqual([
      { name: 'A', rows: 6 },
      { name: 'B', rows: 4 },
    ]);
    expect((await api(server.app, 'GET', `${V1}/lot-regions/`)).status).toBe(401);
    expect((await api(server.app, 'GET', `${V1}/lot-regions/`, { token: tokens.customer })).status).toBe(403);
  });

  it('need a name, rows above 0 and a lot; Admins edit and delete them', async () => {
    const invalid = await api(server.app, 'POST', `${V1}/lot-regions/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'lot-regions',
          attributes: { name: '', rows: 0 },
          relationships: { lot: rel('lots', ids.indoor) },
        },
      },
    });
    expect(invalid.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/name', 'This field is required.'],
      ['/data/attributes/rows', 'Must be a number greater than 0'],
    ]);
    const noLot = await api(server.app, 'POST', `${V1}/lot-regions/`, {
      token: tokens.admin,
      body: { data: { type: 'lot-regions', attributes: { name: 'C', rows: 1 } } },
    });
    expect(firstError(noLot.body)?.source?.pointer).toBe('/data/relationships/lot');

    const region = await create(
      server,
      tokens.admin,
      'lot-regions',
      { name: 'C', rows: 2 },
      { lot: rel('lots', ids.outdoor) },
    );
    const moved = await patch(
      server,
      tokens.admin,
      'lot-regions',
      region.id,
      { rows: 3 },
      { lot: rel('lots', ids.indoor) },
    );
    expect(one(moved.body).attributes).toEqual({ name: 'C', rows: 3 });
    expect(linked(one(moved.body), 'lot')).toEqual([ids.indoor]);
    expect(
      (await api(server.app, 'DELETE', `${V1}/lot-regions/${region.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
    expect(
      firstError(
        (await api(server.app, 'GET', `${V1}/lot-regions/${region.id}/`, { token: tokens.admin })).body,
      )?.detail,
    ).toBe('Region not found');
  });
});
