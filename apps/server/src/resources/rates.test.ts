/**
 * Lot regions, the short-term rate table and exceptional days: the settings that price a stay
 * and place a car. Rates and surcharges are their own resources, saved one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, linked, patch, rel, signInRoles, V1, type Tokens } from '../test/catalogue-factories';
import { createLots } from '../test/factories';
import { api, createTestServer, firstError, many, one, type TestServer } from '../test/server';

let server: TestServer;
let tokens: Tokens;
const ids = { indoor: '', outdoor: '', wash: '', hidden: '' };

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInRoles(server);
  const [indoor, outdoor] = await createLots(server.handle.db);
  ids.indoor = String(indoor?.id);
  ids.outdoor = String(outdoor?.id);
  ids.wash = (
    await create(server, tokens.admin, 'extras', { name: 'Wash', extraType: 'detailing', basePrice: '30' })
  ).id;
  ids.hidden = (
    await create(server, tokens.admin, 'extras', {
      name: 'Hidden',
      extraType: 'service',
      basePrice: '5',
      public: false,
    })
  ).id;
});
afterAll(() => server.close());

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

describe('short-term rate table', () => {
  it('rows are sorted by days ascending, each with its rates per lot', async () => {
    const week = await create(server, tokens.admin, 'short-term-rate-days', { days: 7 });
    const day = await create(server, tokens.admin, 'short-term-rate-days', { days: '1' });
    for (const [row, lot, rate] of [
      [day.id, ids.outdoor, '25'],
      [day.id, ids.indoor, '35.5'],
      [week.id, ids.outdoor, '85'],
    ] as const) {
      await create(
        server,
        tokens.admin,
        'short-term-rates',
        { rate },
        { day: rel('short-term-rate-days', row), lot: rel('lots', lot) },
      );
    }
    const list = await api(server.app, 'GET', `${V1}/short-term-rate-days/?include=shortTermRates.lot`);
    const rows = many(list.body);
    expect(rows.map((row) => row.attributes.days)).toEqual([1, 7]);
    const rates = (list.body.included ?? []).filter((resource) => resource.type === 'short-term-rates');
    // A row's rates come in lot-name order (Indoor, Outdoor).
    expect(
      linked(rows[0] ?? { type: '', id: '', attributes: {} }, 'shortTermRates').map(
        (id) => rates.find((rate) => rate.id === id)?.attributes.rate,
      ),
    ).toEqual(['35.50', '25.00']);
    expect(rates.find((rate) => rate.attributes.rate === '35.50')?.attributes.formattedRate).toBe('$35.50');
    expect(
      (list.body.included ?? [])
        .filter((resource) => resource.type === 'lots')
        .map((lot) => lot.attributes.slug)
        .sort(),
    ).toEqual(['indoor', 'outdoor']);

    const byDay = await api(server.app, 'GET', `${V1}/short-term-rates/?filter[day]=${day.id}`);
    expect(many(byDay.body).map((rate) => rate.attributes.rate)).toEqual(['35.50', '25.00']);
  });

  it('days must be above 0 and unique; one rate per day and lot', async () => {
    const zero = await api(server.app, 'POST', `${V1}/short-term-rate-days/`, {
      token: tokens.admin,
      body: { data: { type: 'short-term-rate-days', attributes: { days: 0 } } },
    });
    expect(firstError(zero.body)).toMatchObject({
      detail: 'Must be a number greater than 0',
      source: { pointer: '/data/attributes/days' },
    });
    const twice = await api(server.app, 'POST', `${V1}/short-term-rate-days/`, {
      token: tokens.admin,
      body: { data: { type: 'short-term-rate-days', attributes: { days: 7 } } },
    });
    expect(firstError(twice.body)).toMatchObject({
      code: 'unique',
      source: { pointer: '/data/attributes/days' },
    });

    const three = await create(server, tokens.admin, 'short-term-rate-days', { days: 3 });
    const relationships = { day: rel('short-term-rate-days', three.id), lot: rel('lots', ids.indoor) };
    const rate = await create(server, tokens.admin, 'short-term-rates', { rate: '52' }, relationships);
    const again = await api(server.app, 'POST', `${V1}/short-term-rates/`, {
      token: tokens.admin,
      body: { data: { type: 'short-term-rates', attributes: { rate: '60' }, relationships } },
    });
    expect(firstError(again.body)).toMatchObject({
      detail: 'This day already has a rate for this lot.',
      source: { pointer: '/data/relationships/lot' },
    });
    const missing = await api(server.app, 'POST', `${V1}/short-term-rates/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'short-term-rates',
          attributes: {},
          relationships: { ...relationships, lot: rel('lots', ids.outdoor) },
        },
      },
    });
    expect(firstError(missing.body)).toMatchObject({
      detail: 'This field is required.',
      source: { pointer: '/data/attributes/rate' },
    });

    const updated = await patch(server, tokens.admin, 'short-term-rates', rate.id, { rate: '55.00' });
    expect(one(updated.body).attributes.rate).toBe('55.00');
    // Deleting a row takes its rates with it.
    expect(
      (await api(server.app, 'DELETE', `${V1}/short-term-rate-days/${three.id}/`, { token: tokens.admin }))
        .status,
    ).toBe(204);
    expect(
      firstError((await api(server.app, 'GET', `${V1}/short-term-rate-days/${three.id}/`)).body)?.detail,
    ).toBe('Short term day not found');
    expect(
      firstError((await api(server.app, 'GET', `${V1}/short-term-rates/${rate.id}/`)).body)?.detail,
    ).toBe('Rates not found');
  });
});

describe('exceptional days', () => {
  it('carry surcharges per lot and unavailable extras, read with exceptionalRates.lot included', async () => {
    const christmas = await create(
      server,
      tokens.admin,
      'exceptional-days',
      { name: 'Christmas', date: '2026-12-25' },
      { unavailableExtras: rel('extras', [ids.wash, ids.hidden]) },
    );
    const boxing = await create(server, tokens.admin, 'exceptional-days', {
      name: 'Boxing Day',
      date: '2026-12-26',
    });
    expect(linked(boxing, 'unavailableExtras')).toEqual([]);
    for (const [lot, surcharge] of [
      [ids.outdoor, '10'],
      [ids.indoor, '15'],
    ] as const) {
      await create(
        server,
        tokens.admin,
        'exceptional-rates',
        { surcharge },
        { day: rel('exceptional-days', christmas.id), lot: rel('lots', lot) },
      );
    }

    const read = await api(
      server.app,
      'GET',
      `${V1}/exceptional-days/${christmas.id}/?include=exceptionalRates.lot`,
    );
    const day = one(read.body);
    expect(day.attributes).toEqual({ name: 'Christmas', date: '2026-12-25' });
    // The private extra is linked for staff only.
    expect(linked(day, 'unavailableExtras')).toEqual([ids.wash]);
    const surcharges = linked(day, 'exceptionalRates').map((id) =>
      read.body.included?.find((item) => item.type === 'exceptional-rates' && item.id === id),
    );
    expect(
      surcharges.map((rate) => [
        rate?.attributes.surcharge,
        linked(rate ?? { type: '', id: '', attributes: {} }, 'lot')[0],
      ]),
    ).toEqual([
      ['15.00', ids.indoor],
      ['10.00', ids.outdoor],
    ]);
    expect(read.body.included?.filter((item) => item.type === 'lots')).toHaveLength(2);
    const staffView = one(
      (await api(server.app, 'GET', `${V1}/exceptional-days/${christmas.id}/`, { token: tokens.admin })).body,
    );
    expect(linked(staffView, 'unavailableExtras')).toEqual(
      [ids.wash, ids.hidden].sort((a, b) => Number(a) - Number(b)),
    );

    const list = await api(server.app, 'GET', `${V1}/exceptional-days/`);
    expect(many(list.body).map((each) => each.attributes.date)).toEqual(['2026-12-26', '2026-12-25']);
    const rates = await api(server.app, 'GET', `${V1}/exceptional-rates/?filter[day]=${christmas.id}`);
    expect(many(rates.body).map((rate) => rate.attributes.surcharge)).toEqual(['15.00', '10.00']);
  });

  it('replace, keep or clear their unavailable extras on update', async () => {
    const day = await create(
      server,
      tokens.admin,
      'exceptional-days',
      { name: 'Easter', date: '2027-03-26' },
      { unavailableExtras: rel('extras', [ids.wash]) },
    );
    const renamed = await patch(server, tokens.admin, 'exceptional-days', day.id, { name: 'Good Friday' });
    expect(one(renamed.body).attributes.name).toBe('Good Friday');
    expect(linked(one(renamed.body), 'unavailableExtras')).toEqual([ids.wash]);
    const replaced = await patch(
      server,
      tokens.admin,
      'exceptional-days',
      day.id,
      {},
      { unavailableExtras: rel('extras', [ids.hidden]) },
    );
    expect(linked(one(replaced.body), 'unavailableExtras')).toEqual([ids.hidden]);
    const anonymous = one((await api(server.app, 'GET', `${V1}/exceptional-days/${day.id}/`)).body);
    expect(linked(anonymous, 'unavailableExtras')).toEqual([]);
    const cleared = await patch(
      server,
      tokens.admin,
      'exceptional-days',
      day.id,
      {},
      { unavailableExtras: rel('extras', []) },
    );
    expect(linked(one(cleared.body), 'unavailableExtras')).toEqual([]);
  });

  it('validate name, date, extras and surcharges; dates are unique', async () => {
    const invalid = await api(server.app, 'POST', `${V1}/exceptional-days/`, {
      token: tokens.admin,
      body: { data: { type: 'exceptional-days', attributes: { name: '', date: '2027-02-29' } } },
    });
    expect(invalid.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/name', 'This field is required.'],
      ['/data/attributes/date', 'Enter a valid date (YYYY-MM-DD).'],
    ]);
    const duplicate = await api(server.app, 'POST', `${V1}/exceptional-days/`, {
      token: tokens.admin,
      body: { data: { type: 'exceptional-days', attributes: { name: 'Again', date: '2026-12-25' } } },
    });
    expect(duplicate.body.errors).toEqual([
      {
        status: '400',
        code: 'unique',
        detail: 'An exceptional day with this date already exists.',
        source: { pointer: '/data/attributes/date' },
      },
    ]);
    const unknownExtra = await api(server.app, 'POST', `${V1}/exceptional-days/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'exceptional-days',
          attributes: { name: 'X', date: '2027-01-01' },
          relationships: { unavailableExtras: rel('extras', [ids.wash, '999999']) },
        },
      },
    });
    expect(firstError(unknownExtra.body)).toMatchObject({
      detail: 'Invalid pk "999999" - object does not exist.',
      source: { pointer: '/data/relationships/unavailableExtras' },
    });
    const notAList = await api(server.app, 'POST', `${V1}/exceptional-days/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'exceptional-days',
          attributes: { name: 'X', date: '2027-01-01' },
          relationships: { unavailableExtras: rel('extras', ids.wash) },
        },
      },
    });
    expect(firstError(notAList.body)?.detail).toBe('Expected a list of resource identifiers.');
    const readOnly = await api(server.app, 'POST', `${V1}/exceptional-days/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'exceptional-days',
          attributes: { name: 'X', date: '2027-01-01' },
          relationships: { exceptionalRates: rel('exceptional-rates', []) },
        },
      },
    });
    expect(firstError(readOnly.body)?.source?.pointer).toBe('/data/relationships/exceptionalRates');
    // Nothing of the refused writes was kept.
    expect(
      (await api(server.app, 'GET', `${V1}/exceptional-days/?filter[date]=2027-01-01`)).body.meta?.pagination
        ?.count,
    ).toBe(0);

    const day = await create(server, tokens.admin, 'exceptional-days', {
      name: 'Australia Day',
      date: '2027-01-26',
    });
    const moveOnto = await patch(server, tokens.admin, 'exceptional-days', day.id, { date: '2026-12-25' });
    expect(firstError(moveOnto.body)?.source?.pointer).toBe('/data/attributes/date');
    const noSurcharge = await api(server.app, 'POST', `${V1}/exceptional-rates/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'exceptional-rates',
          attributes: { surcharge: '' },
          relationships: { day: rel('exceptional-days', day.id), lot: rel('lots', ids.indoor) },
        },
      },
    });
    expect(firstError(noSurcharge.body)).toMatchObject({
      detail: 'This field is required.',
      source: { pointer: '/data/attributes/surcharge' },
    });
    expect(
      (await api(server.app, 'DELETE', `${V1}/exceptional-days/${day.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
    expect(firstError((await api(server.app, 'GET', `${V1}/exceptional-days/${day.id}/`)).body)?.detail).toBe(
      'Exceptional day not found',
    );
  });
});
