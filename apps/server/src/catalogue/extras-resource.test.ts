/** Extras and their vehicle-type prices: public and private extras, and availability for a stay. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableExtraIds } from '../pricing/extras-availability';
import { create, patch, rel, signInRoles, V1, type Tokens } from '../test/catalogue-factories';
import { createVehicleType } from '../test/factories';
import { api, createTestServer, firstError, many, one, type TestServer } from '../test/server';

let server: TestServer;
let tokens: Tokens;
const ids = { wash: '', valet: '', polish: '', off: '', hidden: '', sedan: 0, suv: 0 };

// A stay from 1 to 5 December 2026 in Hobart (AEDT, +11:00); '+' must be encoded in a query string.
const STAY = encodeURIComponent('2026-12-01T08:00:00+11:00,2026-12-05T18:00:00+11:00');

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInRoles(server);
  const extra = (name: string, attributes: Record<string, unknown> = {}) =>
    create(server, tokens.admin, 'extras', { name, extraType: 'detailing', basePrice: '30', ...attributes });
  ids.wash = (await extra('Wash')).id;
  ids.valet = (await extra('Valet', { basePrice: 120 })).id;
  ids.polish = (await extra('Polish', { extraType: 'service' })).id;
  ids.off = (await extra('Off', { available: false })).id;
  ids.hidden = (await extra('Hidden', { public: false })).id;
  ids.sedan = (await createVehicleType(server.handle.db, 'Sedan')).id;
  ids.suv = (await createVehicleType(server.handle.db, 'SUV')).id;
});
afterAll(() => server.close());

const names = (body: Parameters<typeof many>[0]) => many(body).map((extra) => extra.attributes.name);

describe('extras', () => {
  it('answer their price as money and formatted in AUD', async () => {
    const valet = one((await api(server.app, 'GET', `${V1}/extras/${ids.valet}/`)).body);
    expect(valet.attributes).toEqual({
      name: 'Valet',
      description: '',
      extraType: 'detailing',
      basePrice: '120.00',
      formattedPrice: '$120.00',
      available: true,
      public: true,
    });
  });

  it('private extras are listed to staff only', async () => {
    expect(names((await api(server.app, 'GET', `${V1}/extras/`)).body)).toEqual([
      'Off',
      'Polish',
      'Valet',
      'Wash',
    ]);
    expect(
      names((await api(server.app, 'GET', `${V1}/extras/`, { token: tokens.customer })).body),
    ).not.toContain('Hidden');
    expect(names((await api(server.app, 'GET', `${V1}/extras/`, { token: tokens.sales })).body)).toContain(
      'Hidden',
    );
    const read = await api(server.app, 'GET', `${V1}/extras/${ids.hidden}/`, { token: tokens.customer });
    expect(read.status).toBe(404);
    expect(firstError(read.body)?.detail).toBe('Extra not found');
    expect(
      (await api(server.app, 'GET', `${V1}/extras/${ids.hidden}/`, { token: tokens.admin })).status,
    ).toBe(200);
  });

  it('are filtered by type', async () => {
    expect(names((await api(server.app, 'GET', `${V1}/extras/?filter[extraType]=service`)).body)).toEqual([
      'Polish',
    ]);
  });

  it('need a name and a base price; Admins update and delete them', async () => {
    const invalid = await api(server.app, 'POST', `${V1}/extras/`, {
      token: tokens.admin,
      body: { data: { type: 'extras', attributes: { name: '', extraType: 'washing', basePrice: '' } } },
    });
    expect(invalid.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/name', 'This field is required.'],
      ['/data/attributes/extraType', 'Select a valid choice.'],
      ['/data/attributes/basePrice', 'This field is required.'],
    ]);
    const badPrice = await patch(server, tokens.admin, 'extras', ids.wash, { basePrice: '-5' });
    expect(firstError(badPrice.body)).toMatchObject({
      detail: 'Enter a valid amount.',
      source: { pointer: '/data/attributes/basePrice' },
    });

    const temp = await create(server, tokens.admin, 'extras', {
      name: 'Temp',
      extraType: 'service',
      basePrice: '9.5',
      description: 'Tyres',
    });
    const updated = await patch(server, tokens.admin, 'extras', temp.id, { public: false, basePrice: 11 });
    expect(one(updated.body).attributes).toMatchObject({
      description: 'Tyres',
      public: false,
      basePrice: '11.00',
      formattedPrice: '$11.00',
    });
    expect(
      (await api(server.app, 'DELETE', `${V1}/extras/${temp.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
  });
});

describe('extra variations', () => {
  it('price an extra per vehicle type, filtered by vehicle type and extra; one per pair', async () => {
    const relationships = (extra: string, vehicleType: number) => ({
      extra: rel('extras', extra),
      vehicleType: rel('vehicle-types', vehicleType),
    });
    const suvWash = await create(
      server,
      tokens.admin,
      'extra-variations',
      { price: '40' },
      relationships(ids.wash, ids.suv),
    );
    expect(suvWash.attributes).toEqual({ price: '40.00', formattedPrice: '$40.00' });
    await create(
      server,
      tokens.admin,
      'extra-variations',
      { price: '150' },
      relationships(ids.valet, ids.suv),
    );
    await create(
      server,
      tokens.admin,
      'extra-variations',
      { price: '25' },
      relationships(ids.wash, ids.sedan),
    );
    await create(
      server,
      tokens.admin,
      'extra-variations',
      { price: '12' },
      relationships(ids.hidden, ids.suv),
    );

    const bySuv = await api(server.app, 'GET', `${V1}/extra-variations/?filter[vehicleType]=${ids.suv}`);
    expect(many(bySuv.body).map((variation) => variation.attributes.price)).toEqual(['40.00', '150.00']);
    const staffSuv = await api(server.app, 'GET', `${V1}/extra-variations/?filter[vehicleType]=${ids.suv}`, {
      token: tokens.sales,
    });
    expect(many(staffSuv.body)).toHaveLength(3);
    const byExtra = await api(
      server.app,
      'GET',
      `${V1}/extra-variations/?filter[extra]=${ids.wash}&include=vehicleType`,
    );
    expect(many(byExtra.body).map((variation) => variation.attributes.price)).toEqual(['40.00', '25.00']);
    expect(byExtra.body.included?.map((type) => type.attributes.name).sort()).toEqual(['SUV', 'Sedan']);

    const twice = await api(server.app, 'POST', `${V1}/extra-variations/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'extra-variations',
          attributes: { price: '1' },
          relationships: relationships(ids.wash, ids.suv),
        },
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([
      {
        status: '400',
        code: 'unique',
        detail: 'This extra already has a price for this vehicle type.',
        source: { pointer: '/data/relationships/vehicleType' },
      },
    ]);

    const repriced = await patch(server, tokens.admin, 'extra-variations', suvWash.id, { price: '45.5' });
    expect(one(repriced.body).attributes.price).toBe('45.50');
    expect(
      (await api(server.app, 'DELETE', `${V1}/extra-variations/${suvWash.id}/`, { token: tokens.admin }))
        .status,
    ).toBe(204);
    expect(
      firstError((await api(server.app, 'GET', `${V1}/extra-variations/${suvWash.id}/`)).body)?.detail,
    ).toBe('Extras Variations not found');
  });

  it('need their price, extra and vehicle type', async () => {
    const response = await api(server.app, 'POST', `${V1}/extra-variations/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'extra-variations',
          attributes: { price: '5' },
          relationships: { extra: rel('extras', ids.polish) },
        },
      },
    });
    expect(firstError(response.body)).toMatchObject({
      detail: 'This field is required.',
      source: { pointer: '/data/relationships/vehicleType' },
    });
  });
});

describe('extras availability for a stay (filter[checkAvailability])', () => {
  const availability = async (query: string, token?: string) => {
    const response = await api(
      server.app,
      'GET',
      `${V1}/extras/?filter[checkAvailability]=${query}`,
      token ? { token } : {},
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return Object.fromEntries(
      many(response.body).map((extra) => [extra.attributes.name, extra.attributes.available]),
    );
  };

  it('with nothing against them, only the switched-off extra is unavailable', async () => {
    expect(await availability(STAY)).toEqual({ Off: false, Polish: true, Valet: true, Wash: true });
  });

  it('an extra blockout over the stay and an exceptional day inside it make their extras unavailable', async () => {
    await create(
      server,
      tokens.admin,
      'blockout-periods',
      {
        name: 'Wash bay closed',
        blockType: 'extra',
        startDatetime: '2026-12-04T00:00:00+11:00',
        endDatetime: '2026-12-08T00:00:00+11:00',
      },
      { extras: rel('extras', [ids.wash]) },
    );
    await create(
      server,
      tokens.admin,
      'exceptional-days',
      { name: 'Staff party', date: '2026-12-02' },
      { unavailableExtras: rel('extras', [ids.valet, ids.hidden]) },
    );

    expect(await availability(STAY)).toEqual({ Off: false, Polish: true, Valet: false, Wash: false });
    expect(await availability(STAY, tokens.admin)).toEqual({
      Hidden: false,
      Off: false,
      Polish: true,
      Valet: false,
      Wash: false,
    });
    // Without the filter, `available` is the extra's own switch.
    const plain = await api(server.app, 'GET', `${V1}/extras/`);
    expect(
      Object.fromEntries(
        many(plain.body).map((extra) => [extra.attributes.name, extra.attributes.available]),
      ),
    ).toMatchObject({ Valet: true, Wash: true });
  });

  it('say why in their meta: the blockout’s own message, the exceptional day, never a private extra’s name', async () => {
    // The blockout and exceptional day of the test above (the first without a message), and a second one with.
    await create(
      server,
      tokens.admin,
      'blockout-periods',
      {
        name: 'Polish bay upgrade',
        message: 'Our polish bay is being upgraded.',
        blockType: 'extra',
        startDatetime: '2026-12-05T12:00:00+11:00',
        endDatetime: '2026-12-06T00:00:00+11:00',
      },
      { extras: rel('extras', [ids.polish]) },
    );
    const notices = async (token?: string) => {
      const response = await api(
        server.app,
        'GET',
        `${V1}/extras/?filter[checkAvailability]=${STAY}`,
        token ? { token } : {},
      );
      expect(response.status).toBe(200);
      return (response.body as { meta?: Record<string, unknown> }).meta?.unavailableNotices;
    };
    expect(await notices()).toEqual([
      { message: 'Valet: not available on Staff party (2/12/2026).', extras: [ids.valet] },
      { message: 'Wash: not available at the selected dates.', extras: [ids.wash] },
      { message: 'Our polish bay is being upgraded.', extras: [ids.polish] },
    ]);
    // Staff see the private extra, named (in the list's order: by name).
    expect(await notices(tokens.admin)).toContainEqual({
      message: 'Hidden and Valet: not available on Staff party (2/12/2026).',
      extras: [ids.hidden, ids.valet],
    });
    // A stay the calendar leaves alone has no notice; a list without a stay has no such meta.
    const clear = encodeURIComponent('2026-11-20T00:00:00Z,2026-11-30T12:00:00Z');
    const free = await api(server.app, 'GET', `${V1}/extras/?filter[checkAvailability]=${clear}`);
    expect((free.body as { meta?: Record<string, unknown> }).meta?.unavailableNotices).toEqual([]);
    const plain = await api(server.app, 'GET', `${V1}/extras/`);
    expect((plain.body as { meta?: Record<string, unknown> }).meta?.unavailableNotices).toBeUndefined();
  });

  it('outside those windows the extras are available again', async () => {
    // Ends the moment the blockout starts; the exceptional day (2 Dec) is before this stay.
    const later = encodeURIComponent('2026-12-03T09:00:00+11:00,2026-12-04T00:00:00+11:00');
    expect(await availability(later)).toEqual({ Off: false, Polish: true, Valet: true, Wash: true });
    const earlier = '2026-11-20T00:00:00Z,2026-11-30T12:00:00Z';
    expect(await availability(earlier)).toEqual({ Off: false, Polish: true, Valet: true, Wash: true });
  });

  it('counts the exceptional day by its date in the business time zone', async () => {
    // 23:30 UTC on 2 December is 10:30 on 3 December in Hobart: the 2 December day is not inside.
    expect(await availability('2026-12-02T23:30:00Z,2026-12-03T10:00:00Z')).toMatchObject({ Valet: true });
    expect(await availability('2026-12-02T12:30:00Z,2026-12-03T10:00:00Z')).toMatchObject({ Valet: false });
    const blocked = await unavailableExtraIds(
      server.handle.db,
      new Date('2026-12-02T12:30:00Z'),
      new Date('2026-12-03T10:00:00Z'),
      'Australia/Hobart',
    );
    expect(blocked).toEqual(new Set([Number(ids.valet), Number(ids.hidden), Number(ids.off)]));
  });

  it('accepts an unencoded + offset, and refuses anything but two datetimes in order', async () => {
    expect(await availability('2026-12-01T08:00:00+11:00,2026-12-05T18:00:00+11:00')).toMatchObject({
      Wash: false,
    });
    for (const bad of [
      '2026-12-01T08:00:00Z',
      'yesterday,today',
      '2026-12-05T08:00:00Z,2026-12-01T08:00:00Z',
      '2026-12-01T08:00:00Z,2026-12-01T08:00:00Z',
      '2026-12-01T08:00:00,2026-12-02T08:00:00',
      'a,b,c',
    ]) {
      const response = await api(
        server.app,
        'GET',
        `${V1}/extras/?filter[checkAvailability]=${encodeURIComponent(bad)}`,
      );
      expect(response.status, bad).toBe(400);
      expect(firstError(response.body)?.source?.parameter).toBe('filter[checkAvailability]');
    }
  });

  it('combines with the other list parameters', async () => {
    const response = await api(
      server.app,
      'GET',
      `${V1}/extras/?filter[checkAvailability]=${STAY}&filter[extraType]=detailing&sort=-name&page[size]=2`,
    );
    expect(many(response.body).map((extra) => [extra.attributes.name, extra.attributes.available])).toEqual([
      ['Wash', false],
      ['Valet', false],
    ]);
    expect(response.body.meta?.pagination).toEqual({ count: 3, page: 1, pages: 2 });
    expect((await api(server.app, 'GET', `${V1}/extras/?filter[nope]=1`)).status).toBe(400);
  });
});
