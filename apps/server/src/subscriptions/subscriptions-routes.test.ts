/** Subscriptions on the local provider: checkout, free covered parking, billing portal cancellation. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema/index';
import { createPaymentProvider } from '../payments/provider/create-provider';
import { isLocalProvider } from '../payments/provider/local-provider';
import { handleProviderEvent } from '../payments/payment-events';
import { subscriptionProducts } from '../test/billing-fixtures';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let products: Awaited<ReturnType<typeof subscriptionProducts>>;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  products = await subscriptionProducts(server.handle.db);
});
afterAll(() => server.close());

const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('unlimited parking subscriptions (local provider)', () => {
  it('lists the products with their quarterly prices to anyone', async () => {
    const list = await api(server.app, 'GET', `${V1}/products/?include=prices`);
    expect(many(list.body).map((p) => p.attributes.metadata)).toEqual(
      expect.arrayContaining([
        { codename: 'unlimited_indoor_parking' },
        { codename: 'unlimited_outdoor_parking' },
      ]),
    );
    expect(
      list.body.included?.find((p) => p.id === String(products.indoorPrice.id))?.attributes,
    ).toMatchObject({
      amount: '449.00',
      interval: 'month',
      intervalCount: 3,
    });
  });

  it('subscribe through the local checkout, park indoors for $0, cancel in the billing portal, expire at period end', async () => {
    const { user } = await createUser(server.handle.db, { email: 'unlimited@example.com' });
    const token = await login(server.app, 'unlimited@example.com');
    const checkoutBody = {
      data: {
        type: 'checkout-sessions',
        relationships: { user: rel('users', user.id), price: rel('prices', products.indoorPrice.id) },
      },
    };
    const checkout = await api(server.app, 'POST', `${V1}/checkout-sessions/`, { token, body: checkoutBody });
    expect(checkout.status).toBe(201);
    const { sessionId, url } = one(checkout.body).attributes;
    expect(url).toBe(`https://parking.test/local-checkout/${String(sessionId)}`);

    const page = await api(server.app, 'GET', `${V1}/local-checkout-sessions/${String(sessionId)}/`);
    expect(one(page.body).attributes).toMatchObject({
      productName: 'Unlimited indoor parking',
      amount: '449.00',
      email: 'unlimited@example.com',
      status: 'open',
    });
    const declined = await api(
      server.app,
      'POST',
      `${V1}/local-checkout-sessions/${String(sessionId)}/complete/`,
      {
        body: doc('local-checkout-sessions', { ...card, number: '4000000000000002' }),
      },
    );
    expect(firstError(declined.body)?.detail).toBe('Your card was declined.');
    const paid = await api(
      server.app,
      'POST',
      `${V1}/local-checkout-sessions/${String(sessionId)}/complete/`,
      { body: doc('local-checkout-sessions', card) },
    );
    expect(paid.status).toBe(201);
    expect(one(paid.body).attributes.successUrl).toBe('https://parking.test/profile?tab=subscribe');

    const me = one((await api(server.app, 'GET', `${V1}/users/${user.id}/`, { token })).body);
    expect(me.attributes).toMatchObject({ activeIndoorSubscription: true, activeOutdoorSubscription: false });
    const mine = await api(
      server.app,
      'GET',
      `${V1}/subscriptions/?filter[user]=${user.id}&include=price.product`,
      { token },
    );
    const [sub] = many(mine.body);
    expect(sub?.attributes).toMatchObject({ valid: true, canceledAt: null });
    expect(String(sub?.attributes.endDatetime)).toMatch(/^2027-02-2/);
    expect(mine.body.included?.some((r) => r.type === 'products')).toBe(true);
    // Subscribing twice to the same product is refused.
    expect(
      firstError(
        (await api(server.app, 'POST', `${V1}/checkout-sessions/`, { token, body: checkoutBody })).body,
      )?.detail,
    ).toBe('You already have this subscription.');

    // Covered parking is free: the booking is complete at once, with no card step.
    const booking = await api(server.app, 'POST', `${V1}/bookings/`, {
      token,
      body: bookingDoc(f, { relationships: { lot: rel('lots', f.indoor.id) } }),
    });
    expect(one(booking.body).attributes).toMatchObject({
      parkingCost: '70.00',
      subscriptionDiscount: '70.00',
      totalCost: '0.00',
      status: 'complete',
      hadSubscription: true,
      clientSecret: null,
    });
    const outdoor = await api(server.app, 'POST', `${V1}/bookings/`, { token, body: bookingDoc(f) });
    expect(one(outdoor.body).attributes).toMatchObject({ totalCost: '52.00', status: 'pending' });

    const portal = await api(server.app, 'POST', `${V1}/billing-sessions/`, {
      token,
      body: { data: { type: 'billing-sessions', relationships: { user: rel('users', user.id) } } },
    });
    const portalId = String(one(portal.body).attributes.url).split('/').at(-1) ?? '';
    const billing = one((await api(server.app, 'GET', `${V1}/local-billing-sessions/${portalId}/`)).body);
    const [listed] = billing.attributes.subscriptions as Array<{
      id: string;
      productName: string;
      cancelAtPeriodEnd: boolean;
    }>;
    expect(listed).toMatchObject({ productName: 'Unlimited indoor parking', cancelAtPeriodEnd: false });
    const cancel = await api(
      server.app,
      'POST',
      `${V1}/local-billing-sessions/${portalId}/subscriptions/${listed?.id}/`,
      {
        body: doc('local-billing-subscriptions', { cancelAtPeriodEnd: true }),
      },
    );
    expect(cancel.status).toBe(201);
    const cancelled = many(
      (await api(server.app, 'GET', `${V1}/subscriptions/?filter[user]=${user.id}`, { token })).body,
    )[0];
    expect(cancelled?.attributes.valid).toBe(true);
    expect(cancelled?.attributes.canceledAt).not.toBeNull();
    // The spec's "active" means valid and not cancelled.
    expect(
      one((await api(server.app, 'GET', `${V1}/users/${user.id}/`, { token })).body).attributes
        .activeIndoorSubscription,
    ).toBe(false);

    // At the period's end the provider ends it.
    const local = createPaymentProvider(server.config, server.handle.db, server.clock.now);
    if (!isLocalProvider(local)) throw new Error('expected the local provider');
    for (const event of await local.renew(listed?.id ?? ''))
      await handleProviderEvent(server.handle.db, local, event, server.clock.now(), {
        timeZone: server.config.timeZone,
      });
    const [ended] = await server.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(ended?.valid).toBe(false);
  });

  it('a customer cannot subscribe or open the portal for someone else', async () => {
    const { user: other } = await createUser(server.handle.db, { email: 'victim@example.com' });
    await createUser(server.handle.db, { email: 'mallory@example.com' });
    const token = await login(server.app, 'mallory@example.com');
    const checkout = await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
      token,
      body: {
        data: {
          type: 'checkout-sessions',
          relationships: { user: rel('users', other.id), price: rel('prices', products.outdoorPrice.id) },
        },
      },
    });
    expect(checkout.status).toBe(400);
    expect(
      (
        await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
          body: { data: { type: 'checkout-sessions', relationships: {} } },
        })
      ).status,
    ).toBe(401);
    const anonymous = await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
      body: {
        data: {
          type: 'checkout-sessions',
          relationships: { user: rel('users', other.id), price: rel('prices', products.outdoorPrice.id) },
        },
      },
    });
    expect(anonymous.status).toBe(401);
    expect((await api(server.app, 'GET', `${V1}/subscriptions/`)).status).toBe(401);
  });
  it('staff subscribe a customer and open their billing portal; both come back to the customer’s screen', async () => {
    const { user, customer } = await createUser(server.handle.db, { email: 'phoned-in@example.com' });
    await createUser(server.handle.db, { email: 'sales-desk@example.com', roles: ['Sales'] });
    const token = await login(server.app, 'sales-desk@example.com');
    const adminScreen = `https://parking.test/admin/customers/${customer.id}?tab=subscription`;

    const noneYet = await api(server.app, 'POST', `${V1}/billing-sessions/`, {
      token,
      body: { data: { type: 'billing-sessions', relationships: { user: rel('users', user.id) } } },
    });
    expect(noneYet.status).toBe(400);
    expect(firstError(noneYet.body)?.detail).toBe('There is no subscription to manage.');

    const checkout = await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
      token,
      body: {
        data: {
          type: 'checkout-sessions',
          relationships: { user: rel('users', user.id), price: rel('prices', products.outdoorPrice.id) },
        },
      },
    });
    expect(checkout.status).toBe(201);
    const sessionId = String(one(checkout.body).attributes.sessionId);
    const page = one((await api(server.app, 'GET', `${V1}/local-checkout-sessions/${sessionId}/`)).body);
    // The checkout is the customer's: their address, their subscription.
    expect(page.attributes).toMatchObject({
      email: 'phoned-in@example.com',
      successUrl: adminScreen,
      cancelUrl: adminScreen,
    });
    const paid = await api(server.app, 'POST', `${V1}/local-checkout-sessions/${sessionId}/complete/`, {
      body: doc('local-checkout-sessions', card),
    });
    expect(one(paid.body).attributes.successUrl).toBe(adminScreen);
    const theirs = many(
      (await api(server.app, 'GET', `${V1}/subscriptions/?filter[user]=${user.id}`, { token })).body,
    );
    expect(theirs.map((sub) => sub.attributes.valid)).toEqual([true]);

    const portal = await api(server.app, 'POST', `${V1}/billing-sessions/`, {
      token,
      body: { data: { type: 'billing-sessions', relationships: { user: rel('users', user.id) } } },
    });
    expect(portal.status).toBe(201);
    const portalId = String(one(portal.body).attributes.url).split('/').at(-1) ?? '';
    const billing = one((await api(server.app, 'GET', `${V1}/local-billing-sessions/${portalId}/`)).body);
    expect(billing.attributes.returnUrl).toBe(adminScreen);
  });

  it('employees are not staff: they cannot act for another user', async () => {
    const { user } = await createUser(server.handle.db, { email: 'employee-target@example.com' });
    await createUser(server.handle.db, { email: 'employee@example.com', roles: ['Employees'] });
    const token = await login(server.app, 'employee@example.com');
    const checkout = await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
      token,
      body: {
        data: {
          type: 'checkout-sessions',
          relationships: { user: rel('users', user.id), price: rel('prices', products.indoorPrice.id) },
        },
      },
    });
    expect(checkout.status).toBe(400);
    expect(firstError(checkout.body)?.source).toEqual({ pointer: '/data/relationships/user' });
    const portal = await api(server.app, 'POST', `${V1}/billing-sessions/`, {
      token,
      body: { data: { type: 'billing-sessions', relationships: { user: rel('users', user.id) } } },
    });
    expect(portal.status).toBe(400);
  });
});
