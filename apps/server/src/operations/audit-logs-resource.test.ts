/**
 * The audit trail: staff changes to a booking, a customer, a price and a setting are each recorded
 * by the generic resource layer (who, when, what changed, in the API's names); Admins read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { V1 } from '../test/catalogue-factories';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, many, one, type JsonResource, type TestServer } from '../test/server';

let server: TestServer;
let f: Fixtures;
let admin: string;
let sales: string;
let adminId: number;
let salesId: number;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  adminId = (await createUser(server.handle.db, { email: 'audit-admin@example.com', roles: ['Admins'] })).user
    .id;
  salesId = (await createUser(server.handle.db, { email: 'audit-sales@example.com', roles: ['Sales'] })).user
    .id;
  admin = await login(server.app, 'audit-admin@example.com');
  sales = await login(server.app, 'audit-sales@example.com');
});
afterAll(() => server.close());

async function trail(type: string, id: string): Promise<JsonResource[]> {
  const answer = await api(
    server.app,
    'GET',
    `${V1}/audit-logs/?filter[resourceType]=${type}&filter[resourceId]=${id}&sort=id`,
    { token: admin },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return many(answer.body);
}

const who = (log: JsonResource | undefined) => log?.relationships?.user?.data;

describe('audit trail of staff changes', () => {
  it('a booking: created and edited by Sales, each change with its before and after', async () => {
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: sales,
      body: bookingDoc(f, { attributes: { email: 'audited@example.com', notes: '' } }),
    });
    expect(created.status).toBe(201);
    const id = one(created.body).id;
    const patched = await api(server.app, 'PATCH', `${V1}/bookings/${id}/`, {
      token: sales,
      body: { data: { type: 'bookings', id, attributes: { notes: 'Keys in the safe' } } },
    });
    expect(patched.status).toBe(200);

    const logs = await trail('bookings', id);
    expect(logs.map((log) => log.attributes.action)).toEqual(['create', 'update']);
    expect(who(logs[0])).toEqual({ type: 'users', id: String(salesId) });
    expect(logs[0]?.attributes.changes).toMatchObject({
      email: { from: null, to: 'audited@example.com' },
      lot: { from: null, to: String(f.outdoor.id) },
    });
    expect(logs[1]?.attributes.changes).toEqual({ notes: { from: '', to: 'Keys in the safe' } });
    expect(logs[1]?.attributes.timestamp).toBe(server.clock.now().toISOString());
  });

  it('a customer: a staff edit is recorded; the customer changing their own details is not staff work', async () => {
    const { customer } = await createUser(server.handle.db, { email: 'self@example.com', firstName: 'Ada' });
    const id = String(customer.id);
    const edited = await api(server.app, 'PATCH', `${V1}/customers/${id}/`, {
      token: sales,
      body: doc('customers', { firstName: 'Augusta' }, { id }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const own = await login(server.app, 'self@example.com');
    expect(
      (
        await api(server.app, 'PATCH', `${V1}/customers/${id}/`, {
          token: own,
          body: doc('customers', { lastName: 'King' }, { id }),
        })
      ).status,
    ).toBe(200);

    const logs = await trail('customers', id);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.attributes).toMatchObject({
      action: 'update',
      resourceType: 'customers',
      resourceId: id,
      changes: { firstName: { from: 'Ada', to: 'Augusta' } },
    });
    expect(who(logs[0])).toEqual({ type: 'users', id: String(salesId) });
  });

  it('a price: a short-term rate and the long-stay daily rate changed by an Admin', async () => {
    const rates = await api(server.app, 'GET', `${V1}/short-term-rates/?filter[lot]=${f.outdoor.id}&sort=id`);
    const rate = many(rates.body)[0];
    if (!rate) throw new Error('no rate');
    const before = rate.attributes.rate;
    expect(
      (
        await api(server.app, 'PATCH', `${V1}/short-term-rates/${rate.id}/`, {
          token: admin,
          body: doc('short-term-rates', { rate: '27.50' }, { id: rate.id }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'PATCH', `${V1}/lots/${f.outdoor.id}/`, {
          token: admin,
          body: doc('lots', { rate: '13.00' }, { id: String(f.outdoor.id) }),
        })
      ).status,
    ).toBe(200);

    const [rateLog] = await trail('short-term-rates', rate.id);
    expect(rateLog?.attributes.changes).toMatchObject({ rate: { from: before, to: '27.50' } });
    expect(who(rateLog)).toEqual({ type: 'users', id: String(adminId) });
    const [lotLog] = await trail('lots', String(f.outdoor.id));
    expect(lotLog?.attributes.changes).toMatchObject({ rate: { from: '12.00', to: '13.00' } });
  });

  it('a setting: an airline created, renamed and deleted; a save that changes nothing is not logged', async () => {
    const created = await api(server.app, 'POST', `${V1}/airlines/`, {
      token: admin,
      body: doc('airlines', { name: 'Rex' }),
    });
    expect(created.status).toBe(201);
    const id = one(created.body).id;
    expect(
      (
        await api(server.app, 'PATCH', `${V1}/airlines/${id}/`, {
          token: admin,
          body: doc('airlines', { name: 'Regional Express' }, { id }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'PATCH', `${V1}/airlines/${id}/`, {
          token: admin,
          body: doc('airlines', { name: 'Regional Express' }, { id }),
        })
      ).status,
    ).toBe(200);
    expect((await api(server.app, 'DELETE', `${V1}/airlines/${id}/`, { token: admin })).status).toBe(204);

    const logs = await trail('airlines', id);
    expect(logs.map((log) => [log.attributes.action, log.attributes.changes])).toEqual([
      ['create', expect.objectContaining({ name: { from: null, to: 'Rex' } })],
      ['update', { name: { from: 'Rex', to: 'Regional Express' } }],
      ['delete', expect.objectContaining({ name: { from: 'Regional Express', to: null } })],
    ]);
  });

  it('a refused change leaves no audit row, and only Admins read the trail', async () => {
    const refused = await api(server.app, 'POST', `${V1}/airlines/`, {
      token: admin,
      body: doc('airlines', { name: '' }),
    });
    expect(refused.status).toBe(400);
    const all = await api(
      server.app,
      'GET',
      `${V1}/audit-logs/?filter[resourceType]=airlines&page[size]=100`,
      { token: admin },
    );
    expect(many(all.body).filter((log) => log.attributes.action === 'create')).toHaveLength(1);
    expect((await api(server.app, 'GET', `${V1}/audit-logs/`, { token: sales })).status).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/audit-logs/`)).status).toBe(401);
  });
});
