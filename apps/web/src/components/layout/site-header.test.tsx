import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('offers Login and Register, both on the login page', () => {
    renderWithProviders(<SiteHeader />);
    const header = screen.getByRole('banner');

    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
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
});
