import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { startWizard, storedWizard, wizardAt } from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

const anon = (anonymous: boolean) => ({
  path: /^anon-emails\//,
  body: { data: { type: 'anon-emails', id: 'x', attributes: { anon: anonymous, emailAddress: 'x' } } },
});

describe('step 2, Details', () => {
  it('asks for every required field with the spec messages', async () => {
    startWizard(wizardAt(1));
    mockApi();
    const user = userEvent.setup();
    renderApp('/booking/step-2');

    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(4);
    expect(screen.getByText('Email address required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'harriet.example.com');
    await user.tab();
    expect(await screen.findByText('Email address must be valid')).toBeInTheDocument();
  });

  it('asks a guest whose email belongs to a user to log in', async () => {
    startWizard(wizardAt(1));
    mockApi([anon(false)]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-2');

    await user.selectOptions(await screen.findByRole('combobox', { name: /Title/ }), 'Ms');
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Harriet');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Osei');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '0400 222 333');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findAllByText('This email address belongs to a user, please log in to continue.'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking/step-2');
  });

  it('lets a new guest on to the car details', async () => {
    startWizard(wizardAt(1));
    mockApi([anon(true)]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-2');

    await user.selectOptions(await screen.findByRole('combobox', { name: /Title/ }), 'Mr');
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Sam');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '0400 111 000');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'Sam@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-3'));
    expect(storedWizard()).toMatchObject({
      completed: 2,
      details: { firstName: 'Sam', email: 'sam@example.com' },
    });
  });

  it("fills a customer's details from the profile and keeps the email read-only", async () => {
    startWizard(wizardAt(1));
    mockApi([{ path: 'sessions/current/', body: sessionDocument({ email: 'charlotte@example.com' }) }]);
    renderApp('/booking/step-2');

    const email = await screen.findByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveValue('charlotte@example.com'));
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Charlotte');
  });
});
