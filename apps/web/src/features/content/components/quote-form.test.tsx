import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { businessToday, type QuoteDates } from '@/components/quote-dates-fields';
import { mockApi } from '@/test/api-mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { QuoteForm } from './quote-form';

const noBlockout = { path: 'blockout-periods/current_form_blockout/', body: { data: null } };

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function fields() {
  const form = screen.getByRole('form', { name: 'Get a quote' });
  return {
    form,
    departure: within(form).getByLabelText(/Departure date/),
    return: within(form).getByLabelText(/Return date/),
    submit: within(form).getByRole('button', { name: 'Get a quote' }),
  };
}

describe('the home quote form', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('starts with both dates today (public-site §2) and the button enabled', async () => {
    mockApi([noBlockout]);
    renderWithProviders(<QuoteForm />);
    await screen.findByRole('form', { name: 'Get a quote' });
    const { departure, return: back, submit } = fields();
    expect(departure).toHaveValue(businessToday());
    expect(back).toHaveValue(businessToday());
    expect(submit).toBeEnabled();
  });

  it('says "Date must be in the future" for a past departure and disables the button', async () => {
    mockApi([noBlockout]);
    renderWithProviders(<QuoteForm />);
    await screen.findByRole('form', { name: 'Get a quote' });
    fireEvent.change(fields().departure, { target: { value: plusDays(businessToday(), -1) } });
    expect(await screen.findByText('Date must be in the future')).toBeInTheDocument();
    expect(fields().departure).toHaveAttribute('aria-invalid', 'true');
    expect(fields().submit).toBeDisabled();
  });

  it('says "Date must be after the departure date" for an earlier return, and allows the same day', async () => {
    mockApi([noBlockout]);
    renderWithProviders(<QuoteForm />);
    await screen.findByRole('form', { name: 'Get a quote' });
    const later = plusDays(businessToday(), 10);
    fireEvent.change(fields().departure, { target: { value: later } });
    fireEvent.change(fields().return, { target: { value: plusDays(later, -1) } });
    expect(await screen.findByText('Date must be after the departure date')).toBeInTheDocument();
    expect(fields().submit).toBeDisabled();
    fireEvent.change(fields().return, { target: { value: later } });
    await waitFor(() =>
      expect(screen.queryByText('Date must be after the departure date')).not.toBeInTheDocument(),
    );
    expect(fields().submit).toBeEnabled();
  });

  it("tells the server's longest stay and booking horizon beside the field before submitting", async () => {
    mockApi([
      {
        path: 'blockout-periods/current_form_blockout/',
        body: { data: null, meta: { stayLimits: { maxStayDays: 30, bookingHorizonDays: 60 } } },
      },
    ]);
    renderWithProviders(<QuoteForm />);
    await screen.findByRole('form', { name: 'Get a quote' });
    // The horizon's last day is allowed, the next is not.
    const lastDay = plusDays(businessToday(), 60);
    fireEvent.change(fields().departure, { target: { value: lastDay } });
    fireEvent.change(fields().return, { target: { value: lastDay } });
    expect(fields().submit).toBeEnabled();
    fireEvent.change(fields().departure, { target: { value: plusDays(lastDay, 1) } });
    expect(await screen.findByText('Date must be no more than 60 days from today')).toBeInTheDocument();
    expect(fields().departure).toHaveAttribute('aria-invalid', 'true');
    expect(fields().submit).toBeDisabled();
    // A 30-day stay (both ends counted) is allowed, 31 days are not.
    const start = plusDays(businessToday(), 5);
    fireEvent.change(fields().departure, { target: { value: start } });
    fireEvent.change(fields().return, { target: { value: plusDays(start, 29) } });
    await waitFor(() => expect(fields().submit).toBeEnabled());
    fireEvent.change(fields().return, { target: { value: plusDays(start, 30) } });
    expect(await screen.findByText('A stay can be at most 30 days.')).toBeInTheDocument();
    expect(fields().return).toHaveAttribute('aria-invalid', 'true');
    expect(fields().submit).toBeDisabled();
  });

  it('applies the default limits (a year, two years ahead) when the server gives none', async () => {
    mockApi([noBlockout]);
    renderWithProviders(<QuoteForm />);
    await screen.findByRole('form', { name: 'Get a quote' });
    fireEvent.change(fields().departure, { target: { value: plusDays(businessToday(), 731) } });
    expect(await screen.findByText('Date must be no more than 730 days from today')).toBeInTheDocument();
  });

  it('moves the return date up when the departure moves past it', async () => {
    mockApi([noBlockout]);
    renderWithProviders(<QuoteForm />);
    await screen.findByRole('form', { name: 'Get a quote' });
    const departure = plusDays(businessToday(), 12);
    fireEvent.change(fields().departure, { target: { value: departure } });
    expect(fields().return).toHaveValue(departure);
    const back = plusDays(departure, 3);
    fireEvent.change(fields().return, { target: { value: back } });
    fireEvent.change(fields().departure, { target: { value: plusDays(departure, 1) } });
    expect(fields().return).toHaveValue(back);
  });

  it('hands the dates to the first booking step', async () => {
    const start = plusDays(businessToday(), 20);
    const end = plusDays(start, 4);
    mockApi([noBlockout, { path: 'quotes/', body: { data: [], included: [] } }]);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('form', { name: 'Get a quote' });
    fireEvent.change(fields().departure, { target: { value: start } });
    fireEvent.change(fields().return, { target: { value: end } });
    await user.click(fields().submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-1'));
    expect(await screen.findByLabelText(/Departure date/)).toHaveValue(start);
    expect(screen.getByLabelText(/Return date/)).toHaveValue(end);
  });

  it('gives way to the blockout message while an online_form blockout is current', async () => {
    mockApi([
      {
        path: 'blockout-periods/current_form_blockout/',
        body: {
          data: {
            type: 'blockout-periods',
            id: '4',
            attributes: {
              name: 'Upgrade',
              message: 'Back on Monday.',
              startDatetime: '',
              endDatetime: '',
              blockType: 'online_form',
            },
          },
        },
      },
    ]);
    renderWithProviders(<QuoteForm />);
    expect(await screen.findByText('Back on Monday.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Get a quote' })).not.toBeInTheDocument();
  });

  it('says the spec default when the blockout has no message', async () => {
    mockApi([
      {
        path: 'blockout-periods/current_form_blockout/',
        body: {
          data: {
            type: 'blockout-periods',
            id: '4',
            attributes: {
              name: 'Upgrade',
              message: '',
              startDatetime: '',
              endDatetime: '',
              blockType: 'online_form',
            },
          },
        },
      },
    ]);
    renderWithProviders(<QuoteForm />);
    expect(
      await screen.findByText(
        'Online bookings are currently unavailable. Please contact us on a phone number for enquiries.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call 1300 975 707' })).toHaveAttribute('href', 'tel:1300975707');
  });

  it('readies the quote step for its first dates once the page is idle, and for the dates asked for as the button turns busy', async () => {
    mockApi([noBlockout]);
    const prepared: QuoteDates[] = [];
    renderWithProviders(<QuoteForm prepareQuote={(_client, dates) => void prepared.push(dates)} />);
    await screen.findByRole('form', { name: 'Get a quote' });
    const first = {
      startDate: fields().departure.getAttribute('value'),
      endDate: fields().return.getAttribute('value'),
    };
    await waitFor(() => expect(prepared).toEqual([first]));

    const later = plusDays(businessToday(), 20);
    fireEvent.change(fields().departure, { target: { value: later } });
    fireEvent.change(fields().return, { target: { value: plusDays(later, 4) } });
    const { submit } = fields();
    expect(within(submit).queryByRole('progressbar')).not.toBeInTheDocument();
    fireEvent.click(submit);
    // In the click itself: the quote asked for, the button busy.
    expect(prepared).toEqual([first, { startDate: later, endDate: plusDays(later, 4) }]);
    expect(submit).toBeDisabled();
    expect(within(submit).getByRole('progressbar')).toBeInTheDocument();
  });
});
