import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorDocument, mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { startWizard, storedWizard, wizardAt } from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

const localConfig: MockRoute = {
  path: 'payment-config/',
  body: {
    data: { type: 'payment-config', id: 'local', attributes: { provider: 'local', publishableKey: null } },
  },
};
const booking = (clientSecret: string | null) => ({
  id: '90',
  bookingCode: 'QWERTY23',
  clientSecret,
  totalCost: '101.70',
  status: 'pending',
  email: 'harriet@example.com',
});

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiry (MM / YY)' }), '1230');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('step 7, Payment Details', () => {
  it('says so when the booking has no payment secret, with a link home', async () => {
    startWizard(wizardAt(6, { booking: booking(null) }));
    mockApi([localConfig]);
    renderApp('/booking/step-7');
    expect(await screen.findByText('Something went wrong when creating your booking.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("shows Stripe's wording for card fields live and requires the payment confirmation", async () => {
    startWizard(wizardAt(6, { booking: booking('pi_1_secret_x') }));
    mockApi([localConfig]);
    const user = userEvent.setup();
    renderApp('/booking/step-7');

    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242 4242');
    await user.tab();
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '42424242');
    expect(screen.queryByText('Your card number is incomplete.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $101.70' }));
    expect(await screen.findByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it("shows a declined card's message and stays on the payment step", async () => {
    startWizard(wizardAt(6, { booking: booking('pi_1_secret_x') }));
    mockApi([
      localConfig,
      {
        method: 'POST',
        path: 'local-payments/',
        status: 400,
        body: errorDocument('Your card was declined.', 'number'),
      },
    ]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-7');

    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('checkbox', { name: /authorise the payment of \$101\.70/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $101.70' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(router.state.location.pathname).toBe('/booking/step-7');
  });

  it('pays, confirms with the server and goes to success', async () => {
    startWizard(wizardAt(6, { booking: booking('pi_1_secret_x') }));
    const { calls } = mockApi([
      localConfig,
      {
        method: 'POST',
        path: 'local-payments/',
        status: 201,
        body: { data: { type: 'local-payments', id: 'pi_1', attributes: { status: 'succeeded' } } },
      },
      {
        method: 'POST',
        path: 'payment-confirmations/',
        status: 201,
        body: { data: { type: 'payment-confirmations', id: 'pi_1', attributes: { status: 'succeeded' } } },
      },
    ]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-7');

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('checkbox', { name: /authorise the payment/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $101.70' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-8'));
    expect(calls.find((call) => call.path === 'local-payments/')?.body).toMatchObject({
      data: {
        attributes: {
          clientSecret: 'pi_1_secret_x',
          number: '4242424242424242',
          expiry: '12 / 30',
          cvc: '123',
        },
      },
    });
    expect(calls.some((call) => call.path === 'payment-confirmations/')).toBe(true);
    expect(storedWizard()).toMatchObject({ completed: 7, finished: true });
    expect(await screen.findByText('QWERTY23')).toBeInTheDocument();
  });

  it('asks before leaving the payment any other way: "Your booking will not be saved."', async () => {
    startWizard(wizardAt(6, { booking: booking('pi_1_secret_x') }));
    mockApi([localConfig]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-7');

    await screen.findByRole('textbox', { name: 'Card number' });
    const home = within(screen.getByRole('banner')).getByRole('link', { name: /SkyPark/ });
    await user.click(home);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without paying?' });
    expect(dialog).toHaveTextContent('Your booking will not be saved.');
    await user.click(screen.getByRole('button', { name: 'Stay and pay' }));
    expect(router.state.location.pathname).toBe('/booking/step-7');
    await user.click(home);
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
