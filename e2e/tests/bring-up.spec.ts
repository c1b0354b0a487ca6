/**
 * The return trip (issue 41): a traveller on a phone taps "I have landed" in Manage my booking while staff, on the
 * bring-up board at 360 px in another browser, move the card along ("I'm bringing it up", "Ready at bay 3"); the
 * traveller's page follows without a reload, and the board passes axe.
 */
import { expect, test } from '@playwright/test';
import { demo, login, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';
import { paidBooking } from '../support/paid-booking';
import { findMyBooking } from '../support/manage-booking';

test.describe('the bring-up board and "I have landed"', () => {
  test('the traveller asks for the car and sees it brought up, live, as staff move the card', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, 'bring-up');
    const flight = `ZB${String(Date.now()).slice(-4)}`;
    const booking = await paidBooking(request, { email, fromDay: 86, rego: 'BRU1', flightNumberIn: flight });
    const pickUpDate = booking.stay.endDate;

    // The traveller, on a phone: finds the booking and taps "I have landed".
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const traveller = await phone.newPage();
    const main = await findMyBooking(traveller, booking.code, email);
    const yourReturn = main.getByRole('region', { name: 'Your return' });
    await expect(yourReturn).toBeVisible({ timeout: 15_000 });
    await expect(yourReturn).toContainText('Your shuttle from the terminal');
    await yourReturn.getByRole('button', { name: 'I have landed' }).tap();
    const status = yourReturn.getByRole('status');
    await expect(status).toHaveText('Your car has been asked for. We will bring it up shortly.');
    await expect(yourReturn.getByRole('button', { name: 'I have landed' })).toBeHidden();

    // Staff, on another browser at 360 px: the card is on the day's board, asked for.
    const desk = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const staff = await desk.newPage();
    await login(staff, demo.sales);
    await staff.goto(`/admin/bring-up?date=${pickUpDate}`);
    // On a phone the navigation opens by itself over the page (back-office §9): put it away.
    const nav = staff.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Bring-up board' })).toBeVisible();
    await staff.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(staff.getByRole('heading', { level: 1, name: 'Bring-up board' })).toBeVisible();
    const card = staff.getByRole('article').filter({ hasText: booking.code });
    await expect(card).toContainText('Asked for', { timeout: 15_000 });
    await expect(card).toContainText(/Waited \d+ min/);
    await expect(staff.getByText('Live', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await keepScreenshot(staff, testInfo, 'bring-up-board');

    await card.getByRole('button', { name: "I'm bringing it up" }).tap();
    await expect(card).toContainText('Being brought up by Liam');
    await expect(status).toHaveText('Your car is being brought up by Liam');

    await card.getByRole('button', { name: 'Ready at bay…' }).tap();
    const dialog = staff.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(dialog.getByText('Enter the bay number.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Bay number' }).fill('3');
    await expectNoSeriousA11yViolations(staff);
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Ready at bay 3');

    // The traveller's page follows without a reload.
    await expect(status).toHaveText('Ready at bay 3');
    await keepScreenshot(traveller, testInfo, 'bring-up-traveller');
    await phone.close();
    await desk.close();
  });
});
