import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot, quietStay } from '../support/booking';
import { detailsAndCar, qantasBothWays } from '../support/wizard';
import { appAttached } from '../support/app-attached';

// Issue 22, item 2: one running total, the server's pricing of what is chosen now, wherever the wizard shows
// a total: the summary beside the step (desktop), the phone's collapsed "Your booking" header at every step
// up to payment, step 6's total and the amount step 7 charges. Step 5's extras count as soon as they are ticked.

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** The total the traveller reads beside the step: the phone's collapsed header, or the desktop's summary. */
function shownTotal(page: Page, phone: boolean): Locator {
  return phone
    ? page.getByTestId('summary-header-total')
    : page.getByRole('complementary', { name: 'Your booking' }).getByTestId('summary-total').first();
}

test(
  'the running total counts ticked extras and the promo code at once, and is the same at every step',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const phone = testInfo.project.name === 'phone';
    const main = page.getByRole('main');
    const stay = quietStay(70, 5);
    await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
    await appAttached(page);
    await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
    const parking = cents(await page.locator('[data-lot="outdoor"] p').first().textContent());
    await main.getByRole('button', { name: 'Continue' }).click();

    // Steps 2 to 4: the car park's quote is the total so far.
    await expect(shownTotal(page, phone)).toHaveText(`$${(parking / 100).toFixed(2)}`);
    await detailsAndCar(page, `e2e-total-${testInfo.project.name}-${Date.now()}@example.com`);
    await expect(shownTotal(page, phone)).toHaveText(`$${(parking / 100).toFixed(2)}`);
    await qantasBothWays(page);
    await main.getByRole('button', { name: 'Continue' }).click();

    // Step 5: each tick changes the total straight away, by the extra's price.
    await expect(page).toHaveURL(/\/booking\/step-5$/);
    const total = shownTotal(page, phone);
    await expect(total).toHaveText(`$${(parking / 100).toFixed(2)}`);
    const extra = (name: string) =>
      main.locator('label').filter({ has: page.getByText(name, { exact: true }) });
    const wash = extra('Exterior wash');
    const washPrice = cents(await wash.locator('[id$="-price"]').textContent());
    expect(washPrice).toBeGreaterThan(0);
    await main.getByRole('checkbox', { name: 'Exterior wash' }).check();
    await expect(total).toHaveText(`$${((parking + washPrice) / 100).toFixed(2)}`);
    const detail = extra('Interior detail');
    const detailPrice = cents(await detail.locator('[id$="-price"]').textContent());
    await main.getByRole('checkbox', { name: 'Interior detail' }).check();
    const withExtras = parking + washPrice + detailPrice;
    await expect(total).toHaveText(`$${(withExtras / 100).toFixed(2)}`);

    // The promo code takes 10% off the parking, never the extras.
    await main.getByRole('textbox', { name: 'Promo code' }).fill('WELCOME10');
    await main.getByRole('button', { name: 'Apply' }).click();
    const discounted = withExtras - Math.round(parking * 0.1);
    await expect(total).toHaveText(`$${(discounted / 100).toFixed(2)}`);
    const expected = `$${(discounted / 100).toFixed(2)}`;
    if (phone) {
      // The header and the summary under it agree.
      await page.getByRole('button', { name: /Your booking/ }).click();
      await expect(
        page.getByRole('complementary', { name: 'Your booking' }).getByTestId('summary-total').last(),
      ).toHaveText(expected);
    }
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-5-running-total');

    // Unticking takes it off again.
    await main.getByRole('checkbox', { name: 'Interior detail' }).uncheck();
    await expect(total).toHaveText(`$${((discounted - detailPrice) / 100).toFixed(2)}`);
    await main.getByRole('checkbox', { name: 'Interior detail' }).check();
    await expect(total).toHaveText(expected);
    await main.getByRole('button', { name: 'Continue' }).click();

    // Step 6 and step 7: the same figure, and it is what is charged.
    await expect(page).toHaveURL(/\/booking\/step-6$/);
    await expect(page.getByTestId('booking-total')).toHaveText(expected);
    await expect(shownTotal(page, phone)).toHaveText(expected);
    await main.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(/\/booking\/step-7$/);
    await expect(shownTotal(page, phone)).toHaveText(expected);
    await expect(main.getByRole('button', { name: `Pay ${expected}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-7-running-total');
  },
);
