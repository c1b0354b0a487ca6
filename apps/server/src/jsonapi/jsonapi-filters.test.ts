/**
 * The generic JSON:API layer through HTTP, filters: operators (eq, __in, __icontains, __isnull), booleans,
 * ints and choices, custom filters (customers' search and userRoles), filters inside the row scope, and
 * the 400 that names a filter the resource does not have or a value it cannot take.
 */
import { describe, expect, it } from 'vitest';
import { firstError, many } from '../test/server';
import { expectInvalidParameter, idsOf, regos, useListFixtures } from '../test/jsonapi-list-fixtures';

const { get, ids, tokens } = useListFixtures();

describe('filters', () => {
  it.each([
    ['eq', 'filter[rego]=ANN2', ['ANN2']],
    ['__in', 'filter[rego__in]=ANN1,BOB2,NOPE', ['ANN1', 'BOB2']],
    ['__icontains (case-insensitive)', 'filter[rego__icontains]=ann', ['ANN1', 'ANN2', 'ANN3']],
    ['__icontains treats % and _ literally', 'filter[rego__icontains]=%25', []],
    ['__isnull=true', 'filter[owner__isnull]=true', ['ORPHAN1']],
    ['__isnull=false', 'filter[owner__isnull]=false', ['ANN1', 'ANN2', 'ANN3', 'BOB1', 'BOB2']],
    ['bool true', 'filter[deleted]=true', ['BOB1']],
    ['bool 0', 'filter[deleted]=0&filter[rego__icontains]=bob', ['BOB2']],
    ['two filters together', 'filter[vehicleType]=SEDAN&filter[deleted]=false', ['ANN1', 'ANN3', 'BOB2']],
  ])('%s on vehicles (staff)', async (_name, query, expected) => {
    const response = await get(`/vehicles/?${query.replace('SEDAN', String(ids.sedan))}`, tokens.sales);
    expect(response.status).toBe(200);
    expect(regos(many(response.body))).toEqual(expected);
    expect(response.body.meta?.pagination?.count).toBe(expected.length);
  });

  it('filters int columns with __in (owner)', async () => {
    const response = await get(
      `/vehicles/?filter[owner__in]=${ids.bobCustomer},${ids.annCustomer}&sort=-rego`,
      tokens.sales,
    );
    expect(regos(many(response.body))).toEqual(['BOB2', 'BOB1', 'ANN3', 'ANN2', 'ANN1']);
  });

  it('applies filters inside the row scope: a customer filtering on another owner sees nothing', async () => {
    const response = await get(`/vehicles/?filter[owner]=${ids.bobCustomer}`, tokens.ann);
    expect(response.status).toBe(200);
    expect(many(response.body)).toEqual([]);
    expect(response.body.meta?.pagination).toEqual({ count: 0, page: 1, pages: 1 });
  });

  it('custom filter customers search matches names, email and full name', async () => {
    const byFirst = await get('/customers/?filter[search]=annab', tokens.sales);
    expect(idsOf(many(byFirst.body))).toEqual([String(ids.annCustomer)]);
    const byEmail = await get('/customers/?filter[search]=BOB@EXAMPLE', tokens.sales);
    expect(idsOf(many(byEmail.body))).toEqual([String(ids.bobCustomer)]);
    const byFullName = await get(
      `/customers/?filter[search]=${encodeURIComponent('Robert Last')}`,
      tokens.sales,
    );
    expect(idsOf(many(byFullName.body))).toEqual([String(ids.bobCustomer)]);
    // A blank search is no filter at all.
    const blank = await get('/customers/?filter[search]=%20%20', tokens.sales);
    expect(blank.body.meta?.pagination?.count).toBe(4);
  });

  it('custom filter customers userRoles matches any of the given roles', async () => {
    const sales = await get('/customers/?filter[userRoles]=Sales', tokens.admin);
    expect(idsOf(many(sales.body))).toEqual([String(ids.salesCustomer)]);
    const staff = await get('/customers/?filter[userRoles]=Admins,Sales&sort=id', tokens.admin);
    expect(idsOf(many(staff.body))).toEqual([String(ids.adminCustomer), String(ids.salesCustomer)]);
    const bad = await get('/customers/?filter[userRoles]=Sales,Pilots', tokens.admin);
    expect(bad.status).toBe(400);
    expect(firstError(bad.body)).toMatchObject({
      detail: '"Pilots" is not one of the available choices.',
      source: { parameter: 'filter[userRoles]' },
    });
  });

  it.each([
    ['unknown filter', '/vehicles/?filter[colour]=White', 'filter[colour]', 'Unknown filter "colour".'],
    [
      'unknown operator',
      '/vehicles/?filter[rego__startswith]=A',
      'filter[rego__startswith]',
      'Unknown filter "rego__startswith".',
    ],
    [
      'operator the filter does not allow',
      '/vehicles/?filter[deleted__icontains]=t',
      'filter[deleted__icontains]',
      'Filter operator "icontains" is not supported here.',
    ],
    [
      'operator on a custom filter',
      '/customers/?filter[search__in]=a',
      'filter[search__in]',
      'Filter operator "in" is not supported here.',
    ],
    [
      'int filter given text',
      '/vehicles/?filter[owner]=abc',
      'filter[owner]',
      '"abc" is not a valid integer.',
    ],
    [
      'int __in with one bad value',
      '/vehicles/?filter[owner__in]=1,x',
      'filter[owner__in]',
      '"x" is not a valid integer.',
    ],
    ['empty __in', '/vehicles/?filter[owner__in]=,', 'filter[owner__in]', 'Give at least one value.'],
    [
      'bool filter given maybe',
      '/vehicles/?filter[deleted]=maybe',
      'filter[deleted]',
      '"maybe" is not a valid boolean.',
    ],
    [
      '__isnull given maybe',
      '/vehicles/?filter[owner__isnull]=maybe',
      'filter[owner__isnull]',
      '"maybe" is not a valid boolean.',
    ],
    [
      'choice not in the list',
      '/lots/?filter[slug]=garage',
      'filter[slug]',
      '"garage" is not one of the available choices.',
    ],
    [
      'choice list with one bad value',
      '/lots/?filter[slug__in]=indoor,garage',
      'filter[slug__in]',
      '"garage" is not one of the available choices.',
    ],
  ])('%s → 400 naming the parameter', async (_name, url, parameter, detail) => {
    expectInvalidParameter(await get(url, tokens.sales), parameter, detail);
  });

  it('choice filters accept the listed values', async () => {
    const response = await get('/lots/?filter[slug__in]=outdoor,indoor&filter[lotType]=indoor');
    expect(many(response.body).map((lot) => lot.attributes.slug)).toEqual(['indoor']);
  });
});
