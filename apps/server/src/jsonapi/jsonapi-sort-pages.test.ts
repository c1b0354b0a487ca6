/**
 * The generic JSON:API layer through HTTP, order and pages: sorting by one or several keys, the default
 * sort, ties broken by id, pages (size, number, the count and the last page), and the 400s for a sort
 * key or page parameter the layer does not take.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createVehicleType } from '../test/factories';
import { firstError, many } from '../test/server';
import { expectInvalidParameter, idsOf, regos, useListFixtures } from '../test/jsonapi-list-fixtures';

const { database, get, tokens } = useListFixtures();

describe('sort', () => {
  it('sorts ascending, descending and by several keys', async () => {
    const scope = 'filter[owner__isnull]=false';
    expect(regos(many((await get(`/vehicles/?${scope}&sort=rego`, tokens.sales)).body))).toEqual([
      'ANN1',
      'ANN2',
      'ANN3',
      'BOB1',
      'BOB2',
    ]);
    expect(regos(many((await get(`/vehicles/?${scope}&sort=-rego`, tokens.sales)).body))).toEqual([
      'BOB2',
      'BOB1',
      'ANN3',
      'ANN2',
      'ANN1',
    ]);
    expect(regos(many((await get(`/vehicles/?${scope}&sort=make,-rego`, tokens.sales)).body))).toEqual([
      'BOB1',
      'ANN3',
      'ANN1',
      'BOB2',
      'ANN2',
    ]);
    expect(regos(many((await get(`/vehicles/?${scope}&sort=-make,rego`, tokens.sales)).body))).toEqual([
      'ANN2',
      'BOB2',
      'ANN1',
      'ANN3',
      'BOB1',
    ]);
  });

  it('uses the definition default sort when none is given (vehicle types by name)', async () => {
    const response = await get('/vehicle-types/?filter[name__in]=Van,SUV,Sedan');
    expect(many(response.body).map((type) => type.attributes.name)).toEqual(['SUV', 'Sedan', 'Van']);
  });

  it('breaks ties by id, so that one-row pages neither repeat nor skip rows', async () => {
    const all = many((await get('/vehicles/?sort=make&page[size]=100', tokens.sales)).body);
    const toyotas = all
      .filter((vehicle) => vehicle.attributes.make === 'Toyota')
      .map((vehicle) => Number(vehicle.id));
    expect(toyotas).toEqual([...toyotas].sort((a, b) => a - b));
    const paged: string[] = [];
    for (let page = 1; page <= all.length; page += 1) {
      const response = await get(`/vehicles/?sort=make&page[size]=1&page[number]=${page}`, tokens.sales);
      paged.push(...idsOf(many(response.body)));
    }
    expect(paged).toEqual(idsOf(all));
  });

  it.each([
    ['unknown key', 'colour', 'Sorting by "colour" is not supported.'],
    ['unknown descending key', '-colour', 'Sorting by "colour" is not supported.'],
    ['empty key in a list', 'rego,', 'Sorting by "" is not supported.'],
    ['bare minus', '-', 'Sorting by "" is not supported.'],
  ])('%s → 400', async (_name, sort, detail) => {
    const response = await get(`/vehicles/?sort=${encodeURIComponent(sort)}`, tokens.sales);
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({
      code: 'invalid_parameter',
      detail,
      source: { parameter: 'sort' },
    });
  });
});

describe('pagination', () => {
  const PAGED = '/vehicle-types/?filter[name__icontains]=Paged&sort=name';

  beforeAll(async () => {
    for (let n = 1; n <= 45; n += 1)
      await createVehicleType(database(), `Paged ${String(n).padStart(2, '0')}`);
  });

  it('pages 45 rows by 20: three pages, the last with 5', async () => {
    const first = await get(`${PAGED}&page[size]=20`);
    expect(first.body.meta?.pagination).toEqual({ count: 45, page: 1, pages: 3 });
    expect(many(first.body).map((type) => type.attributes.name)[0]).toBe('Paged 01');
    expect(many(first.body)).toHaveLength(20);
    const second = await get(`${PAGED}&page[size]=20&page[number]=2`);
    expect(second.body.meta?.pagination).toEqual({ count: 45, page: 2, pages: 3 });
    expect(many(second.body).map((type) => type.attributes.name)[0]).toBe('Paged 21');
    const last = await get(`${PAGED}&page[size]=20&page[number]=3`);
    expect(last.body.meta?.pagination).toEqual({ count: 45, page: 3, pages: 3 });
    expect(many(last.body).map((type) => type.attributes.name)).toEqual([
      'Paged 41',
      'Paged 42',
      'Paged 43',
      'Paged 44',
      'Paged 45',
    ]);
  });

  it('defaults to pages of 20', async () => {
    const response = await get(PAGED);
    expect(many(response.body)).toHaveLength(20);
    expect(response.body.meta?.pagination).toEqual({ count: 45, page: 1, pages: 3 });
  });

  it('answers an empty list with the right count for a page beyond the end', async () => {
    const response = await get(`${PAGED}&page[size]=20&page[number]=4`);
    expect(response.status).toBe(200);
    expect(many(response.body)).toEqual([]);
    expect(response.body.meta?.pagination).toEqual({ count: 45, page: 4, pages: 3 });
  });

  it('allows page[size]=10000', async () => {
    const response = await get(`${PAGED}&page[size]=10000`);
    expect(response.status).toBe(200);
    expect(many(response.body)).toHaveLength(45);
    expect(response.body.meta?.pagination).toEqual({ count: 45, page: 1, pages: 1 });
  });

  it.each([
    ['page[size]', '10001', 'Page size may be at most 10000.'],
    ['page[size]', '0', '"0" is not a valid page size.'],
    ['page[size]', '-1', '"-1" is not a valid page size.'],
    ['page[size]', 'x', '"x" is not a valid page size.'],
    ['page[size]', '', '"" is not a valid page size.'],
    ['page[number]', '0', '"0" is not a valid page number.'],
    ['page[number]', '1.5', '"1.5" is not a valid page number.'],
    ['page[number]', '99999999999', '"99999999999" is not a valid page number.'],
  ])('%s=%s → 400', async (parameter, value, detail) => {
    expectInvalidParameter(await get(`${PAGED}&${parameter}=${value}`), parameter, detail);
  });
});
