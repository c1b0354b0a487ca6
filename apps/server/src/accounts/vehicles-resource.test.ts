import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, vehicles } from '../db/schema/index';
import { createUser, createVehicle, createVehicleType, login } from '../test/factories';
import {
  api,
  createTestServer,
  doc,
  firstError,
  many,
  one,
  type ApiResponse,
  type TestServer,
} from '../test/server';

const VEHICLES = '/backend/api/v1/vehicles/';
let server: TestServer;
let vehicleTypeId: number;

beforeAll(async () => {
  server = await createTestServer();
  vehicleTypeId = (await createVehicleType(server.handle.db, 'Sedan')).id;
});
afterAll(() => server.close());

const vehicleUrl = (id: number | string) => `${VEHICLES}${id}/`;
const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

const vehicleDoc = (
  attributes: Record<string, unknown> = {},
  relationships: Record<string, unknown> = {},
  id?: number,
) =>
  doc(
    'vehicles',
    { rego: 'abc 123', make: 'Mazda', model: 'CX-5', colour: 'Blue', ...attributes },
    {
      ...(id ? { id: String(id) } : {}),
      relationships: { vehicleType: rel('vehicle-types', vehicleTypeId), ...relationships },
    },
  );

const createVehicleApi = (
  token: string | undefined,
  attributes: Record<string, unknown> = {},
  relationships: Record<string, unknown> = {},
) => api(server.app, 'POST', VEHICLES, { token, body: vehicleDoc(attributes, relationships) });

const patchVehicle = (
  id: number,
  token: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) =>
  api(server.app, 'PATCH', vehicleUrl(id), {
    token,
    body: doc('vehicles', attributes, { id: String(id), ...(relationships ? { relationships } : {}) }),
  });

function expectError(response: ApiResponse, status: number, detail: string, pointer?: string) {
  expect(response.status).toBe(status);
  expect(firstError(response.body)).toMatchObject({
    status: String(status),
    detail,
    ...(pointer ? { source: { pointer } } : {}),
  });
}

async function vehicleRow(id: number) {
  const [row] = await server.handle.db.select().from(vehicles).where(eq(vehicles.id, id));
  return row;
}

/** Two customers, each with a vehicle; the first logged in. */
async function twoCustomers() {
  const mine = await createUser(server.handle.db);
  const theirs = await createUser(server.handle.db);
  const myVehicle = await createVehicle(server.handle.db, mine.customer.id, vehicleTypeId);
  const theirVehicle = await createVehicle(server.handle.db, theirs.customer.id, vehicleTypeId);
  return { mine, theirs, myVehicle, theirVehicle, token: await login(server.app, mine.user.email) };
}

async function staffToken(role: 'Sales' | 'Admins') {
  const { user } = await createUser(server.handle.db, { roles: [role] });
  return login(server.app, user.email);
}

describe('vehicles: a customer’s own rows', () => {
  it('lists only their own vehicles, whatever the filter', async () => {
    const { mine, theirs, myVehicle, token } = await twoCustomers();
    const list = await api(server.app, 'GET', VEHICLES, { token });
    expect(list.status).toBe(200);
    expect(many(list.body).map((v) => v.id)).toEqual([String(myVehicle.id)]);
    const own = await api(
      server.app,
      'GET',
      `${VEHICLES}?filter[owner]=${mine.customer.id}&filter[deleted]=false&include=vehicleType`,
      { token },
    );
    expect(many(own.body).map((v) => v.id)).toEqual([String(myVehicle.id)]);
    expect(own.body.included).toEqual([
      expect.objectContaining({
        type: 'vehicle-types',
        id: String(vehicleTypeId),
        attributes: { name: 'Sedan' },
      }),
    ]);
    const other = await api(server.app, 'GET', `${VEHICLES}?filter[owner]=${theirs.customer.id}`, { token });
    expect(other.status).toBe(200);
    expect(many(other.body)).toEqual([]);
  });

  it('cannot read, change or delete another customer’s vehicle', async () => {
    const { theirVehicle, token } = await twoCustomers();
    const read = await api(server.app, 'GET', vehicleUrl(theirVehicle.id), { token });
    expect(read.status).toBe(404);
    expect(firstError(read.body)?.detail).toBe('Vehicle not found');
    expect((await patchVehicle(theirVehicle.id, token, { model: 'Stolen' })).status).toBe(404);
    expect((await patchVehicle(theirVehicle.id, token, { deleted: true })).status).toBe(404);
    expect((await api(server.app, 'DELETE', vehicleUrl(theirVehicle.id), { token })).status).toBe(403);
    expect(await vehicleRow(theirVehicle.id)).toMatchObject({ model: 'Corolla', deleted: false });
  });

  it('creates a vehicle for themselves, normalising the rego', async () => {
    const { mine, token } = await twoCustomers();
    const response = await createVehicleApi(token, { rego: ' abc 123 ' });
    expect(response.status).toBe(201);
    const created = one(response.body);
    expect(created.attributes).toMatchObject({
      rego: 'ABC123',
      make: 'Mazda',
      model: 'CX-5',
      colour: 'Blue',
      deleted: false,
      fullName: 'ABC123 - Mazda CX-5',
    });
    expect(created.relationships?.owner?.data).toEqual({ type: 'customers', id: String(mine.customer.id) });
    expect(created.relationships?.vehicleType?.data).toEqual({
      type: 'vehicle-types',
      id: String(vehicleTypeId),
    });
    expect(await vehicleRow(Number(created.id))).toMatchObject({ rego: 'ABC123', ownerId: mine.customer.id });

    // Naming themselves as the owner is the same.
    const named = await createVehicleApi(
      token,
      { rego: 'xyz 9' },
      { owner: rel('customers', mine.customer.id) },
    );
    expect(named.status).toBe(201);
    expect(one(named.body).relationships?.owner?.data).toEqual({
      type: 'customers',
      id: String(mine.customer.id),
    });
  });

  it('cannot create a vehicle owned by another customer, or give theirs away', async () => {
    const { theirs, myVehicle, token } = await twoCustomers();
    const pointer = '/data/relationships/owner';
    const detail = `Invalid pk "${theirs.customer.id}" - object does not exist.`;
    expectError(
      await createVehicleApi(token, {}, { owner: rel('customers', theirs.customer.id) }),
      400,
      detail,
      pointer,
    );
    expectError(
      await patchVehicle(myVehicle.id, token, {}, { owner: rel('customers', theirs.customer.id) }),
      400,
      detail,
      pointer,
    );
    const count = await server.handle.db.$count(vehicles, eq(vehicles.ownerId, theirs.customer.id));
    expect(count).toBe(1);
    // Clearing the owner keeps it theirs.
    expect((await patchVehicle(myVehicle.id, token, {}, { owner: { data: null } })).status).toBe(200);
    expect((await vehicleRow(myVehicle.id))?.ownerId).toBe(myVehicle.ownerId);
  });

  it('changes their own vehicle, normalising the rego', async () => {
    const { myVehicle, token } = await twoCustomers();
    const response = await patchVehicle(myVehicle.id, token, { rego: 'new 1 x', colour: 'Other colour' });
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({
      rego: 'NEW1X',
      colour: 'Other colour',
      make: 'Toyota',
    });
  });

  it.each(['rego', 'make', 'model', 'colour'])('requires %s', async (field) => {
    const { myVehicle, token } = await twoCustomers();
    const missing = await createVehicleApi(token, { [field]: undefined });
    expectError(missing, 400, 'This field is required.', `/data/attributes/${field}`);
    expectError(
      await createVehicleApi(token, { [field]: '  ' }),
      400,
      'This field is required.',
      `/data/attributes/${field}`,
    );
    expectError(
      await patchVehicle(myVehicle.id, token, { [field]: '' }),
      400,
      'This field is required.',
      `/data/attributes/${field}`,
    );
  });

  it('requires an existing vehicle type', async () => {
    const { token } = await twoCustomers();
    const missing = await api(server.app, 'POST', VEHICLES, {
      token,
      body: doc('vehicles', { rego: 'T1', make: 'Mazda', model: '3', colour: 'Red' }),
    });
    expectError(missing, 400, 'This field is required.', '/data/relationships/vehicleType');
    expectError(
      await createVehicleApi(token, {}, { vehicleType: rel('vehicle-types', 999999) }),
      400,
      'Invalid pk "999999" - object does not exist.',
      '/data/relationships/vehicleType',
    );
    expectError(
      await createVehicleApi(token, {}, { vehicleType: { data: null } }),
      400,
      'This field may not be null.',
      '/data/relationships/vehicleType',
    );
  });

  it('deletes softly with deleted=true; the list filter hides it; undeleting is not theirs to do', async () => {
    const { mine, myVehicle, token } = await twoCustomers();
    const response = await patchVehicle(myVehicle.id, token, { deleted: true });
    expect(response.status).toBe(200);
    expect(one(response.body).attributes.deleted).toBe(true);
    expect(await vehicleRow(myVehicle.id)).toMatchObject({ deleted: true });
    const visible = await api(
      server.app,
      'GET',
      `${VEHICLES}?filter[owner]=${mine.customer.id}&filter[deleted]=false`,
      { token },
    );
    expect(many(visible.body)).toEqual([]);
    const deleted = await api(server.app, 'GET', `${VEHICLES}?filter[deleted]=true`, { token });
    expect(many(deleted.body).map((v) => v.id)).toEqual([String(myVehicle.id)]);
    expectError(
      await patchVehicle(myVehicle.id, token, { deleted: false }),
      400,
      'This vehicle has been deleted.',
      '/data/attributes/deleted',
    );
    expectError(
      await patchVehicle(myVehicle.id, token, { deleted: 'yes' }),
      400,
      'Must be a valid boolean.',
      '/data/attributes/deleted',
    );
  });

  it('a user without a customer record cannot create vehicles (403)', async () => {
    const { user, customer } = await createUser(server.handle.db);
    await server.handle.db.delete(customers).where(eq(customers.id, customer.id));
    const token = await login(server.app, user.email);
    expect((await createVehicleApi(token)).status).toBe(403);
    expect(many((await api(server.app, 'GET', VEHICLES, { token })).body)).toEqual([]);
  });

  it('anonymous callers get 401', async () => {
    const { myVehicle } = await twoCustomers();
    expect((await api(server.app, 'GET', VEHICLES)).status).toBe(401);
    expect((await api(server.app, 'GET', vehicleUrl(myVehicle.id))).status).toBe(401);
    expect((await createVehicleApi(undefined)).status).toBe(401);
  });
});

describe('vehicles: staff', () => {
  it('sales see every vehicle and filter by owner and deleted', async () => {
    const { mine, theirs, myVehicle, theirVehicle } = await twoCustomers();
    await server.handle.db.update(vehicles).set({ deleted: true }).where(eq(vehicles.id, theirVehicle.id));
    const token = await staffToken('Sales');
    const both = await api(
      server.app,
      'GET',
      `${VEHICLES}?filter[owner__in]=${mine.customer.id},${theirs.customer.id}`,
      { token },
    );
    expect(
      many(both.body)
        .map((v) => v.id)
        .sort(),
    ).toEqual([String(myVehicle.id), String(theirVehicle.id)].sort());
    const live = await api(
      server.app,
      'GET',
      `${VEHICLES}?filter[owner__in]=${mine.customer.id},${theirs.customer.id}&filter[deleted]=false`,
      { token },
    );
    expect(many(live.body).map((v) => v.id)).toEqual([String(myVehicle.id)]);
    const theirsOnly = await api(server.app, 'GET', `${VEHICLES}?filter[owner]=${theirs.customer.id}`, {
      token,
    });
    expect(many(theirsOnly.body).map((v) => v.id)).toEqual([String(theirVehicle.id)]);
    // Staff may restore a vehicle a customer deleted, and create one for any customer.
    expect((await patchVehicle(theirVehicle.id, token, { deleted: false })).status).toBe(200);
    const created = await createVehicleApi(
      token,
      { rego: 'st 42' },
      { owner: rel('customers', theirs.customer.id) },
    );
    expect(created.status).toBe(201);
    expect(one(created.body).relationships?.owner?.data).toEqual({
      type: 'customers',
      id: String(theirs.customer.id),
    });
  });

  it('only admins delete a vehicle for real', async () => {
    const { myVehicle, token } = await twoCustomers();
    expect((await api(server.app, 'DELETE', vehicleUrl(myVehicle.id), { token })).status).toBe(403);
    const sales = await staffToken('Sales');
    expect((await api(server.app, 'DELETE', vehicleUrl(myVehicle.id), { token: sales })).status).toBe(403);
    expect(await vehicleRow(myVehicle.id)).toBeDefined();
    const admin = await staffToken('Admins');
    expect((await api(server.app, 'DELETE', vehicleUrl(myVehicle.id), { token: admin })).status).toBe(204);
    expect(await vehicleRow(myVehicle.id)).toBeUndefined();
  });
});
