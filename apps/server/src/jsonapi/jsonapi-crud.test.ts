/**
 * The generic create/read/update/delete path and its authorisation, on the settings resources
 * (vehicle types, lots: written by Admins only) and on vehicles (row-scoped to their owner).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLots, createUser, createVehicle, createVehicleType, login } from '../test/factories';
import { api, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
const tokens = { admin: '', sales: '', ann: '', bob: '' };
const ids = { ann: 0, bob: 0, sedan: 0, annVehicle: 0, bobVehicle: 0 };

const LOT = {
  name: 'Valet',
  slug: 'valet',
  productCodename: 'unlimited_indoor_parking',
  lotType: 'indoor',
  spaces: 40,
  fillRateThreshold: '0.8',
  rate: '25.5',
  subscriptionParkingDiscount: 0.5,
};

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  await createUser(db, { email: 'admin@example.com', roles: ['Admins'] });
  await createUser(db, { email: 'sales@example.com', roles: ['Sales'] });
  const ann = await createUser(db, { email: 'ann@example.com' });
  const bob = await createUser(db, { email: 'bob@example.com' });
  const sedan = await createVehicleType(db, 'Sedan');
  await createLots(db);
  Object.assign(ids, {
    ann: ann.customer.id,
    bob: bob.customer.id,
    sedan: sedan.id,
    annVehicle: (await createVehicle(db, ann.customer.id, sedan.id, 'ANN1')).id,
    bobVehicle: (await createVehicle(db, bob.customer.id, sedan.id, 'BOB1')).id,
  });
  for (const name of ['admin', 'sales', 'ann', 'bob'] as const)
    tokens[name] = await login(server.app, `${name}@example.com`);
});
afterAll(() => server.close());

describe('CRUD through the generic layer (Admin)', () => {
  it('vehicle types: create 201 with the document, read, update, delete 204 then 404', async () => {
    const created = await api(server.app, 'POST', `${V1}/vehicle-types/`, {
      token: tokens.admin,
      body: doc('vehicle-types', { name: '  Ute  ' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    const resource = one(created.body);
    expect(resource).toEqual({
      type: 'vehicle-types',
      id: expect.stringMatching(/^\d+$/),
      attributes: { name: 'Ute' },
    });
    const url = `${V1}/vehicle-types/${resource.id}/`;

    const read = await api(server.app, 'GET', url);
    expect(read.status).toBe(200);
    expect(one(read.body)).toEqual(resource);

    const updated = await api(server.app, 'PATCH', url, {
      token: tokens.admin,
      body: doc('vehicle-types', { name: 'Utility' }, { id: resource.id }),
    });
    expect(updated.status).toBe(200);
    expect(one(updated.body).attributes).toEqual({ name: 'Utility' });

    const deleted = await api(server.app, 'DELETE', url, { token: tokens.admin });
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
    const gone = await api(server.app, 'GET', url);
    expect(gone.status).toBe(404);
    expect(firstError(gone.body)).toMatchObject({
      status: '404',
      code: 'not_found',
      detail: 'Vehicle type not found',
    });
    expect((await api(server.app, 'DELETE', url, { token: tokens.admin })).status).toBe(404);
  });

  it('lots: create, then PATCH changes only the attributes sent', async () => {
    const created = await api(server.app, 'POST', `${V1}/lots/`, {
      token: tokens.admin,
      body: doc('lots', LOT),
    });
    expect(created.status).toBe(201);
    const lot = one(created.body);
    expect(lot.attributes).toEqual({
      name: 'Valet',
      slug: 'valet',
      productCodename: 'unlimited_indoor_parking',
      lotType: 'indoor',
      spaces: 40,
      fillRateThreshold: '0.8',
      rate: '25.50',
      subscriptionParkingDiscount: '0.5',
      // Cars per 15-minute slot (issue 24): none sent, so unlimited.
      slotCapacity: null,
    });
    const url = `${V1}/lots/${lot.id}/`;
    const patched = await api(server.app, 'PATCH', url, {
      token: tokens.admin,
      body: doc('lots', { spaces: '55' }, { id: lot.id }),
    });
    expect(patched.status).toBe(200);
    expect(one(patched.body).attributes).toEqual({ ...lot.attributes, spaces: 55 });
    // Clearing the nullable threshold is a change too; everything else stays.
    const cleared = await api(server.app, 'PATCH', url, {
      token: tokens.admin,
      body: doc('lots', { fillRateThreshold: null }, { id: lot.id }),
    });
    expect(one(cleared.body).attributes).toEqual({ ...lot.attributes, spaces: 55, fillRateThreshold: null });
    // A PATCH with no attributes changes nothing and answers the resource.
    const nothing = await api(server.app, 'PATCH', url, {
      token: tokens.admin,
      body: { data: { type: 'lots', id: Number(lot.id) } },
    });
    expect(nothing.status).toBe(200);
    expect(one(nothing.body).attributes.spaces).toBe(55);

    expect((await api(server.app, 'DELETE', url, { token: tokens.admin })).status).toBe(204);
    const gone = await api(server.app, 'GET', url);
    expect(gone.status).toBe(404);
    expect(firstError(gone.body)?.detail).toBe('Lot not found');
  });

  it('PATCH with an id other than the URL’s → 409; without an id → 400', async () => {
    const url = `${V1}/vehicle-types/${ids.sedan}/`;
    const mismatch = await api(server.app, 'PATCH', url, {
      token: tokens.admin,
      body: doc('vehicle-types', { name: 'X' }, { id: String(ids.sedan + 1) }),
    });
    expect(mismatch.status).toBe(409);
    expect(firstError(mismatch.body)).toMatchObject({
      status: '409',
      code: 'conflict',
      source: { pointer: '/data/id' },
    });
    const missing = await api(server.app, 'PATCH', url, {
      token: tokens.admin,
      body: doc('vehicle-types', { name: 'X' }),
    });
    expect(missing.status).toBe(400);
    expect(firstError(missing.body)).toMatchObject({ code: 'required', source: { pointer: '/data/id' } });
    expect(one((await api(server.app, 'GET', url)).body).attributes.name).toBe('Sedan');
  });

  it('POST with the wrong type → 409', async () => {
    const response = await api(server.app, 'POST', `${V1}/vehicle-types/`, {
      token: tokens.admin,
      body: doc('lots', { name: 'Ute' }),
    });
    expect(response.status).toBe(409);
    expect(firstError(response.body)).toMatchObject({
      status: '409',
      code: 'conflict',
      source: { pointer: '/data/type' },
    });
  });

  it('a duplicate vehicle type name → 400 on name (create and rename)', async () => {
    const duplicate = await api(server.app, 'POST', `${V1}/vehicle-types/`, {
      token: tokens.admin,
      body: doc('vehicle-types', { name: 'Sedan' }),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual([
      {
        status: '400',
        code: 'unique',
        detail: 'A vehicle type with this name already exists.',
        source: { pointer: '/data/attributes/name' },
      },
    ]);
    const other = one(
      (
        await api(server.app, 'POST', `${V1}/vehicle-types/`, {
          token: tokens.admin,
          body: doc('vehicle-types', { name: 'Coupe' }),
        })
      ).body,
    );
    const rename = await api(server.app, 'PATCH', `${V1}/vehicle-types/${other.id}/`, {
      token: tokens.admin,
      body: doc('vehicle-types', { name: 'Sedan' }, { id: other.id }),
    });
    expect(rename.status).toBe(400);
    expect(firstError(rename.body)?.source?.pointer).toBe('/data/attributes/name');
  });

  it('a duplicate lot slug → 400 on slug', async () => {
    const response = await api(server.app, 'POST', `${V1}/lots/`, {
      token: tokens.admin,
      body: doc('lots', { ...LOT, slug: 'indoor' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      {
        status: '400',
        code: 'unique',
        detail: 'A lot with this slug already exists.',
        source: { pointer: '/data/attributes/slug' },
      },
    ]);
  });

  it('deleting a vehicle type still used by a vehicle → 409, and it stays', async () => {
    const response = await api(server.app, 'DELETE', `${V1}/vehicle-types/${ids.sedan}/`, {
      token: tokens.admin,
    });
    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual([
      {
        status: '409',
        code: 'in_use',
        detail: 'This record is in use by other records and cannot be changed or deleted.',
      },
    ]);
    expect((await api(server.app, 'GET', `${V1}/vehicle-types/${ids.sedan}/`)).status).toBe(200);
  });

  it('validates relationships on create: required, existing and visible', async () => {
    const url = `${V1}/vehicles/`;
    const attributes = { rego: 'new 1', make: 'Kia', model: 'Rio', colour: 'Red' };
    const missing = await api(server.app, 'POST', url, {
      token: tokens.ann,
      body: doc('vehicles', attributes),
    });
    expect(missing.status).toBe(400);
    expect(firstError(missing.body)).toMatchObject({
      detail: 'This field is required.',
      source: { pointer: '/data/relationships/vehicleType' },
    });
    // A customer cannot attach a vehicle to someone else: other customers are outside their scope.
    const foreign = await api(server.app, 'POST', url, {
      token: tokens.ann,
      body: doc('vehicles', attributes, {
        relationships: {
          vehicleType: { data: { type: 'vehicle-types', id: String(ids.sedan) } },
          owner: { data: { type: 'customers', id: String(ids.bob) } },
        },
      }),
    });
    expect(foreign.status).toBe(400);
    expect(firstError(foreign.body)).toMatchObject({
      detail: `Invalid pk "${ids.bob}" - object does not exist.`,
      source: { pointer: '/data/relationships/owner' },
    });
    const created = await api(server.app, 'POST', url, {
      token: tokens.ann,
      body: doc('vehicles', attributes, {
        relationships: { vehicleType: { data: { type: 'vehicle-types', id: ids.sedan } } },
      }),
    });
    expect(created.status).toBe(201);
    expect(one(created.body).attributes.rego).toBe('NEW1');
    expect(one(created.body).relationships?.owner?.data).toEqual({ type: 'customers', id: String(ids.ann) });
  });
});

describe('authorisation', () => {
  it('anonymous list of vehicles → 401; the public settings lists are open', async () => {
    const vehicles = await api(server.app, 'GET', `${V1}/vehicles/`);
    expect(vehicles.status).toBe(401);
    expect(firstError(vehicles.body)).toMatchObject({ status: '401', code: 'not_authenticated' });
    expect((await api(server.app, 'GET', `${V1}/vehicles/${ids.annVehicle}/`)).status).toBe(401);
    expect((await api(server.app, 'GET', `${V1}/vehicle-types/`)).status).toBe(200);
    expect((await api(server.app, 'GET', `${V1}/lots/`)).status).toBe(200);
  });

  it('anonymous writes of settings → 401; a customer’s → 403', async () => {
    const anonymous = await api(server.app, 'POST', `${V1}/lots/`, { body: doc('lots', LOT) });
    expect(anonymous.status).toBe(401);
    const customer = await api(server.app, 'POST', `${V1}/lots/`, {
      token: tokens.ann,
      body: doc('lots', LOT),
    });
    expect(customer.status).toBe(403);
    expect(firstError(customer.body)).toMatchObject({ status: '403', code: 'permission_denied' });
  });

  it('a customer cannot see or change another customer’s vehicle: 404, as if it did not exist', async () => {
    const url = `${V1}/vehicles/${ids.bobVehicle}/`;
    const read = await api(server.app, 'GET', url, { token: tokens.ann });
    expect(read.status).toBe(404);
    expect(firstError(read.body)?.detail).toBe('Vehicle not found');
    const patch = await api(server.app, 'PATCH', url, {
      token: tokens.ann,
      body: doc('vehicles', { make: 'Stolen' }, { id: String(ids.bobVehicle) }),
    });
    expect(patch.status).toBe(404);
    const own = await api(server.app, 'GET', `${V1}/vehicles/`, { token: tokens.ann });
    expect(many(own.body).map((vehicle) => vehicle.id)).not.toContain(String(ids.bobVehicle));
    expect(one((await api(server.app, 'GET', url, { token: tokens.bob })).body).attributes.make).toBe(
      'Toyota',
    );
  });

  it('deleting is for Admins: a customer deleting their own vehicle → 403', async () => {
    const response = await api(server.app, 'DELETE', `${V1}/vehicles/${ids.annVehicle}/`, {
      token: tokens.ann,
    });
    expect(response.status).toBe(403);
  });

  it('Sales (staff) list every customer’s vehicles', async () => {
    const response = await api(server.app, 'GET', `${V1}/vehicles/?page[size]=100`, { token: tokens.sales });
    expect(response.status).toBe(200);
    const listed = many(response.body).map((vehicle) => vehicle.id);
    expect(listed).toEqual(expect.arrayContaining([String(ids.annVehicle), String(ids.bobVehicle)]));
  });

  it.each([
    ['POST', 'lots', { ...LOT, slug: 'sales-lot' }],
    ['PATCH', 'lots', { spaces: 1 }],
    ['DELETE', 'lots', undefined],
    ['POST', 'vehicle-types', { name: 'Sales type' }],
    ['PATCH', 'vehicle-types', { name: 'Renamed' }],
    ['DELETE', 'vehicle-types', undefined],
  ] as const)('settings writes are for Admins: Sales %s %s → 403', async (method, type, attributes) => {
    const id =
      type === 'lots'
        ? (many((await api(server.app, 'GET', `${V1}/lots/?filter[slug]=outdoor`)).body)[0]?.id ?? '')
        : String(ids.sedan);
    const url = method === 'POST' ? `${V1}/${type}/` : `${V1}/${type}/${id}/`;
    const body = attributes && doc(type, attributes, method === 'PATCH' ? { id } : {});
    const response = await api(server.app, method, url, { token: tokens.sales, body });
    expect(response.status).toBe(403);
    expect(firstError(response.body)?.code).toBe('permission_denied');
  });
});
