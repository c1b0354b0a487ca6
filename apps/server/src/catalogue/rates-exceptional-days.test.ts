/**
 * Exceptional days: surcharges per lot (saved one by one) and extras unavailable that day, read with
 * their rates and lots; unavailable extras replaced, kept or cleared; the rules, and dates unique.
 */
import { describe, expect, it } from 'vitest';
import { create, linked, patch, rel, V1 } from '../test/catalogue-factories';
import { useRatesServer } from '../test/rates-settings';
import { api, firstError, many, one } from '../test/server';

const { server, tokens, ids } = useRatesServer();

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
