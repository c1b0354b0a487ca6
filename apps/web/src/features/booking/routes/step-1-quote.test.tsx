import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import {
  noBlockout,
  plusDays,
  quotesRoute,
  startWizard,
  storedWizard,
  wizardAt,
} from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

describe('step 1, Get Quote', () => {
  it('quotes both car parks without the .00 and chooses outdoor', async () => {
    mockApi([noBlockout, quotesRoute()]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-1');

    const outdoor = await screen.findByRole('radio', { name: /Outdoor/ });
    await waitFor(() => expect(outdoor).toBeChecked());
    expect(screen.getByRole('radio', { name: /Indoor/ })).not.toBeChecked();
    expect(screen.getByText('$63')).toBeInTheDocument();
    expect(screen.getByText('$80')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-2'));
    expect(storedWizard()).toMatchObject({ completed: 1, quote: { lotSlug: 'outdoor', price: '63.00' } });
  });

  it('says a full car park cannot be booked online, with the phone number, and chooses nothing', async () => {
    mockApi([noBlockout, quotesRoute({ outdoor: true })]);
    renderApp('/booking/step-1');

    expect(
      await screen.findByText(
        'Availability for these dates is very limited and this car park cannot be booked online. Please call us during business hours.',
      ),
    ).toBeInTheDocument();
    const outdoor = screen.getByRole('radio', { name: /Outdoor/ });
    expect(outdoor).toBeDisabled();
    expect(outdoor).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Indoor/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Call 1300 975 707' })).toHaveAttribute('href', 'tel:1300975707');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('clears a chosen car park that has gone over its threshold', async () => {
    startWizard(
      wizardAt(1, {
        quote: { ...wizardAt(1).quote, lotId: '1', lotSlug: 'indoor', lotName: 'Indoor', price: '80.00' },
      }),
    );
    mockApi([noBlockout, quotesRoute({ indoor: true })]);
    renderApp('/booking/step-1');

    expect(await screen.findByRole('radio', { name: /Indoor/ })).toBeDisabled();
    // Cleared, not swapped for the other car park behind the traveller's back.
    await waitFor(() => expect(storedWizard().quote).toMatchObject({ lotId: '', price: '' }));
    expect(screen.getByRole('radio', { name: /Outdoor/ })).not.toBeChecked();
  });

  it('checks the dates with the quote form messages', async () => {
    mockApi([noBlockout, quotesRoute()]);
    renderApp('/booking/step-1');
    const departure = await screen.findByLabelText(/Departure date/);
    const today = (departure as HTMLInputElement).value;

    fireEvent.change(departure, { target: { value: plusDays(today, -2) } });
    expect(await screen.findByText('Date must be in the future')).toBeInTheDocument();
    fireEvent.change(departure, { target: { value: plusDays(today, 5) } });
    fireEvent.change(screen.getByLabelText(/Return date/), { target: { value: plusDays(today, 4) } });
    expect(await screen.findByText('Date must be after the departure date')).toBeInTheDocument();
    expect(screen.getByText('Choose valid dates to see prices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it("tells the server's stay limits beside the dates, without asking for prices", async () => {
    mockApi([
      {
        path: 'blockout-periods/current_form_blockout/',
        body: { data: null, meta: { stayLimits: { maxStayDays: 14, bookingHorizonDays: 90 } } },
      },
      quotesRoute(),
    ]);
    renderApp('/booking/step-1');
    const departure = await screen.findByLabelText(/Departure date/);
    const today = (departure as HTMLInputElement).value;
    fireEvent.change(departure, { target: { value: plusDays(today, 91) } });
    expect(await screen.findByText('Date must be no more than 90 days from today')).toBeInTheDocument();
    fireEvent.change(departure, { target: { value: plusDays(today, 3) } });
    fireEvent.change(screen.getByLabelText(/Return date/), { target: { value: plusDays(today, 17) } });
    expect(await screen.findByText('A stay can be at most 14 days.')).toBeInTheDocument();
    expect(screen.getByText('Choose valid dates to see prices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the blockout notice instead of the form', async () => {
    mockApi([
      {
        path: 'blockout-periods/current_form_blockout/',
        body: {
          data: {
            type: 'blockout-periods',
            id: '2',
            attributes: {
              name: 'Maintenance',
              message: 'Back online at noon.',
              startDatetime: '',
              endDatetime: '',
              blockType: 'online_form',
            },
          },
        },
      },
    ]);
    renderApp('/booking/step-1');
    expect(await screen.findByText('Back online at noon.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Departure date/)).not.toBeInTheDocument();
  });

  it('sends a fresh visitor of a later step to step 1, and /booking too', async () => {
    mockApi([noBlockout, quotesRoute()]);
    const { router } = renderApp('/booking/step-5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Get Quote' })).toBeInTheDocument();
  });

  it('starts a fresh booking when a saved booking returns to an earlier step', async () => {
    startWizard(
      wizardAt(6, {
        booking: {
          id: '5',
          bookingCode: 'ABCDEFGH',
          clientSecret: 'pi_1_secret_2',
          totalCost: '90.00',
          status: 'pending',
          email: 'a@example.com',
        },
      }),
    );
    mockApi([noBlockout, quotesRoute()]);
    const { router } = renderApp('/booking/step-3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-1'));
    await waitFor(() => expect(storedWizard()).toMatchObject({ completed: 0, booking: null, details: null }));
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Get Quote',
    );
  });
});
