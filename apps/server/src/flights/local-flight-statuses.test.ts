/** The local flight-status provider's staff route (issue 24): who may set a flight, and what it refuses. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../test/factories';
import { api, doc, firstError } from '../test/server';
import { useTestServer } from '../test/suite';

const server = useTestServer();
const V1 = '/backend/api/v1';
const tokens = {} as Record<'sales' | 'customer', string>;

beforeAll(async () => {
  const db = server.handle.db;
  tokens.sales = await login(server.app, (await createUser(db, { roles: ['Sales'] })).user.email);
  tokens.customer = await login(server.app, (await createUser(db, { roles: ['Customers'] })).user.email);
});

const setFlight = (attributes: Record<string, unknown>, token = tokens.sales) =>
  api(server.app, 'POST', `${V1}/local-flight-statuses/`, {
    token,
    body: doc('local-flight-statuses', attributes),
  });

describe('POST local-flight-statuses/ refuses', () => {
  it('strangers, a made-up date, a flight number that is not one, a date years away', async () => {
    const flight = {
      flightNumber: 'QF1',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T10:00:00+11:00',
      state: 'delayed',
      estimatedArrival: null,
    };
    expect(
      (
        await api(server.app, 'POST', `${V1}/local-flight-statuses/`, {
          body: doc('local-flight-statuses', flight),
        })
      ).status,
    ).toBe(401);
    expect((await setFlight(flight, tokens.customer)).status).toBe(403);
    const pointer = async (attributes: Record<string, unknown>) => {
      const answer = await setFlight(attributes);
      expect(answer.status).toBe(400);
      return firstError(answer.body)?.source?.pointer;
    };
    expect(await pointer({ ...flight, date: '2026-02-30' })).toBe('/data/attributes/date');
    expect(await pointer({ ...flight, date: '9999-12-31' })).toBe('/data/attributes/date');
    expect(await pointer({ ...flight, flightNumber: 'QF\u00001' })).toBe('/data/attributes/flightNumber');
    expect(await pointer(flight)).toBe('/data/attributes/estimatedArrival');
  });
});
