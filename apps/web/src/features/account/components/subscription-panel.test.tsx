import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '@/lib/auth/session';
import { redirectTo } from '@/lib/redirect';
import { errorDocument, mockApi, sessionDocument, type MockRoute } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { SubscriptionPanel } from './subscription-panel';

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));

const user = (active = false) => {
  const session = readSession(sessionDocument({ activeIndoorSubscription: active }));
  if (!session) throw new Error('no session');
  return session.user;
};

const card = (name: string) => screen.getByRole('region', { name });
const indoorCard = () => screen.findByRole('region', { name: 'Unlimited indoor parking' });

const productsDocument = {
  data: [
    {
      type: 'products',
      id: '1',
      attributes: {
        name: 'Unlimited indoor parking',
        description: 'Indoor, always.',
        metadata: { codename: 'unlimited_indoor_parking' },
      },
      relationships: {
        prices: {
          data: [
            { type: 'prices', id: '9' },
            { type: 'prices', id: '10' },
          ],
        },
      },
    },
    {
      type: 'products',
      id: '2',
      attributes: {
        name: 'Unlimited outdoor parking',
        description: 'Outdoor, always.',
        metadata: { codename: 'unlimited_outdoor_parking' },
      },
      relationships: { prices: { data: [{ type: 'prices', id: '11' }] } },
    },
  ],
  included: [
    {
      type: 'prices',
      id: '9',
      attributes: { amount: '399.00', currency: 'aud', interval: 'month', intervalCount: 3 },
    },
    {
      type: 'prices',
      id: '10',
      attributes: { amount: '449.00', currency: 'aud', interval: 'month', intervalCount: 3 },
    },
    {
      type: 'prices',
      id: '11',
      attributes: { amount: '299.00', currency: 'aud', interval: 'month', intervalCount: 3 },
    },
  ],
};

interface Sub {
  id: string;
  priceId: '10' | '11';
  endDatetime: string;
  canceledAt?: string | null;
  valid?: boolean;
}

/** GET subscriptions/?filter[user]=…&include=price,price.product as the server answers it. */
function subscriptionsRoute(subs: Sub[]): MockRoute {
  return {
    path: 'subscriptions/',
    body: {
      data: subs.map((sub) => ({
        type: 'subscriptions',
        id: sub.id,
        attributes: {
          endDatetime: sub.endDatetime,
          canceledAt: sub.canceledAt ?? null,
          valid: sub.valid ?? true,
        },
        relationships: { price: { data: { type: 'prices', id: sub.priceId } } },
      })),
      included: [
        ...productsDocument.included.map((price) => ({
          ...price,
          relationships: { product: { data: { type: 'products', id: price.id === '11' ? '2' : '1' } } },
        })),
        ...productsDocument.data,
      ],
    },
  };
}

const productsRoute: MockRoute = { path: 'products/', body: productsDocument };

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});

describe('SubscriptionPanel', () => {
  it('offers Subscribe with the last price per 3 months for a kind the user does not hold, and no manage button', async () => {
    mockApi([productsRoute, subscriptionsRoute([])]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    const indoor = await indoorCard();
    expect(await within(indoor).findByText('Not subscribed')).toBeInTheDocument();
    expect(within(indoor).getByText('$449')).toBeInTheDocument();
    expect(within(indoor).getByText('every 3 months')).toBeInTheDocument();
    expect(indoor).toHaveTextContent('$449 every 3 months');
    expect(within(indoor).getByRole('button', { name: /^Subscribe/ })).toBeEnabled();
    expect(
      within(card('Unlimited outdoor parking')).getByRole('button', { name: /^Subscribe/ }),
    ).toBeEnabled();
    expect(card('Unlimited outdoor parking')).toHaveTextContent('$299 every 3 months');
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    expect(screen.queryByText(/purchased online soon/)).not.toBeInTheDocument();
  });

  it('shows an active subscription with its renewal date, and Manage subscription', async () => {
    mockApi([
      productsRoute,
      subscriptionsRoute([{ id: '1', priceId: '10', endDatetime: '2027-02-01T00:00:00Z' }]),
    ]);
    renderWithProviders(<SubscriptionPanel user={user(true)} />);

    const indoor = await indoorCard();
    expect(await within(indoor).findByText('Active — renews on 1/2/2027')).toBeInTheDocument();
    expect(within(indoor).queryByRole('button', { name: /^Subscribe/ })).not.toBeInTheDocument();
    expect(within(card('Unlimited outdoor parking')).getByText('Not subscribed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  });

  it('shows a cancelled but still valid subscription with its expiry date, and Manage subscription', async () => {
    mockApi([
      productsRoute,
      subscriptionsRoute([
        { id: '2', priceId: '11', endDatetime: '2027-01-15T00:00:00Z', canceledAt: '2026-11-01T00:00:00Z' },
      ]),
    ]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    const outdoor = await screen.findByRole('region', { name: 'Unlimited outdoor parking' });
    expect(await within(outdoor).findByText('Cancelled — valid until 15/1/2027')).toBeInTheDocument();
    expect(within(outdoor).queryByRole('button', { name: /^Subscribe/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeInTheDocument();
  });

  it('treats an ended subscription as none: Subscribe again, no manage button', async () => {
    mockApi([
      productsRoute,
      subscriptionsRoute([
        {
          id: '3',
          priceId: '10',
          endDatetime: '2026-01-15T00:00:00Z',
          canceledAt: '2025-11-01T00:00:00Z',
          valid: false,
        },
      ]),
    ]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    const indoor = await indoorCard();
    expect(await within(indoor).findByText('Not subscribed')).toBeInTheDocument();
    expect(within(indoor).getByRole('button', { name: /^Subscribe/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('Subscribe opens a checkout session for the user and the last price, then goes to its URL', async () => {
    const { calls } = mockApi([
      productsRoute,
      subscriptionsRoute([]),
      {
        method: 'POST',
        path: 'checkout-sessions/',
        status: 201,
        body: {
          data: {
            type: 'checkout-sessions',
            id: 'cs_1',
            attributes: { sessionId: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' },
          },
        },
      },
    ]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    await userEvent.click(within(await indoorCard()).getByRole('button', { name: /^Subscribe/ }));

    await vi.waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('checkout-sessions/');
    expect(post?.body).toMatchObject({
      data: {
        type: 'checkout-sessions',
        relationships: {
          user: { data: { type: 'users', id: '3' } },
          price: { data: { type: 'prices', id: '10' } },
        },
      },
    });
  });

  it('opens the local provider’s checkout on this site’s own origin', async () => {
    mockApi([
      productsRoute,
      subscriptionsRoute([]),
      {
        method: 'POST',
        path: 'checkout-sessions/',
        status: 201,
        body: {
          data: {
            type: 'checkout-sessions',
            id: 'cs_2',
            attributes: { sessionId: 'cs_2', url: 'http://localhost:8000/local-checkout/cs_2' },
          },
        },
      },
    ]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    await userEvent.click(within(await indoorCard()).getByRole('button', { name: /^Subscribe/ }));

    await vi.waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/local-checkout/cs_2'));
  });

  it('Manage subscription opens a billing session for the user, then goes to its URL', async () => {
    const { calls } = mockApi([
      productsRoute,
      subscriptionsRoute([{ id: '1', priceId: '10', endDatetime: '2027-02-01T00:00:00Z' }]),
      {
        method: 'POST',
        path: 'billing-sessions/',
        status: 201,
        body: {
          data: {
            type: 'billing-sessions',
            id: '3',
            attributes: { url: 'https://billing.stripe.com/p/session/bps_1' },
          },
        },
      },
    ]);
    renderWithProviders(<SubscriptionPanel user={user(true)} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));

    await vi.waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      data: { type: 'billing-sessions', relationships: { user: { data: { type: 'users', id: '3' } } } },
    });
  });

  it('shows the first error detail in an alert when Subscribe fails, and stays', async () => {
    mockApi([
      productsRoute,
      subscriptionsRoute([]),
      {
        method: 'POST',
        path: 'checkout-sessions/',
        status: 400,
        body: {
          errors: [
            { status: '400', detail: 'You already have this subscription.' },
            { status: '400', detail: 'Second detail.' },
          ],
        },
      },
    ]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    await userEvent.click(within(await indoorCard()).getByRole('button', { name: /^Subscribe/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You already have this subscription.');
    expect(screen.queryByText('Second detail.')).not.toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
    expect(
      within(card('Unlimited indoor parking')).getByRole('button', { name: /^Subscribe/ }),
    ).toBeEnabled();
  });

  it('shows the first error detail in an alert when loading the subscriptions fails', async () => {
    mockApi([
      productsRoute,
      {
        path: 'subscriptions/',
        status: 403,
        body: errorDocument('You do not have permission to perform this action.', undefined, 403),
      },
    ]);
    renderWithProviders(<SubscriptionPanel user={user()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });
});
