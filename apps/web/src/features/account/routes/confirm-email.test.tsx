import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';

describe('the confirm-email page', () => {
  it.each(['/confirm-email', '/confirm-email?uid=3', '/confirm-email?token=abc'])(
    'sends %s to not-found',
    async (url) => {
      const { router } = renderApp(url);
      expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/not-found');
    },
  );

  it('confirms the address once and says so', async () => {
    const { calls } = mockApi([
      { method: 'POST', path: 'email-confirmations/', status: 201, body: { data: null } },
    ]);
    renderApp('/confirm-email?uid=3&token=abc');

    expect(await screen.findByText('Your account has now been confirmed.')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      data: { type: 'email-confirmations', attributes: { uid: '3', token: 'abc' } },
    });
  });

  it('shows the first error detail', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'email-confirmations/',
        status: 400,
        body: errorDocument('This link is invalid or has expired.'),
      },
    ]);
    renderApp('/confirm-email?uid=3&token=used');

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.'),
    );
  });
});
