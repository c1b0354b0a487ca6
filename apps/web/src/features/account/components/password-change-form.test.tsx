import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { PasswordChangeForm } from './password-change-form';

const current = () => screen.getByLabelText(/^Current password/);
const next = () => screen.getByLabelText(/^New password/);
const confirm = () => screen.getByLabelText(/^Confirm new password/);
const submit = () => screen.getByRole('button', { name: 'Change password' });

describe('PasswordChangeForm', () => {
  it('requires the current password and applies the new-password rules', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordChangeForm userId="3" />);

    await user.click(submit());
    expect(await screen.findByText('Enter your current password to set a new one.')).toBeInTheDocument();
    expect(screen.getByText('Password required')).toBeInTheDocument();

    await user.type(next(), '1234567');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 chars')).toBeInTheDocument();

    await user.clear(next());
    await user.type(next(), '123456789');
    expect(await screen.findByText('Password must include non-numeric chars')).toBeInTheDocument();
  });

  it('needs the confirmation to match', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordChangeForm userId="3" />);

    await user.type(current(), 'demo-pass-1');
    await user.type(next(), 'new-password-2');
    await user.type(confirm(), 'new-password-3');
    await user.click(submit());

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('changes the password with the current one and clears the form', async () => {
    const { calls } = mockApi([
      { method: 'PATCH', path: 'users/3/', body: { data: { type: 'users', id: '3', attributes: {} } } },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<PasswordChangeForm userId="3" />);

    await user.type(current(), 'demo-pass-1');
    await user.type(next(), 'new-password-2');
    await user.type(confirm(), 'new-password-2');
    await user.click(submit());

    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    expect(current()).toHaveValue('');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      data: {
        type: 'users',
        id: '3',
        attributes: { currentPassword: 'demo-pass-1', password: 'new-password-2' },
      },
    });
  });

  it('puts a wrong current password beside its field and words the failure', async () => {
    mockApi([
      {
        method: 'PATCH',
        path: 'users/3/',
        status: 400,
        body: errorDocument('Your current password was entered incorrectly.', 'currentPassword'),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<PasswordChangeForm userId="3" />);

    await user.type(current(), 'not-my-password');
    await user.type(next(), 'new-password-2');
    await user.type(confirm(), 'new-password-2');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, the following error has occured: Your current password was entered incorrectly.',
    );
    expect(current()).toHaveAttribute('aria-invalid', 'true');
  });
});
