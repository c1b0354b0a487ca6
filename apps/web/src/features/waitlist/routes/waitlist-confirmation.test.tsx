import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaitlistConfirmationAttributes } from '@parking/domain/api-contract/waitlist';
import { waitlistMessages } from '@parking/domain/waitlist-messages';
import { mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';

const confirmed: WaitlistConfirmationAttributes = {
  status: 'waiting',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  lotId: '1',
  lotName: 'Indoor',
  holdExpiresAt: null,
  email: 'wait@example.com',
  placeToken: '7.place-token',
};

describe('the waitlist confirmation link', () => {
  it('confirms the entry as it opens, says so, and leads on to the waitlist page', async () => {
    const { calls } = mockApi([
      {
        method: 'POST',
        path: 'waitlist-confirmations/',
        body: { data: { type: 'waitlist-confirmations', id: '7', attributes: confirmed } },
      },
    ]);
    renderApp('/waitlist/confirm/7.confirm-token');
    expect(
      await screen.findByRole('heading', { name: 'Your waitlist place is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('waitlist-confirmed')).toHaveTextContent('You are on the waitlist for Indoor');
    expect(screen.getByRole('link', { name: 'See my place on the waitlist' })).toHaveAttribute(
      'href',
      '/waitlist/7.place-token',
    );
    const posted = calls.filter((call) => call.path === 'waitlist-confirmations/');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({
      data: { type: 'waitlist-confirmations', attributes: { token: '7.confirm-token' } },
    });
  });

  it('says when the link is not valid or has expired', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'waitlist-confirmations/',
        status: 404,
        body: { errors: [{ status: '404', detail: waitlistMessages.confirmationInvalid }] },
      },
    ]);
    renderApp('/waitlist/confirm/7.expired');
    expect(await screen.findByText(waitlistMessages.confirmationInvalid)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Link not valid' })).toBeInTheDocument();
  });
});
