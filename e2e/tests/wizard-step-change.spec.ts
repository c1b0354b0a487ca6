import { expect, test } from '@playwright/test';
import { quietStay } from '../support/booking';
import { appAttached } from '../support/app-attached';
import { detailsAndCar, qantasBothWays } from '../support/wizard';

// Moving on from a step whose successor's code has not arrived yet: the step left is gone at once (the loading
// state shows in its place), so its Continue cannot be pressed a second time while the next step loads.
test('the step left is not shown while the next step loads', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const main = page.getByRole('main');
  const stay = quietStay(75, 4);
  await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
  await appAttached(page);
  await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
  await main.getByRole('button', { name: 'Continue' }).click();
  await detailsAndCar(page, `e2e-step-change-${testInfo.project.name}-${Date.now()}@example.com`);
  await qantasBothWays(page);

  // Step 5's code held back until the step left has been looked at.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/step-5-checkout-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/booking\/step-5$/);
  await expect(main.getByRole('progressbar', { name: 'Loading the step' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  release();
  await expect(main.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/booking\/step-6$/);
});
