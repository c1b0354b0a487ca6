import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { ContentHomePage } from './home-page';

const home = (heroTitle: string) => ({
  data: {
    type: 'home-page',
    id: '7',
    attributes: {
      title: 'Home',
      heroTitle,
      heroText: '',
      slides: [],
      ctaLoggedInText: '',
      ctaGuestText: '',
      columns: [],
      location: null,
      quotes: null,
      footerCta: null,
      updated: '2026-11-20T01:00:00Z',
    },
  },
});

const revision = (id: string, number: number) => ({
  type: 'content-page-revisions',
  id,
  attributes: { number, title: 'Home', status: 'published', created: '2026-11-20T01:00:00Z' },
  relationships: { createdBy: { data: null }, page: { data: { type: 'content-pages', id: '7' } } },
});

describe('Home Page revisions', () => {
  it('lists the home page revisions and puts an earlier one back through home-page/restore/', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi([
      { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
      {
        path: 'site-details/',
        body: { data: { type: 'site-details', id: 'site', attributes: { managedBy: null } } },
      },
      { path: 'home-page/', body: home('Park for less') },
      {
        path: 'content-page-revisions/',
        body: {
          data: [revision('31', 2), revision('30', 1)],
          meta: { pagination: { count: 2, page: 1, pages: 1 } },
        },
      },
      { method: 'POST', path: 'home-page/restore/', body: home('Valet parking') },
    ]);
    renderRoutes([{ path: '/admin/content/home', element: <ContentHomePage /> }], '/admin/content/home');

    const revisions = await screen.findByRole('region', { name: 'Revisions' });
    expect(await within(revisions).findByText('Revision 2 (current)')).toBeInTheDocument();
    await user.click(within(revisions).getByRole('button', { name: 'Restore revision 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore Revision' });
    expect(dialog).toHaveTextContent('its title and blocks');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Home Page Restored')).toBeInTheDocument();
    const restore = calls.find((call) => call.method === 'POST');
    expect(restore?.path).toBe('home-page/restore/');
    expect(restore?.body).toMatchObject({
      data: { type: 'home-page-restores', attributes: { revision: '30' } },
    });
    const listed = calls.find((call) => call.path === 'content-page-revisions/');
    expect(listed?.url.searchParams.get('filter[page]')).toBe('7');
  });
});
