import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardMessages } from '@parking/domain/cards';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectTo } from '@/lib/redirect';
import { mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));

const session = (status = 'open'): MockRoute => ({
  path: 'local-checkout-sessions/cs_1/',
  body: {
    data: {
      type: 'local-checkout-sessions',
      id: 'cs_1',
      attributes: {
        status,
        email: 'jordan@example.com',
        productName: 'Unlimited indoor parking',
        productDescription: 'Park under cover as often as you like.',
        amount: '449.00',
        interval: 'month',
        intervalCount: 3,
        successUrl: 'http://localhost:8000/profile?tab=subscribe',
        cancelUrl: 'http://localhost:8000/profile?tab=subscribe',
      },
    },
  },
});

const completeRoute = (answer: Pick<MockRoute, 'status' | 'body'>): MockRoute => ({
  method: 'POST',
  path: 'local-checkout-sessions/cs_1/complete/',
  ...answer,
});

const field = (name: string) => screen.getByRole('textbox', { name });

async function openForm() {
  renderApp('/local-checkout/cs_1');
  return screen.findByRole('form', { name: 'Pay with card' });
}

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});

describe('LocalCheckoutPage', () => {
  it('shows the plan, its price billed every 3 months, the email and the Cancel link', async () => {
    mockApi([session()]);
    await openForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Unlimited indoor parking' })).toBeInTheDocument();
    expect(screen.getAllByText('$449.00').length).toBeGreaterThan(0);
    expect(screen.getByText('billed every 3 months')).toBeInTheDocument();
    expect(screen.getByText('jordan@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel and return to SkyPark' })).toHaveAttribute(
      'href',
      '/profile?tab=subscribe',
    );
    expect(document.title).toBe('Secure checkout | SkyPark Airport Parking');
  });

  it('shows the card field errors live: incomplete once a field is left, invalid as soon as it is typed', async () => {
    mockApi([session()]);
    await openForm();
    const user = userEvent.setup();

    await user.type(field('Card number'), '4242 4242');
    expect(screen.queryByText(cardMessages.numberIncomplete)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(cardMessages.numberIncomplete)).toBeInTheDocument();
    expect(field('Card number')).toHaveAccessibleDescription(cardMessages.numberIncomplete);

    await user.clear(field('Card number'));
    await user.type(field('Card number'), '4242424242424241');
    expect(field('Card number')).toHaveValue('4242 4242 4242 4241');
    expect(screen.getByText(cardMessages.numberInvalid)).toBeInTheDocument();
    await user.clear(field('Card number'));
    await user.type(field('Card number'), '4242424242424242');
    expect(screen.queryByText(cardMessages.numberInvalid)).not.toBeInTheDocument();

    await user.type(field('Expiry (MM / YY)'), '0120');
    expect(field('Expiry (MM / YY)')).toHaveValue('01 / 20');
    expect(screen.getByText(cardMessages.expiryPast)).toBeInTheDocument();

    // Subscribe with the CVC still empty: every remaining error shows, nothing is sent.
    await user.clear(field('Expiry (MM / YY)'));
    await user.type(field('Expiry (MM / YY)'), '1249');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText(cardMessages.cvcIncomplete)).toBeInTheDocument();
    expect(screen.queryByText(cardMessages.expiryPast)).not.toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows the issuer’s message for a declined card and stays', async () => {
    const { calls } = mockApi([
      session(),
      completeRoute({
        status: 400,
        body: {
          errors: [
            {
              status: '400',
              code: 'card_declined',
              detail: 'Your card was declined.',
              source: { pointer: '/data/attributes/number' },
            },
          ],
        },
      }),
    ]);
    const form = await openForm();
    const user = userEvent.setup();

    await user.type(field('Card number'), '4000000000000002');
    await user.type(field('Expiry (MM / YY)'), '1249');
    await user.type(field('CVC'), '123');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(redirectTo).not.toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: {
        type: 'local-checkout-sessions',
        attributes: { number: '4000000000000002', expiry: '12 / 49', cvc: '123' },
      },
    });
  });

  it('goes to the success URL, on this origin, once paid', async () => {
    mockApi([
      session(),
      completeRoute({
        status: 201,
        body: {
          data: {
            type: 'local-checkout-sessions',
            id: 'cs_1',
            attributes: { status: 'complete', successUrl: 'http://localhost:8000/profile?tab=subscribe' },
          },
        },
      }),
    ]);
    await openForm();
    const user = userEvent.setup();

    await user.type(field('Card number'), '4242 4242 4242 4242');
    await user.type(field('Expiry (MM / YY)'), '1249');
    await user.type(field('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await vi.waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/profile?tab=subscribe'));
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  });

  it('says a completed session is complete, with no card form', async () => {
    mockApi([session('complete')]);
    renderApp('/local-checkout/cs_1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This checkout is complete' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to SkyPark' })).toHaveAttribute(
      'href',
      '/profile?tab=subscribe',
    );
  });

  it('says an expired session has expired', async () => {
    mockApi([session('expired')]);
    renderApp('/local-checkout/cs_1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This checkout has expired' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  });

  it('says an unknown session was not found', async () => {
    mockApi([]);
    renderApp('/local-checkout/cs_unknown');

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })).toBeInTheDocument();
  });
});
