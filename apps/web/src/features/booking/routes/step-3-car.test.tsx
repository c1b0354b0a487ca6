import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { startWizard, storedWizard, vehicleTypesRoute, wizardAt } from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

describe('step 3, Car Details', () => {
  it('requires rego, vehicle type, make, model and colour', async () => {
    startWizard(wizardAt(2));
    mockApi([vehicleTypesRoute]);
    const user = userEvent.setup();
    renderApp('/booking/step-3');

    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(5);
  });

  it('saves the rego upper-cased without spaces, and a make typed under Other', async () => {
    startWizard(wizardAt(2));
    mockApi([vehicleTypesRoute]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-3');

    await user.type(await screen.findByRole('textbox', { name: /Rego/ }), 'ab 12 cd');
    await waitFor(() => expect(screen.getByRole('option', { name: 'SUV' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: /Vehicle type/ }), 'SUV');
    await user.selectOptions(screen.getByRole('combobox', { name: /Make/ }), 'Other');
    await user.type(await screen.findByRole('textbox', { name: /Other make/ }), 'Polestar');
    await user.type(screen.getByRole('textbox', { name: /Model/ }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: /Colour/ }), 'Silver');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-4'));
    expect(storedWizard().car).toMatchObject({
      rego: 'AB12CD',
      make: 'Polestar',
      model: '2',
      colour: 'Silver',
      vehicleType: '3',
      vehicleTypeName: 'SUV',
    });
  });

  it("offers a customer's saved vehicles", async () => {
    startWizard(wizardAt(2));
    mockApi([
      vehicleTypesRoute,
      { path: 'sessions/current/', body: sessionDocument() },
      {
        path: 'vehicles/',
        body: {
          data: [
            {
              type: 'vehicles',
              id: '44',
              attributes: { rego: 'CWT482', make: 'Toyota', model: 'RAV4', colour: 'White' },
              relationships: { vehicleType: { data: { type: 'vehicle-types', id: '3' } } },
            },
          ],
          included: [{ type: 'vehicle-types', id: '3', attributes: { name: 'SUV' } }],
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/booking/step-3');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Saved vehicle' }), '44');
    expect(screen.getByRole('textbox', { name: /Rego/ })).toHaveValue('CWT482');
    expect(screen.getByRole('textbox', { name: /Model/ })).toHaveValue('RAV4');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(storedWizard().car).toMatchObject({ vehicle: '44', rego: 'CWT482', make: 'Toyota' }),
    );
  });
});
