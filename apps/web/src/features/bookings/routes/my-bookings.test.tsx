import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderApp } from '@/test/render';

const booking = (id: string, code: string, status: string, paymentStatus: string) => ({
  type: 'bookings',
  id,
  attributes: {
    bookingCode: code,
    status,
    bookingType: 'Regular',
    title: 'Mrs',
    firstName: 'Charlotte',
    lastName: 'Wilson',
    phoneNumber: '0438 205 761',
    email: 'charlotte@example.com',
    business: '',
    rego: 'CWT482',
    make: 'Toyota',
    model: 'Corolla',
    colour: 'White',
    startDatetime: '2026-12-08T20:00:00.000Z',
    endDatetime: '2026-12-12T10:10:00.000Z',
    busDepartureTime: '07:30:00',
    passengersOut: 2,
    passengersIn: 2,
    flightNumberOut: 'VA1521',
    flightNumberIn: 'VA1524',
    parkingCost: '80.00',
    extrasCost: '25.00',
    extrasPrices: { '8': '25.00' },
    discountRate: '0.1',
    promoCode: 'WELCOME10',
    amountDiscounted: '8.00',
    subscriptionDiscount: '0.00',
    totalCost: '97.00',
    amountPaid: '97.00',
    paymentMethod: 'stripe',
    paymentStatus,
    paymentDatetime: '2026-11-17T13:06:00.000Z',
    hadSubscription: false,
    publicNotes: '',
    created: '2026-11-17T13:00:00.000Z',
  },
  relationships: {
    lot: { data: { type: 'lots', id: '1' } },
    vehicleType: { data: { type: 'vehicle-types', id: '2' } },
    airlineOut: { data: { type: 'airlines', id: '2' } },
    airlineIn: { data: { type: 'airlines', id: '2' } },
    extras: { data: [{ type: 'extras', id: '8' }] },
  },
});

const bookingsDocument = {
  data: [booking('51', '98UZQ6JK', 'complete', 'paid'), booking('52', '76RX9TV2', 'pending', 'unpaid'), booking('53', 'AB12CD34', 'cancelled', 'refunded')],
  included: [
    { type: 'lots', id: '1', attributes: { name: 'Indoor' } },
    { type: 'vehicle-types', id: '2', attributes: { name: 'Hatchback' } },
    { type: 'airlines', id: '2', attributes: { name: 'Virgin Australia' } },
    { type: 'extras', id: '8', attributes: { name: 'Battery health check' } },
  ],
  meta: { pagination: { count: 3, page: 1, pages: 1 } },
};

describe('My Bookings', () => {
  it('lists the customer’s bookings with status dots, sortable, and opens one read-only', async () => {
    const { calls } = mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { path: 'bookings/', body: bookingsDocument },
    ]);
    const user = userEvent.setup();
    renderApp('/bookings');

    expect(await screen.findByText('98UZQ6JK')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'My bookings' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getByText('9/12/2026, 7:00 am')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('$97.00')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Complete')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Refunded')).toBeInTheDocument();

    const first = calls.find((call) => call.path === 'bookings/');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({
      'filter[customer]': '7',
      include: 'airlineOut,airlineIn,extras,lot,vehicleType',
      sort: '-created',
      'page[number]': '1',
      'page[size]': '10',
    });

    await user.click(within(table).getByRole('button', { name: 'Total (AUD)' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('sort')).toBe('totalCost'));

    await user.click(screen.getByRole('button', { name: 'View booking 98UZQ6JK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking 98UZQ6JK' });
    expect(within(dialog).getByText('Virgin Australia VA1521')).toBeInTheDocument();
    expect(within(dialog).getByText('Battery health check')).toBeInTheDocument();
    expect(within(dialog).getByText('Discount (WELCOME10, 10%)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    const invoice = within(dialog).getByRole('link', { name: 'Download PDF invoice' });
    expect(invoice).toHaveAttribute('href', '/backend/api/v1/bookings/51/invoice/');
    expect(invoice).toHaveAttribute('target', '_blank');
  });

  it('says what to do when there are no bookings', async () => {
    mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { path: 'bookings/', body: { data: [], meta: { pagination: { count: 0, page: 1, pages: 1 } } } },
    ]);
    renderApp('/bookings');

    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    const links = within(screen.getByRole('main')).getAllByRole('link', { name: 'Get a quote' });
    expect(links.every((link) => link.getAttribute('href') === '/booking/step-1')).toBe(true);
  });

  it('asks an unconfirmed customer to confirm, and resends the email', async () => {
    const { calls } = mockApi([
      { path: 'sessions/current/', body: sessionDocument({ emailConfirmed: false, email: 'new@example.com' }) },
      { method: 'POST', path: 'confirmation-email-requests/', status: 201, body: { data: null } },
    ]);
    const user = userEvent.setup();
    renderApp('/bookings');

    expect(await screen.findByText('Please confirm your email address')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));

    expect(await screen.findByText('Confirmation email sent.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'bookings/')).toBe(false);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { type: 'confirmation-email-requests', attributes: { email: 'new@example.com' } },
    });
  });

  it('shows every detail of a failed resend as a snackbar', async () => {
    mockApi([
      { path: 'sessions/current/', body: sessionDocument({ emailConfirmed: false }) },
      {
        method: 'POST',
        path: 'confirmation-email-requests/',
        status: 400,
        body: { errors: [{ detail: 'First problem.' }, { detail: 'Second problem.' }] },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/bookings');

    await user.click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('First problem.')).toBeInTheDocument();
    // One at a time: the second follows when the first is dismissed.
    const snackbar = screen.getByText('First problem.').closest('[role="alert"]');
    await user.click(within(snackbar as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Second problem.')).toBeInTheDocument();
  });
});
