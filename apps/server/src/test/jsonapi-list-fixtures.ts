/**
 * The generic JSON:API layer's list fixtures: one test server with an Admin, a Sales user and two
 * customers (Ann, Bob), three vehicle types, the two lots, and vehicles (Ann: two sedans and an SUV; Bob:
 * a deleted van and a sedan; one vehicle with no owner); `get` and the helpers that read a list's
 * regos, ids and type:id keys. The tests are jsonapi/jsonapi-filters, -sort-pages and -include.test.ts.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { vehicles } from '../db/schema/index';
import { createLots, createUser, createVehicleType, login } from './factories';
import { api, createTestServer, type ApiResponse, type JsonResource, type TestServer } from './server';

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
export const regos = (list: JsonResource[]) => list.map((item) => item.attributes.rego);
export const idsOf = (list: JsonResource[]) => list.map((item) => item.id);
export const keysOf = (list: JsonResource[] = []) => list.map((item) => `${item.type}:${item.id}`);
/** The database, for rows a test adds itself. */
const database = () => server.handle.db;

/** A 400 that names the parameter, with nothing but the one error. */
export function expectInvalidParameter(response: ApiResponse, parameter: string, detail: string) {
  expect(response.status).toBe(400);
  expect(response.body.errors).toEqual([
    { status: '400', code: 'invalid_parameter', detail, source: { parameter } },
  ]);
}

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

/**
 * Starts the server and makes the rows before the file's first test (and closes it after its last);
 * answers what the tests ask with: `get`, the rows' ids, the users' tokens and the database.
 */
export function useListFixtures() {
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
  return { get, ids, tokens, database };
}
