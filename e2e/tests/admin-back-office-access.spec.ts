/**
 * Who may open the staff back office: the Sales user sees no Promo Codes or Settings and is refused the
 * Admins-only routes, a customer is refused it all (back-office §2, §6).
 */
import { expect, test } from '@playwright/test';
import { demo } from '../support/accounts';
import { openAdmin } from '../support/back-office';

test.describe('back office', () => {
  test('Sales sees no Promo Codes or Settings and is refused Admins-only routes', async ({ page }) => {
    await openAdmin(page, '/admin/bookings', demo.sales);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const item of ['Diary', 'Bookings', 'Customers', 'Vehicles', 'Contact'])
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Promo Codes' })).toHaveCount(0);
    await expect(nav.getByText('Settings')).toHaveCount(0);
    await expect(nav.getByText('Reports')).toHaveCount(0);
    // Sales may not delete bookings either (back-office §6).
    await expect(
      page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Delete' }),
    ).toHaveCount(0);

    // Refused inside the back office (its frame and navigation stay): admin-booking-form.spec.ts.
    await page.goto('/admin/discounts');
    await expect(page).toHaveURL('/admin/discounts');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the diary' })).toBeVisible();
  });

  test('a customer is refused the back office', async ({ page }) => {
    await openAdmin(page, '/admin', demo.customer);
    await expect(page).toHaveURL('/permission-denied');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
  });
});

test.describe('the back office at 1050 px', () => {
  test.use({ viewport: { width: 1050, height: 800 } });

  test('the navigation opens by itself on /admin: its redirect to the diary is not a choice of page', async ({
    page,
  }) => {
    // Issue 40: the redirect from /admin to the diary closed the drawer that had just opened by itself.
    await openAdmin(page, '/admin', demo.sales);
    await expect(page).toHaveURL('/admin/diary');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav).toBeVisible();
    // Choosing a page still closes it.
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await expect(page).toHaveURL('/admin/bookings');
    await expect(nav).toBeHidden();
  });
});
