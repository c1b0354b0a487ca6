import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorDocument, mockApi, sessionDocument } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

const pending = {
  data: {
    type: 'sessions',
    id: 'pending',
    attributes: {
      email: 'sam@example.com',
      secondFactorRequired: true,
      loginToken: 'login-token-1',
      methods: ['totp', 'recovery'],
    },
  },
};

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'sam@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'staff-pass-1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('LoginForm: the second step (issue 38)', () => {
  it('asks for the authenticator code after the password, then signs in', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: 'sessions/', status: 202, body: pending },
      {
        method: 'POST',
        path: 'sessions/second-step/',
        status: 201,
        body: sessionDocument({ token: 'tok-2' }),
      },
    ]);
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = await passwordStep();

    const code = await screen.findByRole('textbox', { name: /Authenticator code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalled();
    expect(window.localStorage.getItem('skypark.authToken')).toBe('tok-2');
    expect(calls.find((call) => call.path.includes('second-step'))?.body).toEqual({
      data: { type: 'sessions', attributes: { loginToken: 'login-token-1', code: '123456' } },
    });
  });

  it('takes a recovery code instead, and shows a refusal beside the field', async () => {
    mockApi([
      { method: 'POST', path: 'sessions/', status: 202, body: pending },
      {
        method: 'POST',
        path: 'sessions/second-step/',
        status: 400,
        body: errorDocument('That recovery code is not right, or it has been used already.', 'recoveryCode'),
      },
    ]);
    renderWithProviders(<LoginForm />);
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findAllByText('That recovery code is not right, or it has been used already.'),
    ).not.toHaveLength(0);
  });
});
