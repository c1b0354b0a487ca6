/**
 * The generic JSON:API layer through HTTP, compound documents: included resources once each, nested
 * paths, the row scope and hidden fields of included resources, and the 400 for a path that is not one.
 */
import { describe, expect, it } from 'vitest';
import { many, one } from '../test/server';
import { expectInvalidParameter, keysOf, regos, useListFixtures } from '../test/jsonapi-list-fixtures';

const { get, ids, tokens } = useListFixtures();

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
    expectInvalidParameter(response, 'include', detail);
  });
});
