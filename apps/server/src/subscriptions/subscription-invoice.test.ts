/**
 * Issue 40, item 5: each subscription payment (the first and every renewal) emails a tax invoice, through the
 * job queue, once per payment; a quote the subscription covers names the subscription's plan.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema/index';
import { handleProviderEvent } from '../payments/payment-events';
import { createPaymentProvider } from '../payments/provider/create-provider';
import { isLocalProvider } from '../payments/provider/local-provider';
import { subscriptionProducts } from '../test/billing-fixtures';
import { bookingFixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import { api, createTestServer, doc, many, one, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let products: Awaited<ReturnType<typeof subscriptionProducts>>;

beforeAll(async () => {
  // With an ABN, as production has: the invoice is then a tax invoice.
  server = await createTestServer({ env: { BUSINESS_ABN: '51 824 753 556' } });
  await bookingFixtures(server.handle.db);
  products = await subscriptionProducts(server.handle.db);
});
afterAll(() => server.close());

const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const EMAIL = 'receipts@example.com';

/** The subscriber's own quotes for a stay, by lot slug: price and the plan that covers it. */
async function quotes(startDate: string, endDate: string, token?: string) {
  const response = await api(
    server.app,
    'GET',
    `${V1}/quotes/?start_date=${startDate}&end_date=${endDate}&filter[lot.slug__in]=indoor,outdoor&include=lot`,
    token ? { token } : {},
  );
  expect(response.status).toBe(200);
  const slugOf = (id: unknown) =>
    response.body.included?.find((lot) => lot.id === id)?.attributes.slug as string;
  return Object.fromEntries(
    many(response.body).map((quote) => {
      const lot = (quote.relationships?.lot as { data: { id: string } }).data.id;
      return [slugOf(lot), { price: quote.attributes.price, coveredBy: quote.attributes.coveredBy }];
    }),
  );
}

describe('subscription payments', () => {
  let token = '';

  it('email a tax invoice for the first payment, once', async () => {
    const { user } = await createUser(server.handle.db, { email: EMAIL, firstName: 'Rhea' });
    token = await login(server.app, EMAIL);
    const checkout = await api(server.app, 'POST', `${V1}/checkout-sessions/`, {
      token,
      body: {
        data: {
          type: 'checkout-sessions',
          relationships: { user: rel('users', user.id), price: rel('prices', products.indoorPrice.id) },
        },
      },
    });
    const sessionId = String(one(checkout.body).attributes.sessionId);
    expect(mailTo(server, EMAIL)).toHaveLength(0);
    const paid = await api(server.app, 'POST', `${V1}/local-checkout-sessions/${sessionId}/complete/`, {
      body: doc('local-checkout-sessions', card),
    });
    expect(paid.status).toBe(201);

    const [invoice, ...more] = mailTo(server, EMAIL);
    expect(more).toHaveLength(0);
    expect(invoice?.subject).toMatch(
      /^Tax invoice S\d+-20261121: your Unlimited indoor parking subscription$/,
    );
    expect(invoice?.text).toContain(
      'Hi Rhea, thank you: we have received your payment of $449.00 for your Unlimited indoor parking subscription, 21/11/2026 to 21/2/2027.',
    );
    expect(invoice?.text).toContain('ABN 51 824 753 556');
    expect(invoice?.text).toContain('Total paid: $449.00, GST included $40.82.');
    expect(invoice?.html).toContain('Tax invoice S');
  });

  it('email a tax invoice for every renewal, and never twice for one payment', async () => {
    const local = createPaymentProvider(server.config, server.handle.db, server.clock.now);
    if (!isLocalProvider(local)) throw new Error('expected the local provider');
    const [row] = await server.handle.db
      .select({ providerId: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(users.email, EMAIL));
    const events = await local.renew(row?.providerId ?? '');
    const apply = async () => {
      for (const event of events)
        await handleProviderEvent(server.handle.db, local, event, server.clock.now(), {
          timeZone: server.config.timeZone,
        });
      await server.app.services.jobs.drain();
    };
    await apply();
    // The provider tells the same payment again: nothing more is sent.
    await apply();
    const invoices = mailTo(server, EMAIL);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]?.subject).toMatch(/^Tax invoice S\d+-20270221: /);
    expect(invoices[1]?.text).toContain(
      'for your Unlimited indoor parking subscription, 21/2/2027 to 21/5/2027.',
    );
  });

  it('a quote the subscription covers names its plan; others do not', async () => {
    expect(await quotes('2026-12-01', '2026-12-03', token)).toEqual({
      indoor: { price: '0.00', coveredBy: 'Unlimited indoor parking' },
      outdoor: { price: expect.not.stringMatching(/^0\.00$/) as unknown, coveredBy: null },
    });
    // A visitor's quote is the list price.
    expect((await quotes('2026-12-01', '2026-12-03')).indoor).toMatchObject({ coveredBy: null });
  });
});
