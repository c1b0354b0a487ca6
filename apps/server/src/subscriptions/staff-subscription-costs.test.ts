/**
 * Staff bookings of a subscriber (back-office §4): "Subscription gaps are calculated only if the start is
 * not in the future". A future stay that runs past the subscription's end is free (it falls within the
 * renewal); a stay that has started pays for its days past the end. The test clock is 2026-11-21 09:00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema/index';
import { subscriptionProducts } from '../test/billing-fixtures';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, createTestServer, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let staff: string;
let customerId: number;
const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  const products = await subscriptionProducts(server.handle.db);
  const subscriber = await createUser(server.handle.db, { email: 'subscriber@example.com' });
  customerId = subscriber.customer.id;
  // Indoor parking covered up to and including 3 December.
  await server.handle.db.insert(subscriptions).values({
    userId: subscriber.user.id,
    priceId: products.indoorPrice.id,
    endDatetime: new Date('2026-12-03T20:00:00+11:00'),
  });
  await createUser(server.handle.db, { email: 'desk@example.com', roles: ['Sales'] });
  staff = await login(server.app, 'desk@example.com');
});
afterAll(() => server.close());

const staffBooking = (start: string, end: string) =>
  api(server.app, 'POST', `${V1}/bookings/`, {
    token: staff,
    body: bookingDoc(f, {
      attributes: { startDatetime: start, endDatetime: end },
      relationships: { lot: rel('lots', f.indoor.id), customer: rel('customers', customerId) },
    }),
  });

describe('staff bookings of a subscriber', () => {
  it('a future stay past the subscription’s end is free: no gaps are charged', async () => {
    // 1-5 December: five days, $95, two of them after the subscription's end.
    const response = await staffBooking('2026-12-01T06:00:00+11:00', '2026-12-05T18:00:00+11:00');
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toMatchObject({
      parkingCost: '95.00',
      subscriptionDiscount: '95.00',
      totalCost: '0.00',
      hadSubscription: true,
    });
  });

  it('a stay that has started pays for its days past the end', async () => {
    // 19 November to 5 December; 4 and 5 December are not covered: charged as a two-day stay ($55).
    const response = await staffBooking('2026-11-19T06:00:00+11:00', '2026-12-05T18:00:00+11:00');
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toMatchObject({ totalCost: '55.00', hadSubscription: true });
  });

  it('booking-quotes give the form the same answer when it asks as the spec says', async () => {
    const quote = (calculateSubscriptionGaps: boolean) =>
      api(server.app, 'POST', `${V1}/booking-quotes/`, {
        token: staff,
        body: {
          data: {
            type: 'booking-quotes',
            attributes: {
              startDatetime: '2026-12-01T06:00:00+11:00',
              endDatetime: '2026-12-05T18:00:00+11:00',
              extrasCost: '0.00',
              calculateSubscriptionGaps,
            },
            relationships: { lot: rel('lots', f.indoor.id), customer: rel('customers', customerId) },
          },
        },
      });
    expect(one((await quote(false)).body).attributes).toMatchObject({ totalCost: '0.00' });
    expect(one((await quote(true)).body).attributes).toMatchObject({ totalCost: '55.00' });
  });
});
