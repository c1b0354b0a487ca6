import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const fieldError = (element: HTMLElement) => {
  const id = element.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByRole('combobox', { name: /Title/ }), 'Ms');
  await user.type(field(/First name/), 'Amelia');
  await user.type(field(/Last name/), 'Nguyen');
  await user.type(field(/Phone number/), '0400 111 222');
  await user.type(field(/^Email/), 'Amelia@Example.com');
  await user.type(screen.getByLabelText(/^Password/), 'long-enough-1');
}

describe('RegisterForm', () => {
  it('shows each required rule beside its field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(fieldError(screen.getByRole('combobox', { name: /Title/ }))).toBe('This field is required.');
    expect(fieldError(field(/First name/))).toBe('This field is required.');
    expect(fieldError(field(/Last name/))).toBe('This field is required.');
    expect(fieldError(field(/Phone number/))).toBe('This field is required.');
    expect(fieldError(field(/^Email/))).toBe('Email address required');
    expect(fieldError(screen.getByLabelText(/^Password/))).toBe('Password required');
    // Business is optional.
    expect(fieldError(field(/Business/))).toBe(undefined);
  });

  it('checks the email pattern and the password rules', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    const password = screen.getByLabelText(/^Password/);

    await user.type(field(/^Email/), 'not-an-email');
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Email address must be valid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 chars')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, '12345678');
    expect(await screen.findByText('Password must include non-numeric chars')).toBeInTheDocument();
  });

  it('registers with the typed details and reports success', async () => {
    const { calls } = mockApi([
      {
        method: 'POST',
        path: 'users/',
        status: 201,
        body: { data: { type: 'users', id: '9', attributes: {} } },
      },
    ]);
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(onRegistered).toHaveBeenCalledWith('amelia@example.com');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: {
        type: 'users',
        attributes: {
          email: 'amelia@example.com',
          password: 'long-enough-1',
          title: 'Ms',
          firstName: 'Amelia',
          lastName: 'Nguyen',
          phoneNumber: '0400 111 222',
          business: '',
        },
      },
    });
  });

  it('shows the first error detail and puts it beside the field it names', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'users/',
        status: 400,
        body: errorDocument('A user with that email address already exists.', 'email'),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A user with that email address already exists.')).toBeInTheDocument();
    expect(fieldError(field(/^Email/))).toBe('A user with that email address already exists.');
  });
});
