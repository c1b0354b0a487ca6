import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionCustomer } from '@/lib/auth/session';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { ProfileForm } from './profile-form';

const customer: SessionCustomer = {
  id: '7',
  email: 'charlotte@example.com',
  emailConfirmed: true,
  title: 'Mrs',
  firstName: 'Charlotte',
  lastName: 'Wilson',
  phoneNumber: '0438 205 761',
  business: '',
  fullName: 'Charlotte Wilson',
  hasSubscription: false,
};

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Save settings' });

describe('ProfileForm', () => {
  it('requires title, names and phone; business stays optional', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm customer={customer} />);

    await user.selectOptions(screen.getByRole('combobox', { name: /Title/ }), '');
    await user.clear(field(/First name/));
    await user.clear(field(/Last name/));
    await user.clear(field(/Phone number/));
    await user.click(save());

    expect(await screen.findAllByText('This field is required.')).toHaveLength(4);
    expect(field(/Business/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the email read-only', () => {
    renderWithProviders(<ProfileForm customer={customer} />);
    expect(field(/^Email/)).toHaveAttribute('readonly');
    expect(field(/^Email/)).toHaveValue('charlotte@example.com');
  });

  it('saves the customer and says so', async () => {
    const { calls } = mockApi([
      {
        method: 'PATCH',
        path: 'customers/7/',
        body: { data: { type: 'customers', id: '7', attributes: {} } },
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm customer={customer} />);

    await user.type(field(/Business/), 'Wilson Freight');
    await user.click(save());

    expect(await screen.findByText('Settings updated successfully.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      data: {
        type: 'customers',
        id: '7',
        attributes: {
          title: 'Mrs',
          firstName: 'Charlotte',
          lastName: 'Wilson',
          phoneNumber: '0438 205 761',
          business: 'Wilson Freight',
        },
      },
    });
  });

  it('words a failure as "Sorry, the following error has occured"', async () => {
    mockApi([
      {
        method: 'PATCH',
        path: 'customers/7/',
        status: 400,
        body: errorDocument('You may not change this field.', 'email'),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm customer={customer} />);

    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, the following error has occured: You may not change this field.',
    );
  });
});
