import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorDocument, mockApi, sessionDocument, type RecordedCall } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { DeliveryProblemsPage } from './delivery-problems';

const problem = (id: string, what: string, to: string, lastError: string) => ({
  type: 'delivery-problems',
  id,
  attributes: {
    what,
    to,
    lastError,
    attempts: 5,
    // 9:05 am in Hobart (AEDT, +11:00).
    failedAt: '2026-12-08T22:05:00Z',
    created: '2026-12-08T21:00:00Z',
  },
});

const RESET = problem(
  'a1',
  'Email: Reset your password',
  'jordan@example.com',
  'connect ECONNREFUSED 127.0.0.1:25',
);
const FLIGHT = problem('b2', 'Email and text: flight delayed', 'sam@example.com', '550 mailbox unavailable');

/** The server's list, which loses a problem once it is retried or discarded. */
function serve(options: { gone?: string[]; failList?: boolean } = {}) {
  const waiting = new Map([RESET, FLIGHT].map((row) => [row.id, row]));
  const gone = new Set(options.gone ?? []);
  const settle = (call: RecordedCall) => {
    const id = call.path.split('/')[1] ?? '';
    if (gone.has(id) || !waiting.has(id))
      return {
        status: 404,
        body: errorDocument('This delivery problem has already been dealt with.', '', 404),
      };
    waiting.delete(id);
    return { status: 204 };
  };
  const api = mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    {
      path: 'delivery-problems/',
      reply: () =>
        options.failList
          ? { status: 500, body: errorDocument('Server error', '', 500) }
          : { body: { data: [...waiting.values()], meta: { count: waiting.size } } },
    },
    { method: 'POST', path: /^delivery-problems\/[^/]+\/retry\/$/, reply: settle },
    { method: 'DELETE', path: /^delivery-problems\/[^/]+\/$/, reply: settle },
  ]);
  const listCalls = () =>
    api.calls.filter((call) => call.method === 'GET' && call.path === 'delivery-problems/');
  return { ...api, listCalls };
}

const renderPage = () =>
  renderRoutes(
    [{ path: '/admin/delivery-problems', element: <DeliveryProblemsPage /> }],
    '/admin/delivery-problems',
  );

describe('Delivery problems (issue 37)', () => {
  it('lists what failed, to whom, the last error, the attempts and when, in business time', async () => {
    serve();
    renderPage();
    await screen.findByRole('cell', { name: 'Email: Reset your password' });
    const table = screen.getByRole('table', { name: 'Delivery problems' });
    const [header, first] = within(table).getAllByRole('row');
    if (!header || !first) throw new Error('no rows');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['What', 'To', 'Last error', 'Attempts', 'Failed', 'Actions']);
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'Email: Reset your password',
      'jordan@example.com',
      'connect ECONNREFUSED 127.0.0.1:25',
      '5',
      '9/12/2026, 9:05 am',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery problems' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Delivery problems/);
  });

  it('sends one again with Retry: the snackbar says so and the list loads afresh without it', async () => {
    const user = userEvent.setup();
    const api = serve();
    renderPage();
    const retry = await screen.findByRole('button', {
      name: 'Retry Email: Reset your password to jordan@example.com',
    });
    await user.click(retry);

    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    const call = api.calls.find((item) => item.method === 'POST');
    expect(call?.path).toBe('delivery-problems/a1/retry/');
    expect(call?.headers.get('Content-Type')).toBe('application/vnd.api+json');
    await waitFor(() => expect(screen.queryByText('Email: Reset your password')).not.toBeInTheDocument());
    expect(api.listCalls().length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Email and text: flight delayed')).toBeInTheDocument();
    // The row that had the focus is gone: the keyboard goes on from the heading.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('discards only after the question, and Cancel keeps the row', async () => {
    const user = userEvent.setup();
    const api = serve();
    renderPage();
    const discard = await screen.findByRole('button', {
      name: 'Discard Email and text: flight delayed to sam@example.com',
    });

    await user.click(discard);
    let dialog = await screen.findByRole('alertdialog', { name: 'Discard this delivery?' });
    expect(dialog).toHaveTextContent('Email and text: flight delayed to sam@example.com will not be sent');
    // Cancel has the focus: Enter by habit discards nothing.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(discard);
    dialog = await screen.findByRole('alertdialog', { name: 'Discard this delivery?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Discarded')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe('delivery-problems/b2/');
    await waitFor(() => expect(screen.queryByText('Email and text: flight delayed')).not.toBeInTheDocument());
    expect(screen.getByText('Email: Reset your password')).toBeInTheDocument();
  });

  it('says so when a problem was already dealt with, and refreshes the list', async () => {
    const user = userEvent.setup();
    const api = serve({ gone: ['a1'] });
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Retry Email: Reset your password to jordan@example.com' }),
    );
    expect(await screen.findByText('This delivery problem has already been dealt with.')).toBeInTheDocument();
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('Sent again')).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing is waiting', async () => {
    mockApi([
      { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
      { path: 'delivery-problems/', body: { data: [], meta: { count: 0 } } },
    ]);
    renderPage();
    expect(await screen.findByText('Nothing is waiting: every email and text went out.')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    const api = serve({ failList: true });
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The delivery problem list could not be loaded.');
    const before = api.listCalls().length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(before));
  });
});
