import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { quietStay } from '../support/booking';
import { appAttached } from '../support/app-attached';

// Issue 22, item 9: from "Get a quote" on the home page to the prices of step 1 without waiting on a
// render, a lazily loaded screen or a delay. The times themselves are measured by `npm run bench`
// (bench/click-to-prices.ts); these tests check the order things happen in and what the traveller sees.

const STEP_1_CODE = /\/assets\/step-1-quote-[\w-]+\.js$/;
// The wizard's layout and step 1: the home page stays until both have arrived.
const WIZARD_CODE = /\/assets\/(booking-wizard|step-1-quote)-[\w-]+\.js$/;

const isQuote = (request: Request, dates?: { startDate: string; endDate: string }) => {
  const url = new URL(request.url());
  return (
    url.pathname === '/backend/api/v1/quotes/' &&
    (!dates ||
      (url.searchParams.get('start_date') === dates.startDate &&
        url.searchParams.get('end_date') === dates.endDate))
  );
};

/** Every quote request the page sends, in order. */
function recordQuoteRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (isQuote(request)) sent.push(request);
  });
  return sent;
}

async function formDates(page: Page) {
  const form = page.getByRole('form', { name: 'Get a quote' });
  return {
    startDate: await form.getByLabel('Departure date').inputValue(),
    endDate: await form.getByLabel('Return date').inputValue(),
  };
}

test.describe('from "Get a quote" to prices', () => {
  test('the home page fetches the quote for its first dates and the step’s code before the click; the click shows those prices without asking again', async ({
    page,
  }) => {
    const quotes = recordQuoteRequests(page);
    const stepCode = page.waitForRequest(STEP_1_CODE);
    const firstQuote = page.waitForResponse((response) => isQuote(response.request()));
    await page.goto('/');
    await appAttached(page);

    // Nothing clicked yet (the pointer is over the page): the step's code and the quote for the form's dates
    // are fetched all the same.
    const dates = await formDates(page);
    expect(isQuote((await firstQuote).request(), dates)).toBe(true);
    await stepCode;
    await expect(page).toHaveURL(/\/$/);
    const before = quotes.length;

    await page
      .getByRole('form', { name: 'Get a quote' })
      .getByRole('button', { name: 'Get a quote' })
      .click();
    await expect(page).toHaveURL(/\/booking\/step-1$/);
    await expect(page.locator('[data-lot="outdoor"]')).toContainText(/\$\d+/);
    await expect(page.locator('[data-lot="indoor"]')).toContainText(/\$\d+/);
    await expect(page.getByLabel('Departure date')).toHaveValue(dates.startDate);
    await expect(page.getByLabel('Return date')).toHaveValue(dates.endDate);
    // The prices shown are the ones fetched before the click.
    expect(quotes.slice(before)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });

  test('the button shows it is working at once, and the quote for new dates leaves before the step’s code has arrived', async ({
    page,
  }, testInfo) => {
    // Held code, a screenshot and axe: more than the usual 30 s on a loaded 2-core machine.
    test.slow();
    // The wizard's code held back, as on a slow link, until released.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(WIZARD_CODE, async (route) => {
      await held;
      await route.continue();
    });
    const quotes = recordQuoteRequests(page);
    const firstQuote = page.waitForResponse((response) => isQuote(response.request()));
    await page.goto('/');
    await appAttached(page);
    await firstQuote;

    // Still slides: axe reads no colour half-way through a slide's fade.
    await page.getByRole('button', { name: 'Pause the slides' }).click();
    const stay = quietStay(30, 5);
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByLabel('Departure date').fill(stay.startDate);
    await form.getByLabel('Return date').fill(stay.endDate);
    // The form asks for the new dates' quote as they are entered, to tell what it refuses (issue 22 item 1):
    // the click below asks for it no second time.
    await expect.poll(() => quotes.filter((request) => isQuote(request, stay)).length).toBe(1);
    const button = form.getByRole('button', { name: 'Get a quote' });
    await button.click();

    // The home page is still there (the step cannot render without its code), and already: the button is
    // busy, and the quote for the new dates has been asked for.
    await expect(button).toBeDisabled();
    await expect(button.getByRole('progressbar')).toBeVisible();
    await expect.poll(() => quotes.filter((request) => isQuote(request, stay)).length).toBe(1);
    await expect(page.getByRole('form', { name: 'Get Quote' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible();
    await testInfo.attach('quote-button-working', {
      body: await form.screenshot({ animations: 'disabled' }),
      contentType: 'image/png',
    });
    await expectNoSeriousA11yViolations(page);

    release();
    // The step's code arrives now: as long as a lazily loaded step takes on a loaded machine.
    await expect(page.getByRole('form', { name: 'Get Quote' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Departure date')).toHaveValue(stay.startDate);
    await expect(page.getByLabel('Return date')).toHaveValue(stay.endDate);
    await expect(page.locator('[data-lot="outdoor"]')).toContainText(/\$\d+/);
    // One request for these dates: the step used the answer to the click's.
    expect(quotes.filter((request) => isQuote(request, stay))).toHaveLength(1);
  });
});
