import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument } from '@/test/api-mock';
import { renderApp } from '@/test/render';

interface Overrides {
  startDatetime?: string;
  endDatetime?: string | null;
  timeParked?: string | null;
  amountPaid?: string;
}

const booking = (
  id: string,
  code: string,
  status: string,
  paymentStatus: string,
  overrides: Overrides = {},
) => ({
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
    timeParked: null,
    ...overrides,
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
  data: [
    booking('51', '98UZQ6JK', 'complete', 'paid'),
    booking('52', '76RX9TV2', 'pending', 'unpaid'),
    booking('53', 'AB12CD34', 'cancelled', 'refunded'),
  ],
  included: [
    { type: 'lots', id: '1', attributes: { name: 'Indoor' } },
    { type: 'vehicle-types', id: '2', attributes: { name: 'Hatchback' } },
    { type: 'airlines', id: '2', attributes: { name: 'Virgin Australia' } },
    { type: 'extras', id: '8', attributes: { name: 'Battery health check' } },
  ],
  meta: { pagination: { count: 3, page: 1, pages: 1 } },
};

// Stays are placed against the real clock (the page's "now"): these are days from it.
const HOUR = 3_600_000;
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** The list's dividing instant: an ISO time of the last few seconds. */
const isNow = (value: string | undefined) =>
  value !== undefined && Math.abs(Date.parse(value) - Date.now()) < 60_000;

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
    expect(within(rows[2] as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Refunded')).toBeInTheDocument();

    const first = calls.find((call) => call.path === 'bookings/');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({
      'filter[customer]': '7',
      'filter[end_datetime__gte_or_isnull]': first?.url.searchParams.get(
        'filter[end_datetime__gte_or_isnull]',
      ),
      include: 'airlineOut,airlineIn,extras,lot,vehicleType',
      sort: 'startDatetime',
      'page[number]': '1',
      'page[size]': '10',
    });
    expect(isNow(first?.url.searchParams.get('filter[end_datetime__gte_or_isnull]') ?? undefined)).toBe(true);

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

  it('says where each stay stands (Upcoming, Parked now, Past, or its status), what is left to pay, and how to pay it', async () => {
    const document = {
      ...bookingsDocument,
      data: [
        booking('61', 'UPCOMING', 'complete', 'unpaid', {
          startDatetime: fromNow(48),
          endDatetime: fromNow(120),
          amountPaid: '0.00',
        }),
        // Checked in early: parked before its booked drop-off.
        booking('62', 'CHECKEDIN', 'complete', 'paid', {
          startDatetime: fromNow(2),
          endDatetime: fromNow(96),
          timeParked: fromNow(-1),
        }),
        booking('63', 'PASTSTAY', 'complete', 'paid', {
          startDatetime: fromNow(-200),
          endDatetime: fromNow(-100),
        }),
        booking('64', 'PENDING1', 'pending', 'unpaid', { amountPaid: '0.00' }),
        booking('65', 'CANCELD1', 'cancelled', 'refunded', { amountPaid: '0.00' }),
      ],
      meta: { pagination: { count: 5, page: 1, pages: 1 } },
    };
    mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { path: 'bookings/', body: document },
    ]);
    renderApp('/bookings');

    const table = await screen.findByRole('table', { name: 'My bookings' });
    const row = (code: string) =>
      within(table)
        .getByRole('button', { name: `View booking ${code}` })
        .closest('tr') as HTMLElement;
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(within(row('UPCOMING')).getByText('Upcoming')).toBeInTheDocument();
    expect(within(row('CHECKEDIN')).getByText('Parked now')).toBeInTheDocument();
    expect(within(row('PASTSTAY')).getByText('Past')).toBeInTheDocument();
    expect(within(row('PENDING1')).getByText('Pending')).toBeInTheDocument();
    expect(within(row('CANCELD1')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(table).queryByText('Complete')).not.toBeInTheDocument();

    // What is owing, with a way to pay it; nothing on a paid or a cancelled booking.
    expect(within(row('UPCOMING')).getByText('$97.00 to pay')).toBeInTheDocument();
    expect(within(row('UPCOMING')).getByRole('link', { name: 'Pay now, booking UPCOMING' })).toHaveAttribute(
      'href',
      '/manage-booking?booking=61',
    );
    expect(within(row('PENDING1')).getByText('$97.00 to pay')).toBeInTheDocument();
    expect(within(row('CHECKEDIN')).queryByText(/to pay/)).not.toBeInTheDocument();
    expect(within(row('CANCELD1')).queryByText(/to pay/)).not.toBeInTheDocument();
  });

  it('shows upcoming stays first, and past or all bookings on their tabs', async () => {
    const { calls } = mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { path: 'bookings/', body: bookingsDocument },
    ]);
    const user = userEvent.setup();
    renderApp('/bookings');

    const tabs = await screen.findByRole('tablist', { name: 'Which bookings' });
    expect(within(tabs).getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('98UZQ6JK');
    const lastQuery = () =>
      Object.fromEntries(calls.filter((call) => call.path === 'bookings/').at(-1)?.url.searchParams ?? []);
    expect(lastQuery()).toMatchObject({ sort: 'startDatetime' });
    const now = lastQuery()['filter[end_datetime__gte_or_isnull]'];
    expect(isNow(now)).toBe(true);

    await user.click(within(tabs).getByRole('tab', { name: 'Past' }));
    // The same dividing instant, so that no booking falls between the tabs.
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ 'filter[end_datetime__lt]': now, sort: '-startDatetime' }),
    );
    expect(lastQuery()).not.toHaveProperty('filter[end_datetime__gte_or_isnull]');

    await user.click(within(tabs).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: '-created' }));
    expect(Object.keys(lastQuery()).filter((key) => key.startsWith('filter[end_datetime'))).toEqual([]);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('All');
  });

  it('with nothing coming up, says so and offers the past bookings', async () => {
    const { calls } = mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      {
        path: 'bookings/',
        reply: (call) =>
          call.url.searchParams.has('filter[end_datetime__gte_or_isnull]')
            ? { body: { data: [], meta: { pagination: { count: 0, page: 1, pages: 1 } } } }
            : { body: bookingsDocument },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/bookings');

    expect(await screen.findByText('You have no upcoming bookings.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show past bookings' }));
    expect(await screen.findByText('98UZQ6JK')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(
      calls
        .filter((call) => call.path === 'bookings/')
        .at(-1)
        ?.url.searchParams.get('sort'),
    ).toBe('-startDatetime');
  });

  it('says what to do when there are no bookings at all, without offering past ones', async () => {
    mockApi([
      { path: 'sessions/current/', body: sessionDocument() },
      { path: 'bookings/', body: { data: [], meta: { pagination: { count: 0, page: 1, pages: 1 } } } },
    ]);
    renderApp('/bookings');

    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(screen.queryByText('You have no upcoming bookings.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show past bookings' })).not.toBeInTheDocument();
    const links = within(screen.getByRole('main')).getAllByRole('link', { name: 'Get a quote' });
    expect(links.every((link) => link.getAttribute('href') === '/booking/step-1')).toBe(true);
  });

  it('asks an unconfirmed customer to confirm, and resends the email', async () => {
    const { calls } = mockApi([
      {
        path: 'sessions/current/',
        body: sessionDocument({ emailConfirmed: false, email: 'new@example.com' }),
      },
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
