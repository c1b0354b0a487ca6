import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demo } from './accounts';
import { adminApi, keepScreenshot } from './booking';
import { qantasBothWays } from './wizard';
import { appAttached } from './app-attached';

const API = '/backend/api/v1';

/** A token of a demo user, logged in through the API. */
export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  // An earlier login left its session cookie in this context: a cookie-authorised write needs its CSRF token.
  const { cookies } = await request.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  const response = await request.post(`${API}/sessions/`, {
    headers: { 'content-type': 'application/vnd.api+json', ...(csrf ? { 'x-csrftoken': csrf } : {}) },
    data: { data: { type: 'sessions', attributes: { email, password: DEMO_PASSWORD } } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

/** Signs `email` in through the API and hands the session to the page (quicker than the login form). */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  email: string = demo.admin,
): Promise<string> {
  const token = await tokenOf(request, email);
  await page.goto('/not-found');
  await page.evaluate((value) => window.localStorage.setItem('skypark.authToken', value), token);
  return token;
}

/** The JSON:API list of `url` as `{id, attributes, relationships}` rows. */
export async function listOf<A>(request: APIRequestContext, token: string, url: string) {
  const answer = await adminApi(request, token, 'GET', url);
  expect(answer.status).toBe(200);
  return answer.body as {
    data: {
      id: string;
      attributes: A;
      relationships?: Record<string, { data: { id: string } | { id: string }[] | null }>;
    }[];
    included?: {
      type: string;
      id: string;
      attributes: Record<string, unknown>;
      relationships?: Record<string, { data: { id: string } | null }>;
    }[];
  };
}

/**
 * Types a date, a time or both into the back-office picker labelled `label` ('DD/MM/YYYY', 'HH:mm' or
 * 'DD/MM/YYYY HH:mm'), digit by digit as a person would: the field moves from section to section itself.
 */
export async function typeDate(scope: Page | Locator, label: string, value: string): Promise<void> {
  const group = scope.getByRole('group', { name: label, exact: true });
  const target =
    (await group.count()) > 0
      ? group.getByRole('spinbutton').first()
      : scope.getByRole('textbox', { name: label, exact: true });
  await target.click();
  await target.press('Home');
  await target.pressSequentially(value.replace(/\D/g, ''));
  await target.press('Tab');
}

/** 'YYYY-MM-DD' as the back office's 'DD/MM/YYYY'. */
export const dayMonthYear = (date: string) => date.split('-').reverse().join('/');

/** A 390 px wide screenshot of the page as it is now, then back to the desktop width. */
export async function keepPhoneScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  // The layout switches on media queries: let it settle first.
  await page.waitForTimeout(300);
  await keepScreenshot(page, testInfo, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

/**
 * A guest's way through the booking wizard from the quote to the extras (step 5) for `stay`, in the
 * outdoor lot, with an SUV and a Qantas flight each way.
 */
export async function wizardToExtras(
  page: Page,
  stay: { startDate: string; endDate: string },
): Promise<void> {
  const main = page.getByRole('main');
  const next = () => main.getByRole('button', { name: 'Continue' }).click();
  await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
  await appAttached(page);
  await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
  await next();
  await expect(page).toHaveURL(/\/booking\/step-2$/);
  await main.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
  await main.getByRole('textbox', { name: 'First name' }).fill('Imogen');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Settings');
  await main.getByRole('textbox', { name: 'Phone number' }).fill('0400 555 010');
  await main.getByRole('textbox', { name: 'Email' }).fill(`e2e-settings-${Date.now()}@example.com`);
  await next();
  await expect(page).toHaveURL(/\/booking\/step-3$/);
  await main.getByRole('textbox', { name: 'Rego' }).fill('SET10');
  await main.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'SUV' });
  await main.getByRole('combobox', { name: 'Make' }).selectOption('Mazda');
  await main.getByRole('textbox', { name: 'Model' }).fill('CX-5');
  await main.getByRole('combobox', { name: 'Colour' }).selectOption('Blue');
  await next();
  await expect(page).toHaveURL(/\/booking\/step-4$/);
  await qantasBothWays(page);
  await next();
  await expect(page).toHaveURL(/\/booking\/step-5$/);
}
