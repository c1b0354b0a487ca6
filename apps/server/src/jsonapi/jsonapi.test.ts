/**
 * The generic JSON:API layer through HTTP: filters, sorting, paging and compound documents,
 * exercised on the real resources (vehicles, customers, users, vehicle types, lots).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../db/schema/index';
import { createLots, createUser, createVehicleType, login } from '../test/factories';
import {
  api,
  createTestServer,
  firstError,
  many,
  one,
  type JsonResource,
  type TestServer,
} from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
const tokens = { admin: '', sales: '', ann: '', bob: '' };
const ids = {
  annCustomer: 0,
  bobCustomer: 0,
  salesCustomer: 0,
  adminCustomer: 0,
  annUser: 0,
  sedan: 0,
  suv: 0,
  van: 0,
};

const get = (url: string, token?: string) => api(server.app, 'GET', `${V1}${url}`, { token });
const regos = (list: JsonResource[]) => list.map((item) => item.attributes.rego);
const idsOf = (list: JsonResource[]) => list.map((item) => item.id);
const keysOf = (list: JsonResource[] = []) => list.map((item) => `${item.type}:${item.id}`);

async function addVehicle(values: {
  rego: string;
  make?: string;
  typeId: number;
  ownerId: number | null;
  deleted?: boolean;
}) {
  const [row] = await server.handle.db
    .insert(vehicles)
    .values({
      rego: values.rego,
      make: values.make ?? 'Toyota',
      model: 'Corolla',
      colour: 'White',
      vehicleTypeId: values.typeId,
      ownerId: values.ownerId,
      deleted: values.deleted ?? false,
    })
    .returning();
  if (!row) throw new Error('no vehicle');
  return row;
}

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  const admin = await createUser(db, { email: 'admin@example.com', roles: ['Admins'], firstName: 'Ada' });
  const sales = await createUser(db, { email: 'sales@example.com', roles: ['Sales'], firstName: 'Sam' });
  const ann = await createUser(db, { email: 'ann@example.com', firstName: 'Annabel' });
  const bob = await createUser(db, { email: 'bob@example.com', firstName: 'Robert' });
  Object.assign(ids, {
    annCustomer: ann.customer.id,
    bobCustomer: bob.customer.id,
    salesCustomer: sales.customer.id,
    adminCustomer: admin.customer.id,
    annUser: ann.user.id,
    sedan: (await createVehicleType(db, 'Sedan')).id,
    suv: (await createVehicleType(db, 'SUV')).id,
    van: (await createVehicleType(db, 'Van')).id,
  });
  await createLots(db);
  // Ann: two sedans and an SUV; Bob: a deleted van and a sedan; one vehicle with no owner.
  await addVehicle({ rego: 'ANN1', make: 'Mazda', typeId: ids.sedan, ownerId: ids.annCustomer });
  await addVehicle({ rego: 'ANN2', make: 'Toyota', typeId: ids.suv, ownerId: ids.annCustomer });
  await addVehicle({ rego: 'ANN3', make: 'Mazda', typeId: ids.sedan, ownerId: ids.annCustomer });
  await addVehicle({
    rego: 'BOB1',
    make: 'Holden',
    typeId: ids.van,
    ownerId: ids.bobCustomer,
    deleted: true,
  });
  await addVehicle({ rego: 'BOB2', make: 'Toyota', typeId: ids.sedan, ownerId: ids.bobCustomer });
  await addVehicle({ rego: 'ORPHAN1', make: 'Ford', typeId: ids.van, ownerId: null });
  tokens.admin = await login(server.app, 'admin@example.com');
  tokens.sales = await login(server.app, 'sales@example.com');
  tokens.ann = await login(server.app, 'ann@example.com');
  tokens.bob = await login(server.app, 'bob@example.com');
});
afterAll(() => server.close());

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
    const response = await get(url, tokens.sales);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { status: '400', code: 'invalid_parameter', detail, source: { parameter } },
    ]);
  });

  it('choice filters accept the listed values', async () => {
    const response = await get('/lots/?filter[slug__in]=outdoor,indoor&filter[lotType]=indoor');
    expect(many(response.body).map((lot) => lot.attributes.slug)).toEqual(['indoor']);
  });
});

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
      await createVehicleType(server.handle.db, `Paged ${String(n).padStart(2, '0')}`);
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
    const response = await get(`${PAGED}&${parameter}=${value}`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { status: '400', code: 'invalid_parameter', detail, source: { parameter } },
    ]);
  });
});

describe('include', () => {
  it('builds a compound document with each included resource once (vehicles: vehicleType,owner)', async () => {
    const response = await get(
      `/vehicles/?filter[owner]=${ids.annCustomer}&include=vehicleType,owner`,
      tokens.sales,
    );
    expect(response.status).toBe(200);
    const data = many(response.body);
    expect(data).toHaveLength(3);
    expect(data[0]?.relationships).toEqual({
      vehicleType: { data: { type: 'vehicle-types', id: String(ids.sedan) } },
      owner: { data: { type: 'customers', id: String(ids.annCustomer) } },
    });
    const included = response.body.included ?? [];
    // Two sedans and one SUV share two types; three vehicles share one owner.
    expect(keysOf(included).sort()).toEqual(
      [`customers:${ids.annCustomer}`, `vehicle-types:${ids.sedan}`, `vehicle-types:${ids.suv}`].sort(),
    );
    expect(included.find((item) => item.type === 'customers')?.attributes).toMatchObject({
      email: 'ann@example.com',
      firstName: 'Annabel',
    });
  });

  it('omits included when nothing is asked, and answers an empty included for an empty page', async () => {
    const plain = await get('/vehicles/', tokens.sales);
    expect(plain.body).not.toHaveProperty('included');
    const empty = await get('/vehicles/?filter[rego]=NONE&include=owner', tokens.sales);
    expect(empty.body.included).toEqual([]);
  });

  it('includes the customer of a user (member read)', async () => {
    const response = await get(`/users/${ids.annUser}/?include=customer`, tokens.admin);
    expect(response.status).toBe(200);
    expect(one(response.body).relationships?.customer?.data).toEqual({
      type: 'customers',
      id: String(ids.annCustomer),
    });
    expect(keysOf(response.body.included)).toEqual([`customers:${ids.annCustomer}`]);
  });

  it('follows nested paths for staff (vehicles: owner.user)', async () => {
    const response = await get(
      `/vehicles/?filter[owner__in]=${ids.annCustomer},${ids.bobCustomer}&include=owner.user`,
      tokens.sales,
    );
    const included = response.body.included ?? [];
    expect(
      included
        .filter((item) => item.type === 'customers')
        .map((item) => item.id)
        .sort(),
    ).toEqual([String(ids.annCustomer), String(ids.bobCustomer)].sort());
    const users = included.filter((item) => item.type === 'users');
    expect(users.map((user) => user.attributes.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(new Set(keysOf(included)).size).toBe(included.length);
  });

  it('respects the row scope of included resources: a customer includes only themselves', async () => {
    const response = await get('/vehicles/?include=owner.user,vehicleType', tokens.ann);
    expect(response.status).toBe(200);
    expect(regos(many(response.body))).toEqual(['ANN1', 'ANN2', 'ANN3']);
    const included = response.body.included ?? [];
    expect(included.filter((item) => item.type === 'customers').map((item) => item.id)).toEqual([
      String(ids.annCustomer),
    ]);
    expect(included.filter((item) => item.type === 'users').map((item) => item.id)).toEqual([
      String(ids.annUser),
    ]);
    // Staff-only customer fields stay hidden in included resources too.
    expect(included.find((item) => item.type === 'customers')?.attributes).not.toHaveProperty('privateNotes');
  });

  it.each([
    ['unknown relationship', '/vehicles/?include=driver', 'Invalid include path "driver".'],
    [
      'unknown nested relationship',
      '/vehicles/?include=owner.vehicles',
      'Invalid include path "owner.vehicles".',
    ],
    ['bad characters', '/vehicles/?include=owner%3Bdrop', 'Invalid include path "owner;drop".'],
    ['empty path in a list', '/vehicles/?include=owner,', 'Invalid include path "".'],
    ['unknown relationship on a member', '/users/ANN/?include=vehicles', 'Invalid include path "vehicles".'],
    [
      'bad characters on a member',
      '/users/ANN/?include=customer..user',
      'Invalid include path "customer..user".',
    ],
  ])('%s → 400', async (_name, url, detail) => {
    const response = await get(url.replace('ANN', String(ids.annUser)), tokens.admin);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { status: '400', code: 'invalid_parameter', detail, source: { parameter: 'include' } },
    ]);
  });
});
