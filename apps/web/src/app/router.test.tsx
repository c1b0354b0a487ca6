import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi, sessionDocument } from '@/test/api-mock';
import { renderApp } from '@/test/render';

const signedIn = (overrides: Parameters<typeof sessionDocument>[0] = {}) =>
  mockApi([{ path: 'sessions/current/', body: sessionDocument(overrides) }]);

describe('app routes', () => {
  it('shows 404 Not Found for an unknown path, inside the site layout', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Found | SkyPark Airport Parking'));
  });

  it('tells a user without access that they do not have permissions', async () => {
    renderApp('/permission-denied');

    expect(await screen.findByText('You do not have permissions.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Permission Denied | SkyPark Airport Parking'));
  });

  it('renders the home page inside the site layout, with its title', async () => {
    renderApp('/');

    expect(await within(screen.getByRole('main')).findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | SkyPark Airport Parking'));
  });
});

describe('the navigation guard', () => {
  it.each(['/profile', '/bookings', '/vehicles'])(
    'sends an anonymous visitor of %s to login with next',
    async (path) => {
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(path);
    },
  );

  it('returns to next after logging in', async () => {
    mockApi([{ method: 'POST', path: 'sessions/', status: 201, body: sessionDocument({ token: 't' }) }]);
    const user = userEvent.setup();
    const { router } = renderApp('/profile?tab=password');

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'charlotte@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/profile?tab=password');
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses a next that leaves the site', async () => {
    mockApi([{ method: 'POST', path: 'sessions/', status: 201, body: sessionDocument({ token: 't' }) }]);
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=//evil.example/steal');

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'charlotte@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a signed-in visitor of /login home', async () => {
    signedIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens Register from ?tab=register', async () => {
    renderApp('/login?tab=register');
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('sends a customer away from the admin area to permission-denied', async () => {
    signedIn({ roles: ['Customers'] });
    const { router } = renderApp('/admin');

    expect(await screen.findByText('You do not have permissions.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/permission-denied');
  });

  it('sends an anonymous visitor of the admin area to login', async () => {
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin');
  });

  it.each([['Admins'], ['Sales']])(
    'lets %s into the back office, at the diary, without the public header and footer',
    async (role) => {
      signedIn({ roles: [role], firstName: 'Olivia', lastName: 'Bennett' });
      const { router } = renderApp('/admin');

      expect(await screen.findByRole('heading', { level: 1, name: 'Diary' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/diary');
      expect(screen.getByRole('navigation', { name: 'Back office' })).toBeInTheDocument();
      expect(screen.getByText('OB')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Get a quote' })).not.toBeInTheDocument();
    },
  );

  it('treats a stale stored token as a visitor and forgets it', async () => {
    window.localStorage.setItem('skypark.authToken', 'expired');
    const { calls } = mockApi([
      {
        path: 'sessions/current/',
        reply: (call) =>
          call.headers.has('Authorization')
            ? { status: 401, body: errorDocument('Invalid token.', undefined, 401) }
            : { body: { data: null } },
      },
    ]);
    const { router } = renderApp('/');

    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('skypark.authToken')).toBeNull();
    expect(calls.filter((call) => call.path === 'sessions/current/')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/');
  });

  it('answers a 401 from any other call by going to login with next', async () => {
    window.localStorage.setItem('skypark.authToken', 'revoked-meanwhile');
    mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { path: 'vehicles/', status: 401, body: errorDocument('Invalid token.', undefined, 401) },
    ]);
    const { router } = renderApp('/vehicles');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/vehicles');
    expect(window.localStorage.getItem('skypark.authToken')).toBeNull();
  });
});
