import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { VehicleDialog } from './vehicle-dialog';

const vehicleTypes = {
  data: [
    { type: 'vehicle-types', id: '2', attributes: { name: 'Hatchback' } },
    { type: 'vehicle-types', id: '3', attributes: { name: 'SUV' } },
  ],
  meta: { pagination: { count: 2, page: 1, pages: 1 } },
};

const errorOf = (element: HTMLElement) => {
  const id = element.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

function renderDialog(vehicle: Parameters<typeof VehicleDialog>[0]['vehicle'] = null, onClose = vi.fn()) {
  renderWithProviders(<VehicleDialog open vehicle={vehicle} customerId="7" onClose={onClose} />);
  return { onClose };
}

describe('the vehicle form', () => {
  it('requires rego, make, model, colour and vehicle type', async () => {
    mockApi([{ path: 'vehicle-types/', body: vehicleTypes }]);
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByRole('button', { name: 'Save vehicle' }));

    expect(errorOf(screen.getByRole('textbox', { name: /Rego/ }))).toBe('This field is required.');
    expect(errorOf(screen.getByRole('textbox', { name: /Model/ }))).toBe('This field is required.');
    expect(errorOf(screen.getByRole('combobox', { name: /Make/ }))).toBe('This field is required.');
    expect(errorOf(screen.getByRole('combobox', { name: /Colour/ }))).toBe('This field is required.');
    expect(errorOf(screen.getByRole('combobox', { name: /Vehicle type/ }))).toBe('This field is required.');
  });

  it('offers Other with free text for make and colour, which is then required', async () => {
    mockApi([{ path: 'vehicle-types/', body: vehicleTypes }]);
    const user = userEvent.setup();
    renderDialog();

    const make = screen.getByRole('combobox', { name: /Make/ });
    expect(screen.getAllByRole('option', { name: 'Toyota' })).toHaveLength(1);
    await user.selectOptions(make, 'Other');
    const otherMake = await screen.findByRole('textbox', { name: /Other make/ });
    await user.selectOptions(screen.getByRole('combobox', { name: /Colour/ }), 'Other');
    const otherColour = await screen.findByRole('textbox', { name: /Other colour/ });

    await user.click(screen.getByRole('button', { name: 'Save vehicle' }));
    expect(errorOf(otherMake)).toBe('This field is required.');
    expect(errorOf(otherColour)).toBe('This field is required.');
  });

  it('saves with the rego upper-cased and unspaced, the vehicle type and the owner', async () => {
    const { calls } = mockApi([
      { path: 'vehicle-types/', body: vehicleTypes },
      {
        method: 'POST',
        path: 'vehicles/',
        status: 201,
        body: { data: { type: 'vehicles', id: '40', attributes: {} } },
      },
    ]);
    const user = userEvent.setup();
    const { onClose } = renderDialog();

    await user.type(screen.getByRole('textbox', { name: /Rego/ }), 'abc 123');
    await screen.findByRole('option', { name: 'SUV' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Vehicle type/ }), 'SUV');
    await user.selectOptions(screen.getByRole('combobox', { name: /Make/ }), 'Other');
    await user.type(await screen.findByRole('textbox', { name: /Other make/ }), 'Holden Torana');
    await user.type(screen.getByRole('textbox', { name: /Model/ }), 'LX');
    await user.selectOptions(screen.getByRole('combobox', { name: /Colour/ }), 'Silver');
    await user.click(screen.getByRole('button', { name: 'Save vehicle' }));

    expect(await screen.findByText('Vehicle Saved')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: {
        type: 'vehicles',
        attributes: { rego: 'ABC123', make: 'Holden Torana', model: 'LX', colour: 'Silver' },
        relationships: {
          vehicleType: { data: { type: 'vehicle-types', id: '3' } },
          owner: { data: { type: 'customers', id: '7' } },
        },
      },
    });
  });

  it('edits a vehicle whose make is not on the list, keeping the typed make', async () => {
    const { calls } = mockApi([
      { path: 'vehicle-types/', body: vehicleTypes },
      { method: 'PATCH', path: 'vehicles/5/', body: { data: { type: 'vehicles', id: '5', attributes: {} } } },
    ]);
    const user = userEvent.setup();
    renderDialog({
      id: '5',
      rego: 'F27KD',
      make: 'Leyland P76',
      model: 'Executive',
      colour: 'Blue',
      vehicleTypeId: '2',
      vehicleTypeName: 'Hatchback',
    });

    expect(screen.getByRole('combobox', { name: /Make/ })).toHaveValue('Other');
    expect(screen.getByRole('textbox', { name: /Other make/ })).toHaveValue('Leyland P76');
    await screen.findByRole('option', { name: 'Hatchback' });
    await user.click(screen.getByRole('button', { name: 'Save vehicle' }));

    expect(await screen.findByText('Vehicle Saved')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      data: {
        id: '5',
        attributes: { rego: 'F27KD', make: 'Leyland P76', model: 'Executive', colour: 'Blue' },
      },
    });
  });
});
