import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { startWizard, wizardAt } from '../testing/wizard-fixtures';

// Issue 40: the local provider's card form names its test card; production takes cards through Stripe, whose
// form must never name one. Stripe's own libraries stand in here as a field that says nothing (as Stripe's
// iframe is to the page), so what the page around it says is all there is to read.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: () => Promise.resolve(null) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => null,
  useElements: () => null,
}));

beforeEach(() => window.sessionStorage.clear());

const config = (provider: 'local' | 'stripe'): MockRoute => ({
  path: 'payment-config/',
  body: {
    data: {
      type: 'payment-config',
      id: provider,
      attributes: { provider, publishableKey: provider === 'stripe' ? 'pk_live_example' : null },
    },
  },
});
const booking = {
  id: '90',
  bookingCode: 'QWERTY23',
  clientSecret: 'pi_1_secret_x',
  totalCost: '101.70',
  status: 'pending',
  email: 'harriet@example.com',
};
/** Any way of naming a test card: its number (spaced or not) or the words. */
const TEST_CARD = /4242|test mode|test card/i;

describe('step 7 names the test card only with the local provider', () => {
  it("with Stripe (production's provider) the card form names no test card", async () => {
    startWizard(wizardAt(6, { booking }));
    mockApi([config('stripe')]);
    renderApp('/booking/step-7');

    // Stripe's Payment Element (cards and the device's wallets, issue 41) labels its own fields.
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $101.70' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(TEST_CARD);
  });

  it('with the local provider (development, the demo, the tests) the form names its test card', async () => {
    startWizard(wizardAt(6, { booking }));
    mockApi([config('local')]);
    renderApp('/booking/step-7');

    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Test mode: pay with 4242 4242 4242 4242, any future expiry date and any three-digit CVC.',
    );
    expect(screen.queryByTestId('stripe-payment-element')).not.toBeInTheDocument();
  });
});
