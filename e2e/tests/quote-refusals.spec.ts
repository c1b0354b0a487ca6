import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { blockOut } from '../support/blockouts';
import { addDays } from '../support/paid-booking';
import { keepScreenshot, quietStay } from '../support/booking';
import { detailsAndCar } from '../support/wizard';
import { appAttached } from '../support/app-attached';

// Issue 22, item 1: a parking blockout is told where the dates are chosen (the home form and step 1), with
// its own message beside the date it closes and the button disabled, not after five steps; a refusal at the
// save reads as a sentence with the field's label, never 'startDatetime: …'; a time inside a blockout that
// takes part of a day is refused beside its field at step 4. Each test's blockout is on
// days of its own, far from every other journey's, and is deleted afterwards.

test('a day closed by a parking blockout is refused at step 1, beside its date, with its message', async ({
  page,
  request,
}, testInfo) => {
  const offset = testInfo.project.name === 'phone' ? 140 : 120;
  const stay = quietStay(offset, 3);
  const message = `We are closed for staff training (${testInfo.project.name}).`;
  const remove = await blockOut(request, stay.startDate, message);
  try {
    await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
    await appAttached(page);
    const quote = page.getByRole('form', { name: 'Get Quote' });
    // Beside its date (the car park cards and the price calendar tell it too: issue 40).
    await expect(quote.getByLabel('Departure date')).toHaveAccessibleDescription(message);
    await expect(page.getByRole('main').getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-1-blocked-out-day');
  } finally {
    await remove();
  }
});

test('a refusal at the save reads as a sentence with the field’s label', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const offset = testInfo.project.name === 'phone' ? 160 : 150;
  const stay = quietStay(offset, 3);
  const main = page.getByRole('main');
  await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
  await appAttached(page);
  await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
  await main.getByRole('button', { name: 'Continue' }).click();
  await detailsAndCar(page, `e2e-refusal-${testInfo.project.name}-${Date.now()}@example.com`);
  await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Not flying' });
  await main.getByLabel('Drop-off time').fill('08:00');
  await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Not flying' });
  await main.getByLabel('Pick-up time').fill('18:00');
  await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/booking\/step-5$/);
  // The extras step's own form: the address changes a moment before the step's screen replaces step 4's.
  await expect(main.getByRole('form', { name: 'Promo code' })).toBeVisible();
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/booking\/step-6$/);

  // The car park closes the drop-off day while the traveller reads the summary.
  const message = `Closed for resurfacing (${testInfo.project.name}).`;
  const remove = await blockOut(request, stay.startDate, message);
  try {
    await main.getByRole('button', { name: 'Confirm booking' }).click();
    const alert = main.getByRole('alert').filter({ hasText: message });
    await expect(alert).toHaveText(`Drop-off: ${message}`);
    await expect(alert).not.toContainText('startDatetime');
    await expect(page).toHaveURL(/\/booking\/step-6$/);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-6-refusal-sentence');
  } finally {
    await remove();
  }
});

test('the home quote form tells a day closed by a parking blockout beside its date, and its button waits', async ({
  page,
  request,
}, testInfo) => {
  // Days of March: clear of the festive season and of daylight saving's end in April.
  const offset = testInfo.project.name === 'phone' ? 110 : 100;
  const stay = quietStay(offset, 3);
  const message = `Closed for the runway works (${testInfo.project.name}).`;
  const remove = await blockOut(request, stay.endDate, message);
  try {
    await page.goto('/');
    await appAttached(page);
    // Still slides: axe reads no colour half-way through a slide's fade.
    await page.getByRole('button', { name: 'Pause the slides' }).click();
    const form = page.getByRole('form', { name: 'Get a quote' });
    const returnDate = form.getByLabel('Return date');
    const button = form.getByRole('button', { name: 'Get a quote' });
    await form.getByLabel('Departure date').fill(stay.startDate);
    await returnDate.fill(stay.endDate);
    await expect(returnDate).toHaveAccessibleDescription(message);
    await expect(button).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'home-blocked-out-day');

    // A day later the car park is open: the message goes and the button works.
    await returnDate.fill(addDays(stay.endDate, 1));
    await expect(form.getByText(message)).toHaveCount(0);
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page).toHaveURL(/\/booking\/step-1/);
  } finally {
    await remove();
  }
});

test('a drop-off time inside a blockout taking part of the day is refused at step 4, beside its field', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const offset = testInfo.project.name === 'phone' ? 185 : 170;
  const stay = quietStay(offset, 3);
  const message = `No cars moved during the line marking (${testInfo.project.name}).`;
  const remove = await blockOut(request, stay.startDate, message, { hours: { from: '10:00', to: '14:00' } });
  const main = page.getByRole('main');
  try {
    // The home form tells the part-day blockout with its times, and lets the traveller on.
    await page.goto('/');
    await appAttached(page);
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByLabel('Departure date').fill(stay.startDate);
    await form.getByLabel('Return date').fill(stay.endDate);
    await expect(form.getByText(message)).toContainText('No drop-offs or pick-ups from');
    await form.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
    await main.getByRole('button', { name: 'Continue' }).click();
    await detailsAndCar(page, `e2e-part-day-${testInfo.project.name}-${Date.now()}@example.com`);
    await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Not flying' });
    const dropOff = main.getByLabel('Drop-off time');
    await dropOff.fill('11:00');
    await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Not flying' });
    await main.getByLabel('Pick-up time').fill('18:00');
    await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
    await main.getByRole('button', { name: 'Continue' }).click();

    await expect(dropOff).toHaveAccessibleDescription(message);
    await expect(page).toHaveURL(/\/booking\/step-4$/);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-4-part-day-blockout');

    // After the blockout ends the drop-off is taken.
    await dropOff.fill('14:30');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/booking\/step-5$/);
  } finally {
    await remove();
  }
});
