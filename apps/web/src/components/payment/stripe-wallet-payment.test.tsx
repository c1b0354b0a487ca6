/**
 * With Stripe configured, travellers pay through Stripe's Payment Element (cards and the device's wallets:
 * Apple Pay, Google Pay), on step 7 and in Manage my booking; with the local provider, the card form stays.
 * Stripe.js itself is not loaded here: its React bindings are replaced by stand-ins that record what they
 * were mounted with.
 */
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardPayment } from '@/features/manage-booking/components/card-payment';
import { startWizard, wizardAt } from '@/features/booking/testing/wizard-fixtures';
import { mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp, renderWithProviders } from '@/test/render';

const mounted = vi.hoisted(() => ({
  elements: [] as Array<{ clientSecret?: string }>,
  paymentElements: [] as Array<{ wallets?: unknown }>,
  cardElements: 0,
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(() => Promise.resolve(null)) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ options, children }: { options?: { clientSecret?: string }; children: ReactNode }) => {
    mounted.elements.push(options ?? {});
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: ({ options }: { options?: { wallets?: unknown } }) => {
    mounted.paymentElements.push(options ?? {});
    return <div data-testid="stripe-payment-element" />;
  },
  CardElement: () => {
    mounted.cardElements += 1;
    return <div data-testid="stripe-card-element" />;
  },
  useStripe: () => null,
  useElements: () => null,
}));

const config = (provider: 'stripe' | 'local'): MockRoute => ({
  path: 'payment-config/',
  body: {
    data: {
      type: 'payment-config',
      id: provider,
      attributes: { provider, publishableKey: provider === 'stripe' ? 'pk_test_wallets' : null },
    },
  },
});

beforeEach(() => {
  window.sessionStorage.clear();
  mounted.elements.length = 0;
  mounted.paymentElements.length = 0;
  mounted.cardElements = 0;
});

const billing = { email: 'harriet@example.com', name: 'Harriet Vane', phone: '' };

describe('paying with Stripe configured', () => {
  it('Manage my booking mounts the Payment Element for the open payment, with the wallets on', async () => {
    mockApi([config('stripe')]);
    renderWithProviders(
      <CardPayment clientSecret="pi_7_secret_w" amount="$18.00" billing={billing} onPaid={() => {}} />,
    );
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(mounted.elements.at(-1)).toMatchObject({ clientSecret: 'pi_7_secret_w' });
    expect(mounted.paymentElements.at(-1)).toMatchObject({
      wallets: { applePay: 'auto', googlePay: 'auto' },
    });
    expect(mounted.cardElements).toBe(0);
    expect(screen.getByRole('button', { name: 'Pay $18.00' })).toBeInTheDocument();
  });

  it('step 7 mounts the Payment Element too', async () => {
    startWizard(
      wizardAt(6, {
        booking: {
          id: '90',
          bookingCode: 'QWERTY23',
          clientSecret: 'pi_90_secret_w',
          totalCost: '101.70',
          status: 'pending',
          email: 'harriet@example.com',
        },
      }),
    );
    mockApi([config('stripe')]);
    renderApp('/booking/step-7');
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(mounted.elements.at(-1)).toMatchObject({ clientSecret: 'pi_90_secret_w' });
  });

  it('the local provider keeps its own card form (no Stripe element)', async () => {
    mockApi([config('local')]);
    renderWithProviders(
      <CardPayment clientSecret="pi_7_secret_w" amount="$18.00" billing={billing} onPaid={() => {}} />,
    );
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-elements')).not.toBeInTheDocument();
  });
});
