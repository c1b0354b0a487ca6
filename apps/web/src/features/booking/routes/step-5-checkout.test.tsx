import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorDocument, mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import {
  extrasRoute,
  startWizard,
  storedWizard,
  variationsRoute,
  wizardAt,
} from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

function openStep(routes: MockRoute[] = []) {
  startWizard(wizardAt(4));
  const { calls } = mockApi([extrasRoute, variationsRoute, ...routes]);
  const user = userEvent.setup();
  return { user, calls, ...renderApp('/booking/step-5') };
}

describe('step 5, Checkout', () => {
  it('prices extras for the vehicle type and disables the ones unavailable for the stay, with the note', async () => {
    const { user, router, calls } = openStep();
    const wash = await screen.findByRole('checkbox', { name: 'Exterior wash' });
    expect(await screen.findByText('$45.00')).toBeInTheDocument();
    expect(
      screen.getByText('One or more of the extras below are unavailable at the selected dates.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Full valet/ })).toBeDisabled();
    const extrasCall = calls.find((call) => call.path === 'extras/');
    expect(extrasCall?.url.searchParams.get('filter[checkAvailability]')).toMatch(
      /^\d{4}-\d{2}-\d{2}T.+Z,\d{4}-\d{2}-\d{2}T.+Z$/,
    );

    await user.click(wash);
    await user.click(screen.getByRole('checkbox', { name: 'Tyre check' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-6'));
    expect(storedWizard().extras).toMatchObject({ ids: ['7', '9'], prices: { '7': '45.00', '9': '15.00' } });
  });

  it('says "This promo code is not valid." when the check answers without a detail', async () => {
    const { user } = openStep([{ method: 'POST', path: 'promo-codes/', status: 400, body: { errors: [] } }]);
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code is not valid.')).toBeInTheDocument();
  });

  it("shows the check's own detail when it has one", async () => {
    const { user } = openStep([
      {
        method: 'POST',
        path: 'promo-codes/',
        status: 429,
        body: errorDocument('Too many promo code checks. Please try again later.', 'code', 429),
      },
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'guess');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Too many promo code checks. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('applies a promo code, and dismissing the success clears it', async () => {
    const { user, calls } = openStep([
      {
        method: 'POST',
        path: 'promo-codes/',
        status: 201,
        body: {
          data: { type: 'promo-codes', id: '1', attributes: { code: 'WELCOME10', discountRate: '0.1' } },
        },
      },
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), ' welcome10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/applied: 10% off the parking charge/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === 'promo-codes/')?.body).toMatchObject({
      data: {
        type: 'promo-codes',
        attributes: {
          code: 'WELCOME10',
          dropOffStart: expect.stringMatching(/Z$/),
          dropOffEnd: expect.stringMatching(/Z$/),
        },
      },
    });
    expect(storedWizard().extras).toMatchObject({ promoCode: 'WELCOME10', discountRate: '0.1' });

    await user.click(screen.getByRole('button', { name: 'Remove promo code' }));
    expect(screen.queryByText(/applied:/)).not.toBeInTheDocument();
    expect(storedWizard().extras).toMatchObject({ promoCode: '', discountRate: '0' });
  });

  it('ignores an empty code', async () => {
    openStep();
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('shows every detail of an extras load failure as a snackbar', async () => {
    startWizard(wizardAt(4));
    mockApi([
      variationsRoute,
      {
        path: 'extras/',
        status: 400,
        body: {
          errors: [
            errorDocument('Extras are being updated.').errors[0],
            errorDocument('Try again soon.').errors[0],
          ],
        },
      },
    ]);
    renderApp('/booking/step-5');
    expect(await screen.findByText('Extras are being updated.')).toBeInTheDocument();
  });
});
