import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PartnerWebhookAttributes } from '@parking/domain/api-contract/partners';
import { partnerWebhookMessages } from '@parking/domain/partners';
import { errorDocument, mockApi, sessionDocument } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { PartnerWebhook } from './partner-webhook';

const URL_ = 'https://partner.example/hooks/skypark';
// 9:05 am in Hobart (AEDT, +11:00).
const AT = '2026-12-08T22:05:00.000Z';

const delivered = { at: AT, delivered: true, httpStatus: 200, error: '', days: 732, resync: true };
const failed = {
  at: '2026-12-08T21:00:00.000Z',
  delivered: false,
  httpStatus: 500,
  error: "The partner's webhook answered 500.",
  days: 2,
  resync: false,
};

function serve(webhooks: PartnerWebhookAttributes[], push: { status: number; body?: unknown }) {
  let reads = 0;
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    {
      path: 'partners/7/webhook/',
      reply: () => {
        const attributes = webhooks[Math.min(reads, webhooks.length - 1)];
        reads += 1;
        return { body: { data: { type: 'partner-webhooks', id: '7', attributes } } };
      },
    },
    { method: 'POST', path: 'partners/7/webhook/push/', reply: () => push },
  ]);
}

describe('the partner’s Webhook section (issue 42)', () => {
  it('says so when the partner has no webhook, and offers no push', async () => {
    serve([{ url: null, registered: null, pushes: [] }], { status: 409 });
    renderWithProviders(<PartnerWebhook partnerId="7" />);
    expect(await screen.findByText(/No webhook yet/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Push Availability Now' })).toBeNull();
  });

  it('shows the address and the last pushes, delivered or failed, with the time and the HTTP status', async () => {
    serve([{ url: URL_, registered: AT, pushes: [delivered, failed] }], { status: 202 });
    renderWithProviders(<PartnerWebhook partnerId="7" />);
    expect(await screen.findByText(URL_)).toBeVisible();
    const table = screen.getByRole('table', { name: 'Last pushes' });
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('no rows');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['9/12/2026, 9:05 am', 'Delivered', '200', 'Whole horizon (sent from here) · 732 lot days']);
    expect(second).toHaveTextContent('Failed');
    expect(second).toHaveTextContent('500');
    expect(second).toHaveTextContent("The partner's webhook answered 500.");
  });

  it('pushes availability now, then loads the last pushes afresh', async () => {
    const api = serve(
      [
        { url: URL_, registered: AT, pushes: [] },
        { url: URL_, registered: AT, pushes: [delivered] },
      ],
      { status: 202, body: { data: { type: 'partner-webhook-pushes', id: '7', attributes: {} } } },
    );
    renderWithProviders(<PartnerWebhook partnerId="7" />);
    expect(await screen.findByText('Nothing has been pushed yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Push Availability Now' }));
    expect(await screen.findByText('Availability push queued')).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Last pushes' })).toHaveTextContent('Delivered');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      'partners/7/webhook/push/',
    ]);
  });

  it('shows the server’s words when the push is refused', async () => {
    serve([{ url: URL_, registered: AT, pushes: [] }], {
      status: 409,
      body: errorDocument(partnerWebhookMessages.paused, undefined, 409),
    });
    renderWithProviders(<PartnerWebhook partnerId="7" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Push Availability Now' }));
    await waitFor(() => expect(screen.getByText(partnerWebhookMessages.paused)).toBeVisible());
  });
});
