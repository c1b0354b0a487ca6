import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { extensionMessages } from '@parking/domain/stay-extension';
import { mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import type { ManagedBooking } from '../api/manage-booking';
import { ExtendStayForm } from './extend-stay-form';

// A checked-in car (issue 41): pick-up booked for 16 Feb 2027, 6:00 pm in Hobart.
const booking = {
  id: '51',
  bookingCode: '98UZQ6JK',
  status: 'complete',
  startDatetime: '2027-02-13T23:00:00.000Z',
  endDatetime: '2027-02-16T07:00:00.000Z',
  totalCost: '52.00',
  parkingCost: '52.00',
  subscriptionDiscount: '0.00',
  amountDiscounted: '0.00',
  extrasCost: '0.00',
  canManage: false,
  canExtend: true,
} as ManagedBooking;

const quote = {
  method: 'POST',
  path: 'manage-bookings/51/change-quotes/',
  body: {
    data: {
      type: 'change-quotes',
      id: '51',
      attributes: {
        parkingCost: '73.00',
        subscriptionDiscount: '0.00',
        amountDiscounted: '0.00',
        extrasCost: '0.00',
        totalCost: '73.00',
        gst: '6.64',
        amountPaid: '52.00',
        amountDue: '21.00',
        refund: '0.00',
        changed: ['endDatetime', 'parkingCost', 'totalCost'],
        promoDropped: null,
      },
    },
  },
};

describe('manage my booking: extend your stay', () => {
  it('asks for a later pick-up only, and sends the pick-up alone to be priced', async () => {
    const { calls } = mockApi([quote]);
    const user = userEvent.setup();
    renderWithProviders(<ExtendStayForm booking={booking} onSaved={vi.fn()} />);

    expect(screen.getByText(extensionMessages.earlierNeedsNoChange)).toBeInTheDocument();
    const field = screen.getByLabelText('New pick-up date and time');
    expect(field).toHaveValue('2027-02-16T18:00');
    await user.clear(field);
    await user.type(field, '2027-02-18T18:00');
    await user.click(screen.getByRole('button', { name: 'Review new pick-up' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('New total: $73.00');
    expect(status).toHaveTextContent('To pay now: $21.00');
    const sent = calls.find((call) => call.method === 'POST')?.body as {
      data: { attributes: Record<string, unknown>; relationships?: Record<string, unknown> };
    };
    expect(sent.data.attributes).toEqual({ endDatetime: '2027-02-18T07:00:00.000Z' });
    expect(sent.data.relationships ?? {}).toEqual({});
    expect(screen.getByRole('button', { name: 'Extend my stay' })).toBeInTheDocument();
  });

  it('an earlier or the same pick-up is answered on the page, with nothing asked of the server', async () => {
    const { calls } = mockApi([quote]);
    const user = userEvent.setup();
    renderWithProviders(<ExtendStayForm booking={booking} onSaved={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Review new pick-up' }));
    expect(await screen.findByText(extensionMessages.sameAsBooked)).toBeInTheDocument();
    const field = screen.getByLabelText('New pick-up date and time');
    await user.clear(field);
    await user.type(field, '2027-02-15T18:00');
    await user.click(screen.getByRole('button', { name: 'Review new pick-up' }));
    // Beside the field too (the note above says it once already).
    expect(await screen.findAllByText(extensionMessages.earlierNeedsNoChange)).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
