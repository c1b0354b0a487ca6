import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { ContactForm } from './contact-form';

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'ruth@example.com') {
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ruth Park');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Do you charge electric cars?');
}

describe('the contact form', () => {
  it('requires name, email and message; the phone is optional', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByText('Email address required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Phone number/ })).not.toBeRequired();
  });

  it('says "Email must be valid"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user, 'ruth-at-example');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Email must be valid')).toBeInTheDocument();
  });

  it('sends the message and says "Submission was successful."', async () => {
    const { calls } = mockApi([
      {
        method: 'POST',
        path: 'contact-submissions/',
        status: 201,
        body: { data: { type: 'contact-submissions', id: '1', attributes: {} } },
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('Submission was successful.')).not.toHaveLength(0);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: {
        type: 'contact-submissions',
        attributes: {
          name: 'Ruth Park',
          email: 'ruth@example.com',
          phoneNumber: '',
          message: 'Do you charge electric cars?',
        },
      },
    });
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it('words a failure as "Sorry, the following error has occured: " and the detail', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'contact-submissions/',
        status: 429,
        body: errorDocument('Too many messages from your network.', undefined, 429),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Sorry, the following error has occured: Too many messages from your network.'),
    ).toBeInTheDocument();
  });
});
