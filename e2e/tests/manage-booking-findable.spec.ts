/**
 * Manage my booking is easy to find (issue 22, item 4): the footer, the account menu and the FAQ lead
 * to it; the confirmation email's link opens the booking directly (its signed token), ?code= fills the
 * code in, and an expired or tampered link asks for the email with the code already there.
 */
import { expect, test } from '@playwright/test';
import { demo, login, openAccountMenu, uniqueEmail } from '../support/accounts';
import { appAttached } from '../support/app-attached';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';
import { linkFromMail } from '../support/mail';
import { paidBooking } from '../support/paid-booking';

test.describe('finding manage my booking', () => {
  test('the emailed link opens the booking directly; ?code= fills the code; a tampered link asks again', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const phone = testInfo.project.name === 'phone';
    const email = uniqueEmail(testInfo, 'findable');
    const booking = await paidBooking(request, { email, fromDay: phone ? 88 : 86, rego: 'FIND1' });
    const link = await linkFromMail(request, email, '/manage-booking');
    expect(link).toContain(`code=${booking.code}`);
    expect(link).toContain(`booking=${booking.id}`);

    // The emailed link: the booking at once, no code or email asked; the token leaves the address.
    await page.goto(link);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(new RegExp(`/manage-booking\\?booking=${booking.id}$`));
    await expect(main.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'manage-booking-from-email');

    // A tampered link opens nothing: the code is filled in, the email asked for.
    const tampered = link.replace(/token=([^&]+)/, (_all, token: string) => `token=${token.slice(0, -2)}xx`);
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto(tampered);
    await expect(main.getByText(/Your access to this booking has expired/)).toBeVisible({ timeout: 15_000 });
    await expect(main.getByRole('textbox', { name: 'Booking code' })).toHaveValue(booking.code);
    await main.getByRole('textbox', { name: 'Email address' }).fill(email);
    await main.getByRole('button', { name: 'Find my booking' }).click();
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible();

    // ?code= alone fills the code in.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto(`/manage-booking?code=${booking.code}`);
    await expect(main.getByRole('textbox', { name: 'Booking code' })).toHaveValue(booking.code);
    await expectNoSeriousA11yViolations(page);
  });

  test('the footer and the FAQ lead to it; the FAQ tells how to change or cancel online', async ({
    page,
  }) => {
    await page.goto('/faq');
    // The page arrives pre-rendered: its questions open once the app has taken it over.
    await appAttached(page);
    const faq = page.getByRole('main');
    await faq.getByRole('button', { name: 'Can I change or cancel my booking?' }).click();
    await expect(faq.getByText(/Yes, online\. Open Manage my booking/)).toBeVisible();
    await expect(faq.getByText(/Call us or reply to your confirmation email/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Manage my booking' }).click();
    await expect(page).toHaveURL(/\/manage-booking$/);
    await expect(page.getByRole('main').getByRole('button', { name: 'Find my booking' })).toBeVisible();
  });

  test('a signed-in customer has it in the account menu', { tag: '@phone' }, async ({ page }) => {
    await login(page, demo.customer);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Manage my booking' }).click();
    await expect(page).toHaveURL(/\/manage-booking$/);
  });
});
