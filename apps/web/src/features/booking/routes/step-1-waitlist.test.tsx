import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { noBlockout, quotesRoute, storedWizard, testStay } from '../testing/wizard-fixtures';

beforeEach(() => window.sessionStorage.clear());

describe('step 1, the waitlist of a full car park', () => {
  it('a traveller joins the waitlist of the full car park with their email, told beside the field', async () => {
    const { calls } = mockApi([
      noBlockout,
      quotesRoute({ indoor: true }),
      {
        method: 'POST',
        path: 'waitlist-entries/',
        status: 201,
        body: {
          data: { type: 'waitlist-entries', id: 'b1946ac9-2d1c-4c5e-9a4a-7d1a7d4f2f11', attributes: {} },
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/booking/step-1');

    const join = await screen.findByRole('group', { name: 'Join the waitlist' });
    expect(join).toHaveTextContent('Indoor is full for these dates.');
    await user.click(within(join).getByRole('button', { name: 'Join the waitlist' }));
    expect(within(join).getByText('Email address required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'waitlist-entries/')).toBe(false);

    await user.type(within(join).getByRole('textbox', { name: 'Email' }), 'Wait@Example.com');
    await user.click(within(join).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByTestId('waitlist-joined')).toHaveTextContent(
      'Check your email: open the link we have sent to confirm your place on the waitlist. We have sent it to wait@example.com.',
    );
    const posted = calls.find((call) => call.path === 'waitlist-entries/');
    expect(posted?.body).toMatchObject({
      data: {
        type: 'waitlist-entries',
        attributes: { email: 'wait@example.com' },
        relationships: { lot: { data: { type: 'lots', id: '1' } } },
      },
    });
  });

  it('offers no waitlist while every car park has room', async () => {
    mockApi([noBlockout, quotesRoute()]);
    renderApp('/booking/step-1');
    await screen.findByRole('radio', { name: /Outdoor/ });
    expect(screen.queryByRole('group', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });

  it('a waitlist link opens the held car park as bookable, and the save will claim it with the token', async () => {
    const { startDate: start, endDate: end } = testStay();
    mockApi([noBlockout, quotesRoute({ indoor: true })]);
    renderApp(`/booking/step-1?start=${start}&end=${end}&lot=1&waitlist=7.token`);

    const indoor = await screen.findByRole('radio', { name: /Indoor/ });
    await waitFor(() => expect(indoor).toBeChecked());
    expect(indoor).toBeEnabled();
    expect(storedWizard()).toMatchObject({
      quote: { startDate: start, endDate: end, lotId: '1', price: '80.00' },
      waitlist: { token: '7.token', lotId: '1', startDate: start, endDate: end },
    });
    expect(screen.queryByRole('group', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });
});
