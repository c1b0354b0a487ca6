import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorDocument, mockApi, type MockRoute } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { startWizard, storedWizard, wizardAt } from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

const costs = (totalCost = '101.70'): MockRoute => ({
  method: 'POST',
  path: 'booking-quotes/',
  status: 201,
  body: {
    data: {
      type: 'booking-quotes',
      id: 'q',
      attributes: {
        parkingCost: '63.00',
        subscriptionDiscount: '0.00',
        amountDiscounted: '6.30',
        discountRate: '0.1',
        extrasCost: '45.00',
        totalCost,
        gst: '9.25',
      },
    },
  },
});

const saved = (totalCost: string, status: string): MockRoute => ({
  method: 'POST',
  path: 'bookings/',
  status: 201,
  body: {
    data: {
      type: 'bookings',
      id: '90',
      attributes: {
        bookingCode: 'QWERTY23',
        clientSecret: status === 'pending' ? 'pi_1_secret_x' : null,
        totalCost,
        status,
        email: 'harriet@example.com',
      },
    },
  },
});

describe('step 6, Booking Summary', () => {
  it("shows the server's charges and GST, saves the booking and goes to payment", async () => {
    startWizard(wizardAt(5));
    const { calls } = mockApi([costs(), saved('101.70', 'pending')]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-6');

    expect(await screen.findByTestId('booking-total')).toHaveTextContent('$101.70');
    const charges = screen.getByRole('region', { name: 'Charges' });
    expect(within(charges).getByText('Includes GST of $9.25')).toBeInTheDocument();
    expect(within(charges).getByText('−$6.30')).toBeInTheDocument();
    // The Your booking panel (beside the step, and folded on a phone) shows the same total.
    const panelTotals = await screen.findAllByTestId('summary-total');
    expect(panelTotals.length).toBeGreaterThan(0);
    for (const panelTotal of panelTotals) expect(panelTotal).toHaveTextContent('$101.70');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-7'));
    const save = calls.find((call) => call.method === 'POST' && call.path === 'bookings/');
    expect(save?.body).toMatchObject({
      data: {
        attributes: {
          email: 'harriet@example.com',
          rego: 'ABC123',
          flightNumberOut: 'QF1502',
          busDepartureTime: '05:00:00',
          promoCode: 'WELCOME10',
        },
        relationships: {
          lot: { data: { type: 'lots', id: '2' } },
          extras: { data: [{ type: 'extras', id: '7' }] },
          customer: { data: null },
        },
      },
    });
    expect(storedWizard()).toMatchObject({
      completed: 6,
      booking: { bookingCode: 'QWERTY23', clientSecret: 'pi_1_secret_x' },
    });
  });

  it('shows a save failure with the label of its field (not the attribute name) and the detail', async () => {
    startWizard(wizardAt(5));
    mockApi([
      costs(),
      {
        method: 'POST',
        path: 'bookings/',
        status: 400,
        body: errorDocument('This email address belongs to a user, please log in to continue.', 'email'),
      },
    ]);
    const user = userEvent.setup();
    renderApp('/booking/step-6');
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Email: This email address belongs to a user, please log in to continue.',
    );
    expect(alert).not.toHaveTextContent('email:');
  });

  it('hides a non_field_errors pointer', async () => {
    startWizard(wizardAt(5));
    mockApi([
      costs(),
      {
        method: 'POST',
        path: 'bookings/',
        status: 400,
        body: {
          errors: [
            {
              status: '400',
              code: 'lot_full',
              detail: 'Drop-offs and pick-ups are not available at this time.',
              source: { pointer: '/data/attributes/non_field_errors' },
            },
          ],
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/booking/step-6');
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Drop-offs and pick-ups are not available at this time\.$/);
  });

  it('goes straight to success when a subscription makes the total zero', async () => {
    startWizard(wizardAt(5));
    mockApi([costs('0.00'), saved('0.00', 'complete')]);
    const user = userEvent.setup();
    const { router } = renderApp('/booking/step-6');
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/step-8'));
    expect(storedWizard()).toMatchObject({ completed: 7, finished: true });
    expect(await screen.findByText('QWERTY23')).toBeInTheDocument();
  });
});
