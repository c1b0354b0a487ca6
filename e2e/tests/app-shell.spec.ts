import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { appAttached } from '../support/app-attached';

test.describe('app shell', () => {
  test(
    'home page shows the header, the hero and the footer, accessibly',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      await appAttached(page);

      await expect(page).toHaveTitle('Home | SkyPark Airport Parking');
      const header = page.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Valet indoor and outdoor parking');
      await expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'How it works' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      await expectNoSeriousA11yViolations(page);
    },
  );

  test('an unknown path shows 404 Not Found', async ({ page }) => {
    await page.goto('/no-such-page');

    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Not Found | SkyPark Airport Parking');
    // Checked once the "Page not found" snackbar has finished appearing: mid-fade, its text is faint.
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await page.waitForTimeout(400);
    await expectNoSeriousA11yViolations(page);
  });

  test('permission denied says so', async ({ page }) => {
    await page.goto('/permission-denied');

    await expect(page.getByText('You do not have permissions.')).toBeVisible();
    await expect(page).toHaveTitle('Permission Denied | SkyPark Airport Parking');
  });

  test('the first Tab focuses the skip link, which jumps to the page content', async ({ page }) => {
    await page.goto('/');
    await appAttached(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
