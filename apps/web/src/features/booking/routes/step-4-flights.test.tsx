import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { slotOfBusinessTime, slotStart } from '@parking/domain/slots';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { airlinesRoute, flightsRoute, startWizard, storedWizard, wizardAt } from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

async function openStep(overrides: Parameters<typeof wizardAt>[1] = {}) {
  startWizard(wizardAt(3, overrides));
  mockApi([airlinesRoute, flightsRoute]);
  const user = userEvent.setup();
  const app = renderApp('/booking/step-4');
  await screen.findByRole('combobox', { name: /Departure airline/ });
  await waitFor(() => expect(screen.getAllByRole('option', { name: 'Qantas' })).toHaveLength(2));
  return { user, ...app };
}

describe('step 4, flights and passengers', () => {
  it('requires both airlines and the departure confirmation', async () => {
    const { user } = await openStep();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Departure airline, return airline, the confirmation.
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
  });

  it('fills the bus time from the flight, and asks passengers to be more than 0', async () => {
    const { user, router } = await openStep();
    await user.selectOptions(screen.getByRole('combobox', { name: /Departure airline/ }), 'Qantas');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Departure flight/ }),
      await screen.findByRole('option', { name: /QF1502 · 6:00 am/ }),
    );
    expect(screen.getByText(/Bus departure time: 5:00 am\./)).toBeInTheDocument();
    expect(screen.getByText(/drop your car off by 4:50 am/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /Return airline/ }), 'Qantas');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Return flight/ }),
      await screen.findByRole('option', { name: /QF1505 · 10:30 am/ }),
    );
    const passengers = screen.getByRole('spinbutton', { name: /Passengers flying out/ });
    await user.clear(passengers);
    await user.type(passengers, '0');
    await user.click(screen.getByRole('checkbox', { name: /I confirm my departure/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Must be a number greater than 0')).toBeInTheDocument();

    await user.clear(passengers);
    await user.type(passengers, '3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-5'));
    expect(storedWizard().flights).toMatchObject({
      flightNumberOut: 'QF1502',
      busDepartureTime: '05:00:00',
      flightTimeIn: '10:30:00',
      passengersOut: 3,
    });
  });

  it('asks for the flight number and time of an Other flight, and puts a custom bus an hour before it', async () => {
    const { user } = await openStep();
    await user.selectOptions(screen.getByRole('combobox', { name: /Departure airline/ }), 'Qantas');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Departure flight/ }),
      'Other (flight not listed)',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const flightNumber = await screen.findByRole('textbox', { name: /Departure flight number/ });
    await waitFor(() => expect(flightNumber).toHaveAccessibleDescription('This field is required.'));
    expect(screen.getByLabelText(/Flight departure time/)).toHaveAccessibleDescription(
      'This field is required.',
    );

    await user.type(screen.getByLabelText(/Flight departure time/), '09:15');
    expect(await screen.findByText(/Bus departure time: 8:15 am\./)).toBeInTheDocument();
  });

  it('hides the flight and the bus for Not flying and asks for a time instead', async () => {
    const { user } = await openStep();
    await user.selectOptions(screen.getByRole('combobox', { name: /Departure airline/ }), 'Not flying');
    expect(screen.queryByRole('combobox', { name: /Departure flight/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Bus departure time/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const time = await screen.findByLabelText(/Drop-off time/);
    await waitFor(() => expect(time).toHaveAccessibleDescription('This field is required.'));
  });

  it('refuses a same-day return before the drop-off with the spec wording', async () => {
    const base = wizardAt(3);
    const { user } = await openStep({ quote: { ...base.quote, endDate: base.quote.startDate } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Departure airline/ }), 'Not flying');
    await user.type(screen.getByLabelText(/Drop-off time/), '14:00');
    await user.selectOptions(screen.getByRole('combobox', { name: /Return airline/ }), 'Not flying');
    await user.type(screen.getByLabelText(/Pick-up time/), '09:00');
    await user.click(screen.getByRole('checkbox', { name: /I confirm my departure/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Arrival Time has to be before Departure Time')).toBeInTheDocument();
  });
});

describe('step 4, how busy the desk is (issue 24)', () => {
  /** A day's slots at the car park: the 10:00 am one full (4 of 4), the rest empty. */
  const slotsRoute = (date: string) => ({
    path: /^lots\/2\/slots\/$/,
    reply: (call: { url: URL }) => {
      const asked = call.url.searchParams.get('date') ?? '';
      const first = slotOfBusinessTime(asked, '00:00', BUSINESS_TIME_ZONE);
      const full = slotOfBusinessTime(date, '10:00', BUSINESS_TIME_ZONE);
      return {
        body: {
          data: Array.from({ length: 96 }, (_, index) => ({
            type: 'lot-slots',
            id: `2:${first + index}`,
            attributes: {
              startDatetime: slotStart(first + index).toISOString(),
              endDatetime: slotStart(first + index + 1).toISOString(),
              cars: first + index === full ? 4 : 0,
              capacity: 4,
              level: first + index === full ? 'full' : 'quiet',
            },
          })),
        },
      };
    },
  });

  it('tells a full drop-off slot with quieter times, refuses it beside the time, and takes a suggestion', async () => {
    const base = wizardAt(3);
    startWizard(base);
    mockApi([airlinesRoute, flightsRoute, slotsRoute(base.quote.startDate)]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-4');
    await screen.findByRole('combobox', { name: /Departure airline/ });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Qantas' })).toHaveLength(2));
    await user.selectOptions(screen.getByRole('combobox', { name: /Departure airline/ }), 'Not flying');
    await user.type(screen.getByLabelText(/Drop-off time/), '10:05');
    const busy = await screen.findByTestId('slot-busyness-drop-off');
    await waitFor(() => expect(busy).toHaveTextContent('Fully booked: 4 of 4 places taken'));
    await user.selectOptions(screen.getByRole('combobox', { name: /Return airline/ }), 'Not flying');
    await user.type(screen.getByLabelText(/Pick-up time/), '16:00');
    await user.click(screen.getByRole('checkbox', { name: /I confirm my departure/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Drop-off time/)).toHaveAccessibleDescription(
        'This drop-off time is fully booked. Please choose another time.',
      ),
    );
    expect(router.state.location.pathname).toBe('/booking/step-4');

    await user.click(screen.getByRole('button', { name: 'Use 9:45 am for the drop-off' }));
    expect(screen.getByLabelText(/Drop-off time/)).toHaveValue('09:45');
    await waitFor(() => expect(busy).toHaveTextContent('Quiet: 0 of 4 places taken'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-5'));
    expect(storedWizard().flights).toMatchObject({ notFlyingOut: true, flightTimeOut: '09:45' });
  });
});
