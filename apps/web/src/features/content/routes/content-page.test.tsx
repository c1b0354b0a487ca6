import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';

const routes: MockRoute = {
  path: '/wp-json/wp/v2/routes/',
  body: [
    { path: '/faq', title: 'FAQ', layout: 'page' },
    { path: '/contact-us', title: 'Contact us', layout: 'contact' },
  ],
};

const page = (path: string, layout: string, extra: Record<string, unknown> = {}): MockRoute => ({
  path: '/wp-json/wp/v2/get-page/',
  reply: (call) =>
    call.url.searchParams.get('path') === path
      ? {
          body: {
            id: '1',
            path,
            title: path === '/faq' ? 'Frequently asked questions' : 'Contact us',
            layout,
            content: '<p>Read <a href="/contact-us">how to reach us</a>.</p>',
            acf: { intro: '', accordion: [], footer_cta: null, ...extra },
            featured_image: null,
          },
        }
      : { status: 404, body: { code: 'not_found', message: 'Page not found', data: { status: 404 } } },
});

describe('content pages (the catch-all route)', () => {
  it('shows a page of the route list with its accordion, titled after it', async () => {
    mockApi([
      routes,
      page('/faq', 'page', {
        accordion: [{ title: 'When should I arrive?', content: '<p>Ten minutes before the bus.</p>' }],
      }),
    ]);
    const user = userEvent.setup();
    const { router } = renderApp('/FAQ/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Frequently asked questions | SkyPark Airport Parking'));
    const question = screen.getByRole('button', { name: 'When should I arrive?' });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    // A link inside the content stays inside the app.
    await user.click(screen.getByRole('link', { name: 'how to reach us' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-us'));
  });

  it('shows the contact layout with the contact form', async () => {
    mockApi([routes, page('/contact-us', 'contact')]);
    renderApp('/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
  });

  it('shows 404 Not Found and the Page not found snackbar for a path the backend does not know', async () => {
    mockApi([routes]);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('form')).not.toBeInTheDocument();
  });
});
