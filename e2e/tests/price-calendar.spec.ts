import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, businessDate, keepScreenshot } from '../support/booking';
import { addDays } from '../support/paid-booking';
import { appAttached } from '../support/app-attached';

// Issue 24, item 5: step 1 shows the prices of the same stay starting up to three days earlier and later, the
// cheaper days marked, and picking one moves the stay's dates.

interface DayResource {
  attributes: { date: string; name: string };
}

test.describe('price calendar', () => {
  test('shows on step 1 around the chosen stay, and a cheaper day can be picked', async ({
    page,
    request,
  }, testInfo) => {
    // A stay ending on one of the demo's surcharged days (Christmas Eve, New Year's Eve, Easter Thursday): the
    // same two days a little earlier miss the surcharge and cost less.
    const token = await adminToken(request);
    const days = await adminApi(request, token, 'GET', 'exceptional-days/?page[size]=100');
    const soon = addDays(businessDate(new Date()), 5);
    const surcharged = (days.body as { data: DayResource[] }).data
      .filter((day) => day.attributes.date >= soon)
      .sort((a, b) => a.attributes.date.localeCompare(b.attributes.date))[0];
    if (!surcharged) throw new Error('No exceptional day ahead in the demo data');
    const endDate = surcharged.attributes.date;
    const startDate = addDays(endDate, -1);

    await page.goto(`/booking/step-1?start=${startDate}&end=${endDate}`);
    await appAttached(page);
    const form = page.getByRole('form', { name: 'Get Quote' });
    const calendar = page.getByRole('list', { name: 'Prices of nearby departure days' });
    await expect(calendar.getByRole('listitem')).toHaveCount(7);
    await expect(calendar.getByRole('button', { name: /\(your dates\)$/ })).toBeDisabled();
    const cheaper = calendar.getByRole('button', { name: /\((cheaper|cheapest)\)$/ });
    await expect(cheaper.first()).toBeVisible();
    await expect(page.getByText('Cheaper days are marked.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-1-price-calendar');

    // The cheapest day, picked: both dates move by as many days, and the car park's price is that day's.
    const cheapest = calendar.getByRole('button', { name: /\(cheapest\)$/ }).first();
    const label = (await cheapest.getAttribute('aria-label')) ?? '';
    const price = /: (\$[\d,]+(?:\.\d{2})?) \(cheapest\)$/.exec(label)?.[1] ?? 'no price';
    const chosenOutdoor = page.locator('[data-lot="outdoor"]');
    const before = await chosenOutdoor.textContent();
    await cheapest.click();
    const moved = await form.getByLabel('Departure date').inputValue();
    expect(moved).not.toBe(startDate);
    await expect(form.getByLabel('Return date')).toHaveValue(addDays(moved, 1));
    await expect(chosenOutdoor).toContainText(price);
    expect(before).not.toContain(price);
    // The calendar follows: the picked day is now the traveller's dates.
    await expect(calendar.getByRole('button', { name: /\(your dates\)$/ })).toContainText(price);
  });
});
