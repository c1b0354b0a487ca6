import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { businessDate, keepScreenshot } from '../support/booking';
import { appAttached } from '../support/app-attached';

// The booking wizard at 390 px, the width of most phones (issue 13): the chosen flight is not cut off,
// Not flying is set apart from the airlines, and an extra that cannot be booked takes two lines, not six.
// Both projects run it at 390 px.

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A stay inside the demo seed's "Wash bay upgrade" blockout (today + 10 to today + 17: washes and valets
 * cannot be booked), with neither end on Christmas Day (closed).
 */
function washBlockoutStay(): { startDate: string; endDate: string } {
  let start = addDays(businessDate(new Date()), 11);
  if ([start, addDays(start, 2)].some((date) => date.endsWith('-12-25'))) start = addDays(start, 2);
  return { startDate: start, endDate: addDays(start, 2) };
}

/** The element's text is all visible: nothing scrolled out of it, nothing past the screen's edge. */
async function expectNotClipped(locator: Locator, width: number) {
  await expect(locator).toBeVisible();
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, right: rect.right };
  });
  expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  expect(box.right).toBeLessThanOrEqual(width);
}

async function toFlightsStep(page: Page, stay: { startDate: string; endDate: string }) {
  const main = page.getByRole('main');
  const next = () => main.getByRole('button', { name: 'Continue' }).click();
  await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
  await appAttached(page);
  await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
  await next();
  await expect(page).toHaveURL(/\/booking\/step-2$/);
  await main.getByRole('combobox', { name: 'Title' }).selectOption('Mr');
  await main.getByRole('textbox', { name: 'First name' }).fill('Percy');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Phone');
  await main.getByRole('textbox', { name: 'Phone number' }).fill('0400 555 390');
  await main.getByRole('textbox', { name: 'Email' }).fill(`e2e-phone-layout-${Date.now()}@example.com`);
  await next();
  await expect(page).toHaveURL(/\/booking\/step-3$/);
  await main.getByRole('textbox', { name: 'Rego' }).fill('PHN390');
  await main.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Sedan' });
  await main.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
  await main.getByRole('textbox', { name: 'Model' }).fill('Camry');
  await main.getByRole('combobox', { name: 'Colour' }).selectOption('Silver');
  await next();
  await expect(page).toHaveURL(/\/booking\/step-4$/);
}

test(
  'the booking wizard fits a 390 px phone: the chosen flight, Not flying first, unavailable extras in two lines',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const main = page.getByRole('main');
    await toFlightsStep(page, washBlockoutStay());

    // Not flying first, apart from the airlines, which keep their alphabetical order in their own group.
    const airline = main.getByRole('combobox', { name: 'Departure airline' });
    // The airlines arrive after the step is drawn: read the options once they have.
    await expect(airline.locator('option', { hasText: 'Not flying' })).toHaveCount(1);
    const options = await airline.evaluate((select) =>
      Array.from((select as HTMLSelectElement).options).map((option) => ({
        text: option.text,
        group: option.parentElement?.tagName === 'OPTGROUP',
      })),
    );
    expect(options[1]).toEqual({ text: 'Not flying', group: false });
    const airlines = options.slice(2);
    expect(airlines.length).toBeGreaterThan(1);
    expect(airlines.every((option) => option.group)).toBe(true);
    expect(airlines.map((option) => option.text)).toEqual(
      [...airlines.map((option) => option.text)].sort((a, b) => a.localeCompare(b)),
    );

    // The chosen flight in full, inside the screen.
    await airline.selectOption({ label: 'Qantas' });
    const outFlight = main.getByRole('combobox', { name: 'Departure flight' });
    await expect(outFlight.locator('option')).not.toHaveCount(2);
    await outFlight.selectOption({ index: 1 });
    const chosenLabel = (await outFlight.locator('option').nth(1).innerText()).trim();
    const chosen = main.getByTestId('chosen-flight');
    const [flightNumber] = chosenLabel.split(' · ');
    await expect(chosen).toContainText(flightNumber ?? '');
    await expectNotClipped(chosen, 390);
    // The closed list shows all it holds: its text is no wider than the box it sits in.
    const fits = await outFlight.evaluate((select) => {
      const element = select as HTMLSelectElement;
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = element.options[element.selectedIndex]?.text ?? '';
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(text).width <= room;
    });
    expect(fits).toBe(true);

    await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Qantas' });
    const inFlight = main.getByRole('combobox', { name: 'Return flight' });
    await expect(inFlight.locator('option')).not.toHaveCount(2);
    await inFlight.selectOption({ index: 1 });
    await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'wizard-flights-390');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/booking\/step-5$/);

    // Each extra that cannot be booked for these dates: two short lines, not five or six.
    await expect(
      main.getByText('One or more of the extras below are unavailable at the selected dates.'),
    ).toBeVisible();
    const unavailable = main
      .locator('label[data-testid^="extra-"]')
      .filter({ has: page.locator('input[type="checkbox"][disabled]') });
    await expect(unavailable.first()).toBeVisible();
    expect(await unavailable.count()).toBeGreaterThanOrEqual(1);
    for (const box of await unavailable.all()) {
      const height = (await box.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(height).toBeLessThanOrEqual(72);
      await expect(box).toContainText('Unavailable');
    }
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'wizard-extras-390');
  },
);
