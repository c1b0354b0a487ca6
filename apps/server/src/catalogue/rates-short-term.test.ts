/**
 * The short-term rate table, which prices a stay: rows of days, each with a rate per lot, saved one by
 * one. Sorting and the included rates; days above 0 and unique, one rate per day and lot.
 */
import { describe, expect, it } from 'vitest';
import { create, linked, patch, rel, V1 } from '../test/catalogue-factories';
import { useRatesServer } from '../test/rates-settings';
import { api, firstError, many, one } from '../test/server';

const { server, tokens, ids } = useRatesServer();

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
