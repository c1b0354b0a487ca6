import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi, sessionDocument } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { LongStayRateCard } from './long-stay-rate-card';

const lot = (id: string, name: string, rate: string) => ({
  type: 'lots',
  id,
  attributes: {
    name,
    slug: name.toLowerCase(),
    lotType: name.toLowerCase(),
    spaces: 100,
    fillRateThreshold: '0.9',
    rate,
    productCodename: 'x',
    subscriptionParkingDiscount: '1',
  },
});

function serve(patchStatus = 200) {
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    {
      path: 'lots/',
      body: {
        data: [lot('2', 'Outdoor', '9.00'), lot('1', 'Indoor', '12.00')],
        meta: { pagination: { count: 2, page: 1, pages: 1 } },
      },
    },
    {
      method: 'PATCH',
      path: /^lots\/\d+\/$/,
      reply: () =>
        patchStatus === 200
          ? { body: { data: lot('1', 'Indoor', '13.50') } }
          : { status: patchStatus, body: errorDocument('Enter a valid amount.', 'rate') },
    },
  ]);
}

const card = () => screen.getByRole('region', { name: 'Long Stay Rate' });

describe('Long Stay Rate card (back-office §2 "Generic list screen")', () => {
  it('shows one currency field per lot, labelled by its name, and saves each lot’s rate', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<LongStayRateCard />);

    const indoor = await within(card()).findByRole('textbox', { name: 'Indoor' });
    const outdoor = within(card()).getByRole('textbox', { name: 'Outdoor' });
    expect(indoor).toHaveValue('12.00');
    expect(outdoor).toHaveValue('9.00');
    // Sorted by lot name, whatever the API's order.
    expect(
      within(card())
        .getAllByRole('textbox')
        .map((field) => field.getAttribute('name')),
    ).toEqual(['rates.0.rate', 'rates.1.rate']);
    expect(within(card()).getAllByRole('textbox')[0]).toBe(indoor);

    await user.clear(indoor);
    await user.type(indoor, '13.5');
    await user.tab();
    expect(indoor).toHaveValue('13.50');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Rates Updated')).toBeInTheDocument();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => [call.path, call.body])).toEqual([
      ['lots/1/', { data: { type: 'lots', id: '1', attributes: { rate: '13.50' } } }],
      ['lots/2/', { data: { type: 'lots', id: '2', attributes: { rate: '9.00' } } }],
    ]);
  });

  it('refuses an amount that is not one, beside the field, with Save disabled', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<LongStayRateCard />);

    const outdoor = await within(card()).findByRole('textbox', { name: 'Outdoor' });
    await user.clear(outdoor);
    await user.tab();
    expect(await within(card()).findByText('This field is required.')).toBeInTheDocument();
    await user.type(outdoor, 'ten');
    await user.tab();
    expect(await within(card()).findByText('Enter a valid amount.')).toBeInTheDocument();
    await waitFor(() => expect(within(card()).getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('says what the server refused', async () => {
    const user = userEvent.setup();
    serve(400);
    renderWithProviders(<LongStayRateCard />);
    const indoor = await within(card()).findByRole('textbox', { name: 'Indoor' });
    await user.clear(indoor);
    await user.type(indoor, '5');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Enter a valid amount.')).not.toHaveLength(0);
    expect(screen.queryByText('Rates Updated')).not.toBeInTheDocument();
  });
});
