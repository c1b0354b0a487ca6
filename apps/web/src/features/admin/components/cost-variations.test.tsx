import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { CostVariations } from './cost-variations';

const list = (data: unknown[]) => ({ data, meta: { pagination: { count: data.length, page: 1, pages: 1 } } });
const variation = (id: string, vehicleType: string, price: string) => ({
  type: 'extra-variations',
  id,
  attributes: { price, formattedPrice: `$${price}` },
  relationships: {
    extra: { data: { type: 'extras', id: '4' } },
    vehicleType: { data: { type: 'vehicle-types', id: vehicleType } },
  },
});

function serve() {
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    {
      path: 'vehicle-types/',
      body: list([
        { type: 'vehicle-types', id: '1', attributes: { name: 'Sedan' } },
        { type: 'vehicle-types', id: '2', attributes: { name: 'SUV' } },
      ]),
    },
    { path: 'extra-variations/', body: list([variation('30', '2', '45.00')]) },
    { method: 'PATCH', path: 'extra-variations/30/', body: { data: variation('30', '2', '50.00') } },
    { method: 'POST', path: 'extra-variations/', status: 201, body: { data: variation('31', '1', '35.00') } },
  ]);
}

describe('Cost Variations (back-office §2 "Extras")', () => {
  it('has a row per vehicle type with its own price editor and Save, and no selection', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<CostVariations extraId="4" basePrice="30.00" />);

    const table = await screen.findByRole('table', { name: 'Cost Variations' });
    const suv = await within(table).findByRole('textbox', { name: 'Price for SUV' });
    await waitFor(() => expect(suv).toHaveValue('45.00'));
    const sedan = within(table).getByRole('textbox', { name: 'Price for Sedan' });
    expect(sedan).toHaveValue('');
    expect(sedan).toHaveAttribute('placeholder', '30.00');
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    // Nothing to save until the price changes.
    expect(within(table).getByRole('button', { name: 'Save the price for SUV' })).toBeDisabled();

    await user.clear(suv);
    await user.type(suv, '50{Enter}');
    expect(await screen.findByText('Extra Updated')).toBeInTheDocument();

    await user.type(sedan, '12.345');
    expect(within(table).getByText('Enter a valid amount.')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Save the price for Sedan' })).toBeDisabled();
    await user.clear(sedan);
    await user.type(sedan, '35');
    await user.click(within(table).getByRole('button', { name: 'Save the price for Sedan' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));

    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]),
    ).toEqual([
      [
        'PATCH',
        'extra-variations/30/',
        { data: { type: 'extra-variations', id: '30', attributes: { price: '50.00' } } },
      ],
      [
        'POST',
        'extra-variations/',
        {
          data: {
            type: 'extra-variations',
            attributes: { price: '35.00' },
            relationships: {
              extra: { data: { type: 'extras', id: '4' } },
              vehicleType: { data: { type: 'vehicle-types', id: '1' } },
            },
          },
        },
      ],
    ]);
  });
});
