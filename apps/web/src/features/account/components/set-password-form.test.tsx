import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { SetPasswordForm } from './set-password-form';

const first = () => screen.getByLabelText(/^New password/);
const second = () => screen.getByLabelText(/^Confirm new password/);
const submit = () => screen.getByRole('button', { name: 'Change password' });

describe('SetPasswordForm', () => {
  it('applies the password rules and the confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SetPasswordForm uid="3" token="abc" welcome={false} />);

    await user.click(submit());
    expect(await screen.findByText('Password required')).toBeInTheDocument();

    await user.type(first(), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 chars')).toBeInTheDocument();

    await user.clear(first());
    await user.type(first(), '123456789');
    expect(await screen.findByText('Password must include non-numeric chars')).toBeInTheDocument();

    await user.clear(first());
    await user.type(first(), 'a-good-password');
    await user.type(second(), 'a-different-one');
    await user.click(submit());
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('sends uid, token and both passwords, then invites a login', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: 'password-reset-confirmations/', status: 201, body: { data: null } },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<SetPasswordForm uid="3" token="abc" welcome={false} />);

    await user.type(first(), 'a-good-password');
    await user.type(second(), 'a-good-password');
    await user.click(submit());

    expect(
      await screen.findByText('Thank you, you may now login with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: {
        type: 'password-reset-confirmations',
        attributes: {
          uid: '3',
          token: 'abc',
          newPassword1: 'a-good-password',
          newPassword2: 'a-good-password',
        },
      },
    });
  });

  it('words a failure as "Sorry, the following error has occured"', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'password-reset-confirmations/',
        status: 400,
        body: errorDocument('This link is invalid or has expired.'),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<SetPasswordForm uid="3" token="abc" welcome />);

    await user.type(first(), 'a-good-password');
    await user.type(second(), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, the following error has occured: This link is invalid or has expired.',
    );
  });
});

describe('the set-password page', () => {
  it('says Could not compute when the link lacks uid, token or email', async () => {
    renderApp('/set-password?uid=3&token=abc');
    expect(await screen.findByText('Could not compute')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('shows the form for a complete link, naming the account', async () => {
    renderApp('/set-password?uid=3&token=abc&email=charlotte%40example.com&welcome=true');
    expect(await screen.findByRole('heading', { name: 'Welcome! Choose your password' })).toBeInTheDocument();
    expect(screen.getByText('charlotte@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeInTheDocument();
  });
});
