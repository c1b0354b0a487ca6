import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('offers Login and Register, both on the login page', async () => {
    renderWithProviders(<SiteHeader />);
    const header = screen.getByRole('banner');

    expect(await within(header).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/login?tab=register',
    );
  });

  it('links the brand home and the phone number to a call', () => {
    renderWithProviders(<SiteHeader />, { url: '/permission-denied' });
    const header = screen.getByRole('banner');

    expect(within(header).getByRole('link', { name: /SkyPark/ })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Call us on 1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
  });

  it('gives a customer Profile, My Bookings, My Vehicles and Logout, but no Admin', async () => {
    mockApi([{ path: 'sessions/current/', body: sessionDocument({ roles: ['Customers'] }) }]);
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);

    await user.click(await screen.findByRole('button', { name: 'Account menu for Charlotte' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'My Bookings' })).toHaveAttribute('href', '/bookings');
    expect(within(menu).getByRole('menuitem', { name: 'My Vehicles' })).toHaveAttribute('href', '/vehicles');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('adds Admin for sales-or-higher', async () => {
    mockApi([{ path: 'sessions/current/', body: sessionDocument({ roles: ['Sales'] }) }]);
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('opens the login dialog from the header, and Register in it', async () => {
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your SkyPark account' });
    expect(within(dialog).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    expect(within(dialog).getByRole('combobox', { name: /Title/ })).toBeInTheDocument();
  });

  it('logs out: destroys the session and goes home', async () => {
    window.localStorage.setItem('skypark.authToken', 'tok');
    const { calls } = mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { method: 'DELETE', path: 'sessions/current/', status: 204 },
    ]);
    const user = userEvent.setup();
    const { router } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === 'sessions/current/')).toBe(true);
    expect(window.localStorage.getItem('skypark.authToken')).toBeNull();
  });
});
