import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionDocument, type RecordedCall } from '@/test/api-mock';
import { renderRoutes } from '@/test/render';
import { FlightEditPage } from './flight-edit';

const list = (data: unknown[]) => ({ data, meta: { pagination: { count: data.length, page: 1, pages: 1 } } });
const trip = (id: string, service: string, formattedTime: string) => ({
  type: 'bus-trips',
  id,
  attributes: { service, departureTime: '00:00:00', formattedTime },
});
const TRIPS: Record<string, unknown[]> = {
  weekday: [trip('8', 'weekday', '5:00 am'), trip('9', 'weekday', '5:30 am')],
  weekend: [trip('20', 'weekend', '6:00 am')],
};

const flight = {
  data: {
    type: 'flights',
    id: '5',
    attributes: {
      flightNumber: 'QF1502',
      flightLabel: 'QF1502 to Melbourne',
      time: '06:00:00',
      departure: true,
      service: 'weekday',
    },
    relationships: {
      airline: { data: { type: 'airlines', id: '1' } },
      busTrip: { data: { type: 'bus-trips', id: '8' } },
    },
  },
};

function serve() {
  return mockApi([
    { path: 'sessions/current/', body: sessionDocument({ roles: ['Admins'] }) },
    { path: 'airlines/', body: list([{ type: 'airlines', id: '1', attributes: { name: 'Qantas' } }]) },
    {
      path: 'bus-trips/',
      reply: (call: RecordedCall) => ({
        body: list(TRIPS[call.url.searchParams.get('filter[service]') ?? ''] ?? []),
      }),
    },
    { path: 'flights/5/', body: flight },
    {
      method: 'PATCH',
      path: 'flights/5/',
      reply: (call) => ({ body: { data: { ...flight.data, ...(call.body as { data: object }).data } } }),
    },
  ]);
}

const busTrip = () => screen.getByRole('combobox', { name: 'Bus Trip' });
const options = (select: HTMLElement) =>
  Array.from(select.querySelectorAll('option')).map((option) => option.textContent);

describe('flight form: the bus trip follows the timetable and the departure flag (back-office §4, §5)', () => {
  it('offers only buses of the flight’s timetable and clears the bus when the timetable changes', async () => {
    const user = userEvent.setup();
    serve();
    renderRoutes([{ path: '/admin/flights/:flightId', element: <FlightEditPage /> }], '/admin/flights/5');

    await waitFor(() => expect(busTrip()).toHaveValue('8'));
    expect(options(busTrip())).toEqual(['No bus trip', '5:00 am', '5:30 am']);

    await user.selectOptions(screen.getByRole('combobox', { name: /Timetable/ }), 'weekend');
    expect(busTrip()).toHaveValue('');
    await waitFor(() => expect(options(busTrip())).toEqual(['No bus trip', '6:00 am']));
    await user.selectOptions(busTrip(), '20');
    expect(busTrip()).toHaveValue('20');
  });

  it('clears the bus of a flight that stops being a departure, and saves it without one', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderRoutes([{ path: '/admin/flights/:flightId', element: <FlightEditPage /> }], '/admin/flights/5');

    await waitFor(() => expect(busTrip()).toHaveValue('8'));
    await user.click(screen.getByRole('switch', { name: 'Departure' }));
    expect(busTrip()).toHaveValue('');
    expect(busTrip()).toBeDisabled();
    expect(screen.getByText('Arrivals have no bus trip')).toBeInTheDocument();

    // Back to a departure: the bus stays cleared until one is chosen again.
    await user.click(screen.getByRole('switch', { name: 'Departure' }));
    expect(busTrip()).toHaveValue('');
    await user.click(screen.getByRole('switch', { name: 'Departure' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Flight Updated')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      data: {
        type: 'flights',
        id: '5',
        attributes: {
          flightNumber: 'QF1502',
          flightLabel: 'QF1502 to Melbourne',
          time: '06:00:00',
          departure: false,
          service: 'weekday',
        },
        relationships: { airline: { data: { type: 'airlines', id: '1' } }, busTrip: { data: null } },
      },
    });
  });
});
