import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { businessDate, keepScreenshot } from '../support/booking';
import { detailsAndCar, hobartInstant } from '../support/wizard';
import { appAttached } from '../support/app-attached';

// Issue 22, item 8: the home quote form and the wizard's first step start at today (public-site §2), and a
// departure today whose time has already gone (a flight whose bus has left, a typed drop-off time) is refused
// where it is chosen, not at the booking's save.

test.describe('quote dates default to today', () => {
  test('the home quote form and step 1 start with today to today, and today is quoted', async ({
    page,
  }, testInfo) => {
    const today = businessDate(new Date());
    await page.goto('/');
    await appAttached(page);
    const quote = page.getByRole('form', { name: 'Get a quote' });
    await expect(quote.getByLabel('Departure date')).toHaveValue(today);
    await expect(quote.getByLabel('Return date')).toHaveValue(today);
    await expect(quote.getByRole('button', { name: 'Get a quote' })).toBeEnabled();
    await quote.getByRole('button', { name: 'Get a quote' }).click();

    await expect(page).toHaveURL(/\/booking\/step-1$/);
    const form = page.getByRole('form', { name: 'Get Quote' });
    await expect(form.getByLabel('Departure date')).toHaveValue(today);
    await expect(form.getByLabel('Return date')).toHaveValue(today);
    await expect(page.locator('[data-lot="outdoor"]')).toContainText(/for 1 day/);

    // A fresh visitor opening step 1 directly gets today too.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/booking/step-1');
    await appAttached(page);
    await expect(form.getByLabel('Departure date')).toHaveValue(today);
    await expect(form.getByLabel('Return date')).toHaveValue(today);
    await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-1-today');
  });

  test('a departure today refuses the flights whose bus has left and a drop-off time that has passed', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const today = businessDate(new Date());
    // 1 pm at the car park, today (the browser's clock only: the quote is today's either way).
    await page.clock.setFixedTime(hobartInstant(today, '13:00'));
    await page.goto('/booking/step-1');
    await appAttached(page);
    const main = page.getByRole('main');
    await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
    await main.getByRole('button', { name: 'Continue' }).click();
    await detailsAndCar(page, `e2e-today-${testInfo.project.name}-${Date.now()}@example.com`);

    // The morning flights' buses have left: listed, but they cannot be chosen; the afternoon's can.
    await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Qantas' });
    const outFlight = main.getByRole('combobox', { name: 'Departure flight' });
    await expect(outFlight.locator('option', { hasText: 'bus has left' }).first()).toBeDisabled();
    const options = await outFlight.locator('option').evaluateAll((list) =>
      list.map((option) => ({
        text: option.textContent ?? '',
        disabled: (option as HTMLOptionElement).disabled,
      })),
    );
    const flights = options.filter((option) => /^QF/.test(option.text));
    const morning = flights.filter((option) => / (6|7|9|10|11):\d{2} am /.test(option.text));
    const afternoon = flights.filter((option) => / (2|3|5|6|8):\d{2} pm /.test(option.text));
    expect(morning.length).toBeGreaterThan(0);
    expect(morning.every((option) => option.disabled && option.text.endsWith('(bus has left)'))).toBe(true);
    expect(afternoon.length).toBeGreaterThan(0);
    expect(afternoon.every((option) => !option.disabled)).toBe(true);

    // Not flying, with a drop-off time earlier today: refused beside the time, the step stays.
    await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Not flying' });
    await main.getByLabel('Drop-off time').fill('09:30');
    await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Not flying' });
    await main.getByLabel('Pick-up time').fill('18:00');
    await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
    await main.getByRole('button', { name: 'Continue' }).click();
    const passed = 'This drop-off time has already passed. Please choose a later flight or time.';
    await expect(main.getByText(passed)).toBeVisible();
    await expect(main.getByLabel('Drop-off time')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/booking\/step-4$/);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-4-drop-off-passed');

    // A time still to come today is taken.
    await main.getByLabel('Drop-off time').fill('15:00');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/booking\/step-5$/);
  });
});
