import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { BookingSearchBox } from './booking-search-box';

const found = {
  type: 'booking-search-results',
  id: '7',
  attributes: {
    bookingCode: 'K7PQ2MXA',
    status: 'complete',
    firstName: 'Ada',
    lastName: 'Smith',
    phoneNumber: '0400 000 000',
    rego: 'SMI123',
    startDatetime: '2031-06-03T09:00:00+10:00',
    endDatetime: '2031-06-07T18:00:00+10:00',
    lot: 'Indoor',
    match: 'text',
  },
};

function serve() {
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    {
      path: 'bookings/search/',
      reply: (call) => ({ body: { data: call.url.searchParams.get('q') === 'smi' ? [found] : [] } }),
    },
  ]);
}

const box = () => screen.getByRole('combobox', { name: 'Find a booking' });

describe('BookingSearchBox', () => {
  it('keeps what is typed while the Autocomplete arrives, then lists the results', async () => {
    serve();
    renderWithProviders(<BookingSearchBox />, { url: '/admin/diary' });
    // The light box, until reached for.
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box(), 'smi');
    const results = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    expect(within(results).getByRole('option')).toHaveTextContent('K7PQ2MXA');
    expect(box()).toHaveValue('smi');
    expect(box()).toHaveFocus();
  }, 20_000);

  it('says so when Enter is pressed on a code no booking has', async () => {
    serve();
    renderWithProviders(<BookingSearchBox />, { url: '/admin/diary' });
    await userEvent.type(box(), 'zzzz2222{Enter}');
    await waitFor(() => expect(screen.getByText('No booking has the code ZZZZ2222.')).toBeInTheDocument());
  }, 20_000);
});
