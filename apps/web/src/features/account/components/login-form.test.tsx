import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorDocument, mockApi, sessionDocument } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

const email = () => screen.getByRole('textbox', { name: /Email/ });
const password = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: 'Login' });

describe('LoginForm', () => {
  it('requires email and password, and keeps Login disabled until both are given', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);

    expect(submit()).toBeDisabled();
    await user.click(email());
    await user.click(password());
    await user.tab();

    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(submit()).toBeDisabled();

    await user.type(email(), 'charlotte@example.com');
    await user.type(password(), 'demo-pass-1');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('logs in, stores the token and says Login Successful', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: 'sessions/', status: 201, body: sessionDocument({ token: 'tok-1' }) },
    ]);
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);

    await user.type(email(), 'Charlotte@Example.com');
    await user.type(password(), 'demo-pass-1');
    await user.click(submit());

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ user: expect.objectContaining({ firstName: 'Charlotte' }) }),
    );
    expect(window.localStorage.getItem('skypark.authToken')).toBe('tok-1');
    const login = calls.find((call) => call.method === 'POST');
    expect(login?.body).toEqual({
      data: { type: 'sessions', attributes: { email: 'charlotte@example.com', password: 'demo-pass-1' } },
    });
  });

  it('shows the first error detail of a failed login', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'sessions/',
        status: 400,
        body: {
          errors: [
            { detail: 'Unable to log in with provided credentials.' },
            { detail: 'A second error that is not shown.' },
          ],
        },
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);

    await user.type(email(), 'charlotte@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to log in with provided credentials.');
    expect(screen.queryByText('A second error that is not shown.')).not.toBeInTheDocument();
  });

  it('says Unknown error when no answer comes back', async () => {
    mockApi();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);

    await user.type(email(), 'charlotte@example.com');
    await user.type(password(), 'demo-pass-1');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error');
  });

  it('says Unknown error for an answer without error details', async () => {
    mockApi([{ method: 'POST', path: 'sessions/', status: 502, body: errorDocument('') }]);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);

    await user.type(email(), 'charlotte@example.com');
    await user.type(password(), 'demo-pass-1');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error');
  });
});
