import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';

function portal(cancelAtPeriodEnd: () => boolean): MockRoute {
  return {
    path: 'local-billing-sessions/bps_1/',
    reply: () => ({
      body: {
        data: {
          type: 'local-billing-sessions',
          id: 'bps_1',
          attributes: {
            returnUrl: 'http://localhost:8000/profile?tab=subscribe',
            subscriptions: [
              {
                id: 'sub_1',
                productName: 'Unlimited indoor parking',
                amount: '449.00',
                status: 'active',
                currentPeriodEnd: '2027-02-21T01:00:00.000Z',
                cancelAtPeriodEnd: cancelAtPeriodEnd(),
              },
            ],
          },
        },
      },
    }),
  };
}

describe('LocalBillingPage', () => {
  it('lists the subscription, cancels it after a confirmation and offers to renew it', async () => {
    let cancelled = false;
    const { calls } = mockApi([
      portal(() => cancelled),
      {
        method: 'POST',
        path: 'local-billing-sessions/bps_1/subscriptions/sub_1/',
        reply: (call) => {
          cancelled = (call.body as { data: { attributes: { cancelAtPeriodEnd: boolean } } }).data.attributes
            .cancelAtPeriodEnd;
          return {
            status: 201,
            body: {
              data: {
                type: 'local-billing-subscriptions',
                id: 'sub_1',
                attributes: { cancelAtPeriodEnd: cancelled },
              },
            },
          };
        },
      },
    ]);
    renderApp('/local-billing/bps_1');
    const user = userEvent.setup();

    const plan = await screen.findByRole('region', { name: 'Unlimited indoor parking' });
    expect(plan).toHaveTextContent('$449.00 every 3 months');
    expect(plan).toHaveTextContent('Renews on 21/2/2027');
    expect(screen.getByRole('link', { name: 'Return to SkyPark' })).toHaveAttribute(
      'href',
      '/profile?tab=subscribe',
    );

    // Keeping it changes nothing.
    await user.click(within(plan).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel unlimited indoor parking?' });
    expect(dialog).toHaveTextContent('until 21/2/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitForElementToBeRemoved(dialog);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(plan).getByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }),
    );

    expect(
      await within(plan).findByText('Valid until 21/2/2027, then it ends. It will not renew.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { type: 'local-billing-subscriptions', attributes: { cancelAtPeriodEnd: true } },
    });
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();

    await user.click(within(plan).getByRole('button', { name: 'Renew subscription' }));
    expect(await within(plan).findByText('Renews on 21/2/2027 for $449.00.')).toBeInTheDocument();
    expect(cancelled).toBe(false);
  });

  it('says an unknown billing session was not found', async () => {
    mockApi([]);
    renderApp('/local-billing/bps_unknown');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Billing session not found' }),
    ).toBeInTheDocument();
  });
});
