import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';

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

  it('sends the home page call to action to the first booking step', async () => {
    renderApp('/');

    const main = screen.getByRole('main');
    const cta = await within(main).findByRole('link', { name: 'Get a quote' });
    expect(cta).toHaveAttribute('href', '/booking/step-1');
    expect(screen.getByRole('heading', { level: 2, name: 'How it works' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | SkyPark Airport Parking'));
  });
});
