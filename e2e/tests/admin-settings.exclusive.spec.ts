import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, quietStay } from '../support/booking';
import { dayMonthYear, listOf, signIn, typeDate, wizardToExtras } from '../support/settings';
import { appAttached } from '../support/app-attached';

// Settings changed in the back office reach the public quote and the wizard at once (back-office §2
// "Settings screens"). These change what every visitor sees, so the `exclusive` project runs them alone,
// after the desktop and phone projects (playwright.config.ts); each restores what it changed.

const main = (page: Page) => page.getByRole('main');
const expectSnackbar = (page: Page, text: string) =>
  expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: text })).toBeVisible({
    timeout: 15_000,
  });

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Quote {
  attributes: { price: string };
  relationships: { lot: { data: { id: string } } };
}

/** The public quote's outdoor price for a stay, in dollars, as the API answers it. */
async function outdoorQuote(
  request: APIRequestContext,
  stay: { startDate: string; endDate: string },
): Promise<number> {
  const response = await request.get(
    `/backend/api/v1/quotes/?start_date=${stay.startDate}&end_date=${stay.endDate}&filter[lot.slug__in]=outdoor`,
  );
  expect(response.status()).toBe(200);
  const [quote] = ((await response.json()) as { data: Quote[] }).data;
  if (!quote) throw new Error('no outdoor quote');
  return Number(quote.attributes.price);
}

/** The public quote page (wizard step 1) shows `dollars` for the outdoor car park, without the .00. */
async function expectOutdoorPrice(page: Page, stay: { startDate: string; endDate: string }, dollars: number) {
  await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
  await appAttached(page);
  await expect(page.locator('[data-lot="outdoor"]')).toContainText(new RegExp(`\\$${dollars}(?![\\d.])`));
}

async function outdoorLot(request: APIRequestContext, token: string) {
  const lots = await listOf<{ slug: string; rate: string }>(request, token, 'lots/');
  const outdoor = lots.data.find((lot) => lot.attributes.slug === 'outdoor');
  if (!outdoor) throw new Error('no outdoor lot');
  return outdoor;
}

test.describe('settings reach the public site', () => {
  test('a short-term rate and the long stay rate change the public quote', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await signIn(page, request);
    const outdoor = await outdoorLot(request, token);

    // A three-day stay is priced by the rate table's 3 days row.
    const short = quietStay(60, 3);
    const before = await outdoorQuote(request, short);
    const days = await listOf<{ days: number }>(
      request,
      token,
      'short-term-rate-days/?filter[days]=3&include=shortTermRates',
    );
    const row = days.data[0];
    const rate = (days.included ?? []).find(
      (item) => item.type === 'short-term-rates' && item.relationships?.lot?.data?.id === outdoor.id,
    );
    if (!row || !rate) throw new Error('no 3 days rate for the outdoor lot');
    const original = String(rate.attributes.rate);

    // A long stay: the table's longest row plus the long-stay rate for each day beyond it.
    const long = quietStay(60, 16);
    const longBefore = await outdoorQuote(request, long);
    const originalLongStay = outdoor.attributes.rate;

    try {
      await page.goto('/admin/rates');
      await main(page).getByRole('link', { name: '3 days', exact: true }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: 'Edit Rate' })).toBeVisible({
        timeout: 20_000,
      });
      const field = main(page).getByRole('textbox', { name: 'Outdoor' });
      await expect(field).toHaveValue(original);
      await field.fill(String(Number(original) + 7));
      await main(page).getByRole('button', { name: 'Save' }).click();
      await expectSnackbar(page, 'Rate Updated');
      await expectOutdoorPrice(page, short, before + 7);

      await page.goto('/admin/rates');
      const card = main(page).getByRole('region', { name: 'Long Stay Rate' });
      const longStay = card.getByRole('textbox', { name: 'Outdoor' });
      await expect(longStay).toHaveValue(originalLongStay);
      await longStay.fill(String(Number(originalLongStay) + 2.5));
      await card.getByRole('button', { name: 'Save' }).click();
      await expectSnackbar(page, 'Rates Updated');
      // Two days beyond the 14-day row, each $2.50 dearer.
      await expectOutdoorPrice(page, long, longBefore + 5);
    } finally {
      expect(
        (
          await adminApi(request, token, 'PATCH', `short-term-rates/${rate.id}/`, {
            data: { type: 'short-term-rates', id: rate.id, attributes: { rate: original } },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await adminApi(request, token, 'PATCH', `lots/${outdoor.id}/`, {
            data: { type: 'lots', id: outdoor.id, attributes: { rate: originalLongStay } },
          })
        ).status,
      ).toBe(200);
    }
    expect(await outdoorQuote(request, short)).toBe(before);
    expect(await outdoorQuote(request, long)).toBe(longBefore);
  });

  test('an exceptional day’s surcharge is added to a quote covering its date', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await signIn(page, request);
    const stay = quietStay(62, 3);
    const date = addDays(stay.startDate, 1);
    const before = await outdoorQuote(request, stay);

    await page.goto('/admin/days/add');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Add Day' })).toBeVisible({
      timeout: 20_000,
    });
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E surcharge day');
    await typeDate(main(page), 'Date', dayMonthYear(date));
    const surcharges = main(page).getByRole('region', { name: 'Surcharges' });
    await expect(surcharges.getByRole('textbox', { name: 'Indoor' })).toHaveValue('0.00');
    await surcharges.getByRole('textbox', { name: 'Outdoor' }).fill('20');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Day Created');
    await expect(page).toHaveURL(/\/admin\/days\/\d+$/);
    const dayId = /\/admin\/days\/(\d+)$/.exec(page.url())?.[1] ?? '';
    try {
      await expect(
        main(page).getByRole('region', { name: 'Surcharges' }).getByRole('textbox', { name: 'Outdoor' }),
      ).toHaveValue('20.00');
      await expectOutdoorPrice(page, stay, before + 20);
      // A stay that ends the day before is not touched.
      const earlier = { startDate: addDays(stay.startDate, -3), endDate: stay.startDate };
      expect(await outdoorQuote(request, earlier)).toBe(
        await outdoorQuote(request, {
          startDate: addDays(earlier.startDate, 7),
          endDate: addDays(earlier.endDate, 7),
        }),
      );

      // Removed from the list again, with the list's Confirm Delete.
      await page.goto('/admin/days');
      const row = main(page).getByRole('row').filter({ hasText: 'E2E surcharge day' });
      await row.getByRole('checkbox').check();
      await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
      await expect(confirm).toContainText('Are you sure you would like to delete this day?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(row).toHaveCount(0);
    } finally {
      // Already gone when the steps above passed (404); this catches a failure half-way.
      await adminApi(request, token, 'DELETE', `exceptional-days/${dayId}/`);
    }
    expect(await outdoorQuote(request, stay)).toBe(before);
  });

  test('an extra made unavailable on an exceptional day is disabled in the wizard for a stay covering it', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await signIn(page, request);
    const stay = quietStay(64, 3);
    const date = addDays(stay.startDate, 1);

    await page.goto('/admin/days/add');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Add Day' })).toBeVisible({
      timeout: 20_000,
    });
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E no washes');
    await typeDate(main(page), 'Date', dayMonthYear(date));
    await main(page)
      .getByRole('group', { name: /Extras that cannot be booked/ })
      .getByRole('checkbox', { name: 'Exterior wash' })
      .check();
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Day Created');
    await expect(page).toHaveURL(/\/admin\/days\/\d+$/);
    const dayId = /\/admin\/days\/(\d+)$/.exec(page.url())?.[1] ?? '';

    try {
      // A visitor's booking of those dates: a new page, signed out.
      await page.evaluate(() => window.localStorage.clear());
      await wizardToExtras(page, stay);
      await expect(
        main(page).getByText('One or more of the extras below are unavailable at the selected dates.'),
      ).toBeVisible();
      await expect(main(page).getByRole('checkbox', { name: /^Exterior wash/ })).toBeDisabled();
      await expect(main(page).getByRole('checkbox', { name: /^Interior detail/ })).toBeEnabled();
    } finally {
      expect((await adminApi(request, token, 'DELETE', `exceptional-days/${dayId}/`)).status).toBe(204);
    }
  });

  test('an online_form blockout created in the back office replaces the home page’s quote form', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await signIn(page, request);
    const message = 'E2E: online bookings are paused while we move offices. Please call us to book.';
    const now = Date.now();
    const local = (instant: number) => {
      const parts = new Intl.DateTimeFormat('en-AU', {
        timeZone: 'Australia/Hobart',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(instant));
      const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
      return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
    };

    await page.goto('/admin/blockout-periods/add');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Add Blockout Period' })).toBeVisible({
      timeout: 20_000,
    });
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E office move');
    await main(page).getByRole('combobox', { name: 'Block Type' }).selectOption('online_form');
    await typeDate(main(page), 'Start', local(now - 60 * 60_000));
    await typeDate(main(page), 'End', local(now + 60 * 60_000));
    await main(page).getByRole('textbox', { name: 'Message' }).fill(message);
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Blockout Period Created');
    await expect(page).toHaveURL(/\/admin\/blockout-periods\/\d+$/);
    const id = /(\d+)$/.exec(page.url())?.[1] ?? '';

    try {
      await page.goto('/');
      await appAttached(page);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('form', { name: 'Get a quote' })).toHaveCount(0);
    } finally {
      expect((await adminApi(request, token, 'DELETE', `blockout-periods/${id}/`)).status).toBe(204);
    }
    await page.goto('/');
    await appAttached(page);
    await expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible();
  });
});
