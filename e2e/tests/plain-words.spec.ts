/**
 * No internal words shown to people (issue 22, item 6): payment methods by their labels ("Card", not
 * "stripe"), the admin edit history in sentences with field labels, the admin flight lists in one time
 * format (HH:mm, back-office §9), and the cancellation email's dates as every other email writes them.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { signedInCustomerWithBooking } from '../support/customer-booking';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { keepScreenshot } from '../support/booking';
import { mailTo } from '../support/mail';
import { API, JSONAPI, paidBooking } from '../support/paid-booking';

test.describe('plain words', () => {
  test('My Bookings names the card payment "Card"; the cancellation email dates are D/MM/YYYY', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { account, token, booking } = await signedInCustomerWithBooking(
      { page, request, playwright },
      testInfo,
      'plain-words',
      {
        fromDay: testInfo.project.name === 'phone' ? 76 : 74,
        rego: `PLW${testInfo.project.name === 'phone' ? 'P' : 'D'}1`,
      },
    );
    await page.goto('/bookings');
    await page
      .getByRole('main')
      .getByRole('button', { name: `View booking ${booking.code}` })
      .click({ timeout: 15_000 });
    const payment = page.getByRole('dialog').getByRole('region', { name: 'Payment', exact: true });
    await expect(payment).toContainText('MethodCard');
    await expect(payment).not.toContainText('stripe');
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'my-booking-method-card');

    // Cancelled (as manage my booking does): the email writes its dates as the confirmation does.
    const cancelled = await request.post(`${API}/manage-bookings/${booking.id}/cancellation/`, {
      headers: { ...JSONAPI, authorization: `Token ${token}` },
      data: { data: { type: 'cancellations', attributes: {} } },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    let text = '';
    await expect
      .poll(async () => {
        const mail = (await mailTo(request, account.email)).find(
          (message) => message.subject === `Your booking ${booking.code} has been cancelled`,
        );
        text = mail?.text ?? '';
        return text;
      })
      .toContain('Drop-off:');
    const [year, month, day] = booking.stay.startDate.split('-');
    expect(text).toMatch(
      new RegExp(`Drop-off: \\w{3} ${Number(day)}/${month}/${year}, \\d{1,2}:\\d{2} (am|pm)`),
    );
    expect(text).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/);
  });

  test('the admin edit history speaks in sentences; flight lists use HH:mm only', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const booking = await paidBooking(request, {
      email: uniqueEmail(testInfo, 'history'),
      fromDay: 78,
      rego: 'HIST1',
    });
    await openAdmin(page, `/admin/bookings/${booking.id}`);
    const history = page.getByRole('region', { name: 'Edit History' });
    await expect(history).toContainText(`Card payment of $${booking.total} received`, { timeout: 15_000 });
    await expect(history).toContainText(`Booked online for $${booking.total}`);
    await expect(history).not.toContainText(/payment intent|source|Changed amount/i);

    // The booking form's flights: the flight and its bus in one format.
    const flights = page.getByRole('combobox', { name: 'Departure Flight' });
    await expect(flights.locator('option').nth(1)).toBeAttached({ timeout: 15_000 });
    const labels = await flights.locator('option').allTextContents();
    const listed = labels.filter((label) => /\d{2}:\d{2}/.test(label));
    expect(listed.length).toBeGreaterThan(0);
    for (const label of listed) expect(label).not.toMatch(/\b(am|pm)\b/);
    await expect(page.getByRole('combobox', { name: 'Payment Method' })).toContainText('Card');
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-edit-history');

    // The Flights list: Time and Bus Trip both HH:mm.
    await page.goto('/admin/flights');
    const table = page.getByRole('table', { name: 'Flights' });
    await expect(table.locator('tbody tr').first()).toContainText(/\d{2}:\d{2}/, { timeout: 15_000 });
    await expect(table.locator('tbody')).not.toContainText(/\d (am|pm)\b/);
    await expectNoSeriousA11yViolations(page);
  });
});
