import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

const email = () => screen.getByRole('textbox', { name: /Email/ });
const send = () => screen.getByRole('button', { name: 'Send reset link' });

describe('ForgotPasswordForm', () => {
  it('applies the email rules', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);

    await user.click(send());
    expect(await screen.findByText('Email address required')).toBeInTheDocument();

    await user.type(email(), 'nobody@nowhere');
    await user.click(send());
    expect(await screen.findByText('Email address must be valid')).toBeInTheDocument();
  });

  it('names the address the link went to', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: 'password-resets/', status: 201, body: { data: null } },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);

    await user.type(email(), 'Charlotte@Example.com');
    await user.click(send());

    expect(
      await screen.findByText(
        'Thank you, an email has been sent to charlotte@example.com. Please check your email.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { type: 'password-resets', attributes: { email: 'charlotte@example.com' } },
    });
  });

  it('shows the first error detail of a failure', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'password-resets/',
        status: 429,
        body: errorDocument('Too many requests. Please try again later.'),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);

    await user.type(email(), 'charlotte@example.com');
    await user.click(send());

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });

  it('says Whoops when nothing came back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await user.type(email(), 'charlotte@example.com');
    await user.click(send());

    expect(await screen.findByRole('alert')).toHaveTextContent('Whoops! An unknown error has occured');
  });
});
