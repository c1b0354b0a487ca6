import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { PrivacyRequestsPage } from './privacy-requests';

const renderPage = () =>
  renderRoutes([{ path: '/admin/privacy', element: <PrivacyRequestsPage /> }], '/admin/privacy');

describe('Privacy requests (issue 38)', () => {
  it('lists the closings and the retention runs with their counts, nothing that names the person', async () => {
    mockApi([
      { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
      {
        path: 'account-closures/',
        body: {
          data: [
            {
              type: 'account-closures',
              id: '4',
              attributes: {
                // 9:05 am in Hobart (AEDT, +11:00).
                closedAt: '2026-12-08T22:05:00Z',
                customerId: '17',
                bookingsDeIdentified: 3,
                vehiclesDeIdentified: 1,
                photosDeleted: 2,
                sessionsEnded: 1,
              },
            },
          ],
          meta: { count: 1 },
        },
      },
      { path: 'retention-runs/', body: { data: [], meta: { count: 0 } } },
    ]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Customer 17 (de-identified)' })).toHaveAttribute(
      'href',
      '/admin/customers/17',
    );
    const closings = screen.getByRole('table', { name: 'Account closings' });
    const [, row] = within(closings).getAllByRole('row');
    if (!row) throw new Error('no row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['9/12/2026, 9:05 am', 'Customer 17 (de-identified)', '3', '1', '2', '1']);
    expect(await screen.findByText('The retention job has not run yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeInTheDocument();
  });
});
