import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { businessDate, keepScreenshot } from '../support/booking';
import { appAttached } from '../support/app-attached';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The longest stay (365 days) and the booking horizon (730 days) are told beside the date fields
 * before anything is sent, on the home page's quote form and on the wizard's first step, with the
 * texts the server answers when it refuses them (issue 14: a 10-year stay and a booking in 2036).
 */
test.describe('stay length and booking horizon', () => {
  async function expectLimits(form: Locator, submit: Locator) {
    const today = businessDate(new Date());
    const departure = form.getByLabel('Departure date');
    const back = form.getByLabel('Return date');

    await departure.fill(addDays(today, 731));
    await departure.blur();
    await expect(form.getByText('Date must be no more than 730 days from today')).toBeVisible();
    await expect(departure).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();

    const start = addDays(today, 730);
    await departure.fill(start);
    await back.fill(addDays(start, 365));
    await expect(form.getByText('A stay can be at most 365 days.')).toBeVisible();
    await expect(back).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Date must be no more than 730 days from today')).toBeHidden();
    await expect(submit).toBeDisabled();

    await back.fill(addDays(start, 364));
    await expect(form.getByText('A stay can be at most 365 days.')).toBeHidden();
  }

  test('the home quote form says so beside the field and keeps its button disabled', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await appAttached(page);
    const form = page.getByRole('form', { name: 'Get a quote' });
    const submit = form.getByRole('button', { name: 'Get a quote' });
    await expectLimits(form, submit);
    await expect(submit).toBeEnabled();
    await form.getByLabel('Return date').fill(addDays(addDays(businessDate(new Date()), 730), 365));
    await expect(form.getByText('A stay can be at most 365 days.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'home-stay-too-long');
  });

  test('the wizard’s first step says so too, and asks for no prices', async ({ page }, testInfo) => {
    await page.goto('/booking/step-1');
    await appAttached(page);
    const form = page.getByRole('form', { name: 'Get Quote' });
    await expectLimits(form, page.getByRole('main').getByRole('button', { name: 'Continue' }));
    await form.getByLabel('Departure date').fill(addDays(businessDate(new Date()), 800));
    await expect(form.getByText('Date must be no more than 730 days from today')).toBeVisible();
    await expect(page.getByText('Choose valid dates to see prices.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'step-1-too-far-ahead');
  });
});
