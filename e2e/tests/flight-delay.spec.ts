/**
 * Flight-aware returns (issue 24): the local flight-status provider is told (through the staff API) that a
 * traveller's flight home lands 2 h 10 min late; the pick-up follows it at no charge, as the traveller sees
 * in Manage my booking and staff in the diary ("Delayed +2 h 10 min", the new time), and the traveller's
 * email says the car will be ready when they land. The diary's Flight dialog sets a delay by hand.
 */
import { expect, test } from '@playwright/test';
import { demo, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot } from '../support/booking';
import { mailTo } from '../support/mail';
import { paidBooking } from '../support/paid-booking';
import { findMyBooking } from '../support/manage-booking';

/** 'YYYY-MM-DD' → 'D/M/YYYY', as the public site shows dates. */
const shortDate = (date: string) =>
  date
    .split('-')
    .reverse()
    .map((part) => String(Number(part)))
    .join('/');

test.describe('a late flight home', () => {
  test('moves the pick-up free: the traveller’s booking and the diary show the new time, and the email arrives', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const email = uniqueEmail(testInfo, 'flight-delay');
    // A flight number of this run's own, so that no other booking is on it.
    const flight = `ZL${String(Date.now()).slice(-4)}`;
    const booking = await paidBooking(request, { email, fromDay: 84, rego: 'FLT1', flightNumberIn: flight });
    const pickUpDate = booking.stay.endDate;

    // The local provider's flight, set by staff: it lands at 8:10 pm instead of 6:00 pm.
    const token = await adminToken(request);
    const set = await adminApi(request, token, 'POST', 'local-flight-statuses/', {
      data: {
        type: 'local-flight-statuses',
        attributes: {
          flightNumber: flight,
          date: pickUpDate,
          scheduledArrival: `${pickUpDate}T18:00:00+11:00`,
          state: 'delayed',
          estimatedArrival: `${pickUpDate}T20:10:00+11:00`,
        },
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);

    // The traveller: Manage my booking shows the new pick-up, moved at no charge.
    const main = await findMyBooking(page, booking.code, email);
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible({
      timeout: 15_000,
    });
    const parking = main.getByRole('region', { name: 'Parking' });
    await expect(parking).toContainText(new RegExp(`${shortDate(pickUpDate)}, 8:10\\s?pm`, 'i'));
    await expect(parking).toContainText('Your flight is running 2 h 10 min late');
    await expect(parking).toContainText('at no charge');
    await expect(main.getByRole('region', { name: 'Charges', exact: true })).toContainText(
      `$${Number(booking.total).toFixed(2)}`,
    );
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'flight-delay-manage-booking');

    // The email arrived, saying the car will be ready when they land.
    await expect
      .poll(async () => (await mailTo(request, email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('your car will be ready when you land'));
    const mail = (await mailTo(request, email)).find((item) => item.subject.includes('ready when you land'));
    expect(mail?.text).toContain('+2 h 10 min');
    expect(mail?.text).toContain('Extra charge: None');

    // Staff: the diary of the pick-up day shows the delay and the new time.
    await page.context().clearCookies();
    await openAdmin(page, `/admin/diary?diary_date=${pickUpDate}`, demo.sales);
    const row = page.locator(`[data-booking-id="${booking.id}"][data-direction="arriving"]`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('Delayed +2 h 10 min');
    await expect(row).toContainText(/now 8:10\s?pm, was 6:00\s?pm/i);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'flight-delay-diary');

    // The Flight dialog: staff set it by hand to 45 minutes late; the row follows.
    await row.getByRole('button', { name: `Flight: booking ${booking.code}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Hours late' })).toHaveValue('2');
    await expect(dialog.getByRole('textbox', { name: 'Minutes late' })).toHaveValue('10');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('textbox', { name: 'Hours late' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Minutes late' }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter how late the flight is.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Minutes late' }).fill('45');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Delayed +45 min');
    await expect(row).toContainText(/now 6:45\s?pm, was 6:00\s?pm/i);
  });
});
