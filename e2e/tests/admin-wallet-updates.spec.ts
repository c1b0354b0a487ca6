/**
 * Wallet updates (issue 41): a traveller's pass changes (here the booking is cancelled, which voids it), the
 * local Google Wallet adapter records the object's update, and an Admin finds it in the back office's
 * navigation, checked with axe.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { keepScreenshot } from '../support/booking';
import { API, JSONAPI, paidBooking } from '../support/paid-booking';

test('an Admin sees the Google Wallet update recorded when a pass changed', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one back-office list: desktop only');
  test.slow();
  const email = uniqueEmail(testInfo, 'wallet-admin');
  const booking = await paidBooking(page.request, { email, fromDay: 54, rego: 'WAL2' });
  // The success page's links make the pass; the traveller then cancels, and the pass is voided.
  const links = await page.request.get(
    `${API}/bookings/${booking.id}/wallet-links/?client_secret=${encodeURIComponent(booking.clientSecret)}`,
  );
  expect(links.status()).toBe(200);
  const session = await page.request.post(`${API}/manage-booking-sessions/`, {
    headers: JSONAPI,
    data: { data: { type: 'manage-booking-sessions', attributes: { bookingCode: booking.code, email } } },
  });
  const token = ((await session.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
  const cancelled = await page.request.post(`${API}/manage-bookings/${booking.id}/cancellation/`, {
    headers: { ...JSONAPI, 'x-manage-token': token },
    data: { data: { type: 'cancellations', attributes: {} } },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await openAdmin(page, '/admin/diary');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Wallet updates' })
    .click();
  await expect(page).toHaveURL('/admin/wallet-updates');
  await expect(page.getByRole('heading', { name: 'Wallet updates', level: 1 })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Wallet updates' })
    .getByRole('row')
    .filter({ hasText: booking.code });
  // The job runs after the cancellation's commit: the list is asked again until it shows.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(row).toContainText('Google Wallet update');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-wallet-updates');
});
