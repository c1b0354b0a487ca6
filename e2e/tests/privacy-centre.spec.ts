/**
 * The privacy centre (issue 38) in Chromium: a customer downloads their data from the profile and the zip holds
 * their booking and nobody else's; closing the account, by keyboard, is first refused while a booking is still
 * going ahead, then done once it is cancelled: signed out, emailed, no longer found by staff search, its invoice
 * still printed for staff; Admins see the closing on Privacy requests. Axe on each new page and the dialog, and
 * both at 360 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { apiLogin, login, registerByApi, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken } from '../support/booking';
import { mailTo } from '../support/mail';
import { API, JSONAPI, paidBooking } from '../support/paid-booking';

/** Nothing wider than a 360 px phone. */
async function fitsAt360(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

test('a customer downloads their data and closes their account; staff keep the invoice, not the person', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'privacy');
  const account = await registerByApi(request, email);
  const { token } = await apiLogin(playwright, testInfo, email, account.password);
  const rego = `PRV${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const mine = await paidBooking(request, { email, token, fromDay: 52, rego });
  // Somebody else's booking, which must appear nowhere in this customer's download.
  const otherEmail = uniqueEmail(testInfo, 'privacy-other');
  const theirs = await paidBooking(request, { email: otherEmail, fromDay: 53, rego: `${rego}X` });

  await login(page, email, account.password);
  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Download my data: a zip of this customer's own data.
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-skypark-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const bookings = JSON.parse(strFromU8(files['bookings.json'] ?? new Uint8Array())) as Array<{
    bookingCode: string;
  }>;
  expect(bookings.map((booking) => booking.bookingCode)).toEqual([mine.code]);
  const everything = Object.values(files)
    .map((bytes) => strFromU8(bytes))
    .join('\n');
  expect(everything).toContain(email);
  expect(everything).not.toContain(theirs.code);
  expect(everything).not.toContain(otherEmail);

  // Close my account, by keyboard: refused in words while the booking is still going ahead.
  await fitsAt360(page);
  const closeButton = yourData.getByRole('button', { name: 'Close my account' });
  await closeButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('seven years');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(/^Your password/).focus();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText(`Your booking ${mine.code} is still going ahead`);

  // The customer cancels it (manage my booking), then closes the account.
  const session = await request.post(`${API}/manage-booking-sessions/`, {
    headers: JSONAPI,
    data: { data: { type: 'manage-booking-sessions', attributes: { bookingCode: mine.code, email } } },
  });
  expect(session.status(), await session.text()).toBe(201);
  const manageToken = ((await session.json()) as { data: { attributes: { token: string } } }).data.attributes
    .token;
  const cancelled = await request.post(`${API}/manage-bookings/${mine.id}/cancellation/`, {
    headers: { ...JSONAPI, 'x-manage-token': manageToken },
    data: { data: { type: 'cancellations', attributes: {} } },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await dialog.getByLabel(/^Your password/).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your account is closed. We have emailed you a confirmation.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect
    .poll(async () => (await mailTo(request, email)).map((mail) => mail.subject))
    .toContain('Your account is closed');
  const relogin = await request.post(`${API}/sessions/`, {
    headers: JSONAPI,
    data: { data: { type: 'sessions', attributes: { email, password: account.password } } },
  });
  expect(relogin.status()).toBe(400);

  // Staff search finds neither the person nor their booking by their details; the invoice still prints.
  const staff = await adminToken(request);
  const customers = await adminApi(
    request,
    staff,
    'GET',
    `customers/?filter[search]=${encodeURIComponent(email)}`,
  );
  expect((customers.body as { data: unknown[] }).data).toEqual([]);
  const found = await adminApi(request, staff, 'GET', `bookings/search/?q=${encodeURIComponent(email)}`);
  expect(JSON.stringify(found.body)).not.toContain(mine.code);
  const invoice = await request.get(`${API}/bookings/${mine.id}/invoice/`, {
    headers: { authorization: `Token ${staff}` },
  });
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');

  // Admins see the closing on Privacy requests, reached from the back office's navigation.
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'admin@example.com');
  await page.goto('/admin/diary');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Privacy requests' })
    .click();
  await expect(page).toHaveURL('/admin/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy requests', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Account closings' })).toContainText('(de-identified)');
  await expect(page.getByRole('table', { name: 'Retention runs' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fitsAt360(page);
  await expectNoSeriousA11yViolations(page);
});
