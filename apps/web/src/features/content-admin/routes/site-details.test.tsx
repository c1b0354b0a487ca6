import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { ContentPagesListPage } from './pages-list';
import { ContentSitePage } from './site-details';

const details = (managedBy: string | null = null) => ({
  data: {
    type: 'site-details',
    id: 'site',
    attributes: {
      phone: '03 9000 0000',
      address: '1 Airport Drive',
      email: 'hello@example.com',
      hours: 'Every day',
      socialLinks: [],
      headerMessage: 'Old message',
      headerMessageFrom: null,
      headerMessageUntil: null,
      managedBy,
    },
  },
});

const api = (managedBy: string | null = null) =>
  mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    { path: 'site-details/', body: details(managedBy) },
    { method: 'PATCH', path: 'site-details/', body: details() },
  ]);

describe('Site Details', () => {
  it('saves the header message as a PATCH of the singleton and says Site Details Updated', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderRoutes(
      [{ path: '/admin/content/site-details', element: <ContentSitePage /> }],
      '/admin/content/site-details',
    );
    const message = await screen.findByRole('textbox', { name: 'Header Message' });
    await waitFor(() => expect(message).toHaveValue('Old message'));
    await user.clear(message);
    await user.type(message, 'Closed on Christmas Day');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site Details Updated')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('site-details/');
    expect(patch?.body).toMatchObject({
      data: {
        type: 'site-details',
        attributes: { headerMessage: 'Closed on Christmas Day', phone: '03 9000 0000' },
      },
    });
  });

  it('refuses an invalid email beside the field and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderRoutes(
      [{ path: '/admin/content/site-details', element: <ContentSitePage /> }],
      '/admin/content/site-details',
    );
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveValue('hello@example.com'));
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Email must be valid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});

describe('Content managed in WordPress', () => {
  it('shows where the content is edited instead of the screen', async () => {
    api('https://cms.example.com');
    renderRoutes(
      [{ path: '/admin/content/pages', element: <ContentPagesListPage /> }],
      '/admin/content/pages',
    );
    expect(await screen.findByText('The content is managed in WordPress')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /https:\/\/cms\.example\.com/ })).toHaveAttribute(
      'href',
      'https://cms.example.com',
    );
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});
