import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { blockOut } from '../support/blockouts';
import { keepScreenshot, quietStay } from '../support/booking';
import { addDays } from '../support/paid-booking';
import { appAttached } from '../support/app-attached';
import { uniqueEmail } from '../support/accounts';
import { API } from '../support/paid-booking';
import { detailsAndCar, qantasBothWays } from '../support/wizard';

// Issue 40: what cannot be booked says why. Item 1: a day a parking blockout closes is "Closed" in step 1's
// price calendar (not "Full"), with the blockout's own message, and the car park cards of a stay that cannot
// be booked show the reason instead of a price. Item 4: extras a blockout makes unavailable at step 5 show its
// message under the spec's note. Each blockout is on days of their own, far from every other journey's, and is
// deleted afterwards.

test('a closed day says closed in the price calendar and on the car park cards @phone', async ({
  page,
  request,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const stay = quietStay(phone ? 420 : 400, 4);
  const closedDay = addDays(stay.endDate, 2);
  const message = `We are closed for the airport open day (${testInfo.project.name}).`;
  const remove = await blockOut(request, closedDay, message);
  try {
    await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
    await appAttached(page);
    const main = page.getByRole('main');
    // The chosen stay can be booked: prices on both cards.
    await expect(page.locator('[data-lot="outdoor"]')).toContainText('$');
    const calendar = page.getByRole('list', { name: 'Prices of nearby departure days' });
    await expect(calendar.getByRole('listitem')).toHaveCount(7);
    // Leaving two days later brings the car home on the closed day.
    const closedCell = calendar.getByRole('button', {
      name: new RegExp(`: closed\\. ${message.replace(/[().]/g, '\\$&')}$`),
    });
    await expect(closedCell).toHaveCount(1);
    await expect(closedCell).toHaveText(/Closed/);
    await expect(closedCell).not.toHaveText(/Full/);
    await expect(closedCell).toBeDisabled();
    await expect(main.getByText(`Closed: ${message}`)).toBeVisible();
    await closedCell.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-1-calendar-closed-day');

    // The stay that ends on the closed day: both cards say why, with no price, and neither can be chosen.
    await page.goto(`/booking/step-1?start=${addDays(stay.startDate, 2)}&end=${closedDay}`);
    await appAttached(page);
    for (const slug of ['indoor', 'outdoor']) {
      const card = page.locator(`[data-lot="${slug}"]`);
      await expect(card).toContainText('Closed on these dates');
      await expect(card).toContainText(message);
      await expect(card).not.toContainText('$');
    }
    await expect(main.getByRole('radio', { name: /Outdoor/ })).toBeDisabled();
    await expect(main.getByRole('radio', { name: /Indoor/ })).toBeDisabled();
    await expect(main.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-1-cards-closed-day');
  } finally {
    await remove();
  }
});

test('extras a blockout makes unavailable at step 5 show its message @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const stay = quietStay(phone ? 460 : 440, 4);
  const listed = (await (await request.get(`${API}/extras/?page[size]=200`)).json()) as {
    data: { id: string; attributes: { name: string } }[];
  };
  const washes = listed.data.filter((extra) =>
    ['Exterior wash', 'Full valet'].includes(extra.attributes.name),
  );
  expect(washes).toHaveLength(2);
  const message = `Our wash bay is closed for repairs (${testInfo.project.name}).`;
  const remove = await blockOut(request, addDays(stay.startDate, 1), message, {
    extras: washes.map((extra) => extra.id),
  });
  try {
    await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
    await appAttached(page);
    const main = page.getByRole('main');
    await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked({ timeout: 15_000 });
    await main.getByRole('button', { name: 'Continue' }).click();
    await detailsAndCar(page, uniqueEmail(testInfo, 'extras-notice'));
    await qantasBothWays(page);
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/booking\/step-5$/);
    const note = main.getByTestId('extras-unavailable-note');
    await expect(note).toContainText(
      'One or more of the extras below are unavailable at the selected dates.',
    );
    await expect(note).toContainText(message);
    for (const extra of washes) {
      await expect(main.getByRole('checkbox', { name: extra.attributes.name, exact: true })).toBeDisabled();
    }
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-5-extras-notice');
  } finally {
    await remove();
  }
});
