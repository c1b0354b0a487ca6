import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import type { ManagedBooking } from '../api/manage-booking';
import { ChangeBookingForm } from './change-booking-form';

const booking: ManagedBooking = {
  id: '51',
  bookingCode: '98UZQ6JK',
  status: 'complete',
  paymentStatus: 'paid',
  title: 'Ms',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  startDatetime: '2027-02-13T23:00:00.000Z',
  endDatetime: '2027-02-16T07:00:00.000Z',
  bookedEndDatetime: null,
  flightStatus: null,
  flightDelayMinutes: 0,
  lotName: 'Outdoor',
  lotSlug: 'outdoor',
  rego: 'MNX1',
  make: 'Toyota',
  model: 'Corolla',
  colour: 'White',
  vehicleTypeId: '3',
  vehicleTypeName: 'Sedan',
  airlineOutId: '2',
  airlineOutName: 'Qantas',
  airlineInId: '2',
  airlineInName: 'Qantas',
  flightNumberOut: 'QF1502',
  flightNumberIn: 'QF1511',
  busDepartureTime: '09:00:00',
  passengersOut: 1,
  passengersIn: 1,
  extras: [{ id: '8', name: 'Tyre check', price: '15.00' }],
  promoCode: '',
  parkingCost: '52.00',
  subscriptionDiscount: '0.00',
  amountDiscounted: '0.00',
  extrasCost: '15.00',
  totalCost: '67.00',
  gst: '6.09',
  amountPaid: '67.00',
  amountRefunded: '0.00',
  amountDue: '0.00',
  canManage: true,
  canExtend: false,
  cutoffDatetime: '2027-02-13T21:00:00.000Z',
  cutoffHours: 2,
  cancellationRefund: '67.00',
  fullParkingRefund: true,
  fullRefundHours: 24,
  pendingChange: null,
};

const list = (type: string, rows: Array<{ id: string; attributes: Record<string, unknown> }>) => ({
  data: rows.map((row) => ({ type, ...row })),
  meta: { pagination: { count: rows.length, page: 1, pages: 1 } },
});

const extra = (id: string, name: string, basePrice: string, available: boolean) => ({
  id,
  attributes: {
    name,
    description: `${name}, done while you are away.`,
    extraType: id === '8' ? 'service' : 'detailing',
    basePrice,
    available,
  },
});

function mockCatalogue() {
  return mockApi([
    {
      path: 'airlines/',
      body: list('airlines', [
        { id: '9', attributes: { name: 'Not flying' } },
        { id: '2', attributes: { name: 'Qantas' } },
      ]),
    },
    {
      path: 'vehicle-types/',
      body: list('vehicle-types', [
        { id: '3', attributes: { name: 'Sedan' } },
        { id: '4', attributes: { name: 'SUV' } },
      ]),
    },
    {
      path: 'extras/',
      body: list('extras', [
        extra('8', 'Tyre check', '15.00', true),
        extra('10', 'Exterior wash', '35.00', true),
        extra('11', 'Full valet', '169.00', false),
      ]),
    },
    { path: 'extra-variations/', body: list('extra-variations', []) },
    { path: 'flights/', body: list('flights', []) },
    {
      method: 'POST',
      path: 'manage-bookings/51/change-quotes/',
      body: {
        data: {
          type: 'change-quotes',
          id: '51',
          attributes: {
            totalCost: '102.00',
            gst: '9.27',
            amountPaid: '67.00',
            amountDue: '35.00',
            refund: '0.00',
            changed: ['extras', 'extrasCost', 'totalCost'],
          },
        },
      },
    },
  ]);
}

describe('manage my booking: the change form', () => {
  it('adds an extra and changes the vehicle type, prices it on the server, and leaves the flights as booked', async () => {
    const { calls } = mockCatalogue();
    const user = userEvent.setup();
    renderWithProviders(<ChangeBookingForm booking={booking} onSaved={vi.fn()} />);

    const extras = await screen.findByRole('group', { name: 'Extras' });
    const wash = await within(extras).findByRole('checkbox', { name: 'Exterior wash' });
    // The extra already booked is ticked; one that cannot be had for these dates cannot be ticked.
    expect(within(extras).getByRole('checkbox', { name: 'Tyre check' })).toBeChecked();
    expect(within(extras).getByRole('checkbox', { name: 'Full valet' })).toBeDisabled();
    await user.click(wash);
    await waitFor(() => expect(screen.getByRole('option', { name: 'SUV' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: /Vehicle type/ }), 'SUV');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('New total: $102.00');
    expect(status).toHaveTextContent('To pay now: $35.00');
    const quote = calls.find((call) => call.method === 'POST');
    expect(quote?.body).toMatchObject({
      data: {
        type: 'change-quotes',
        attributes: {
          passengersOut: 1,
          passengersIn: 1,
          rego: 'MNX1',
          colour: 'White',
          startDatetime: booking.startDatetime,
          endDatetime: booking.endDatetime,
        },
        relationships: {
          vehicleType: { data: { type: 'vehicle-types', id: '4' } },
          extras: {
            data: [
              { type: 'extras', id: '8' },
              { type: 'extras', id: '10' },
            ],
          },
        },
      },
    });
    const sent = quote?.body as {
      data: { attributes: Record<string, unknown>; relationships: Record<string, unknown> };
    };
    expect(sent.data.attributes).not.toHaveProperty('flightNumberOut');
    expect(sent.data.relationships).not.toHaveProperty('airlineOut');
    expect(screen.getByRole('button', { name: 'Confirm changes' })).toBeInTheDocument();
  });

  it('changes flights as the wizard does: the booked airline to start from, a flight to choose, Not flying first', async () => {
    const { calls } = mockCatalogue();
    const user = userEvent.setup();
    renderWithProviders(<ChangeBookingForm booking={booking} onSaved={vi.fn()} />);

    const toggle = await screen.findByLabelText('Change my flights');
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const airline = screen.getByRole('combobox', { name: /Departure airline/ });
    expect(airline).toHaveValue('2');
    expect(
      within(airline)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select an airline', 'Not flying', 'Qantas']);

    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.selectOptions(
      screen.getByRole('combobox', { name: /Departure flight/ }),
      'Other (flight not listed)',
    );
    await user.type(screen.getByRole('textbox', { name: /Departure flight number/ }), 'qf1234');
    await user.type(screen.getByLabelText(/Flight departure time/), '11:00');
    await user.selectOptions(screen.getByRole('combobox', { name: /Return airline/ }), 'Not flying');
    await user.type(screen.getByLabelText(/Pick-up time/), '17:30');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    await screen.findByRole('status');
    const sent = calls.find((call) => call.method === 'POST')?.body as {
      data: { attributes: Record<string, unknown>; relationships: Record<string, unknown> };
    };
    expect(sent.data.attributes).toMatchObject({
      flightNumberOut: 'QF1234',
      busDepartureTime: '10:00:00',
      flightNumberIn: '',
    });
    expect(sent.data.relationships).toMatchObject({
      airlineOut: { data: { type: 'airlines', id: '2' } },
      airlineIn: { data: { type: 'airlines', id: '9' } },
    });
    // The drop-off follows the flight (10 minutes before its bus), the pick-up the time given.
    expect(screen.getByLabelText(/Drop-off date and time/)).toHaveValue('2027-02-14T09:50');
    expect(screen.getByLabelText(/Pick-up date and time/)).toHaveValue('2027-02-16T17:30');
  });
});
