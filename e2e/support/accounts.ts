import {
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-1';
export const demo = {
  customer: 'customer@example.com',
  admin: 'admin@example.com',
  sales: 'sales@example.com',
} as const;

/** An address no other test (or earlier run on the same data) has used. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Registers through the API, for journeys that start after registration. */
export async function registerByApi(request: APIRequestContext, email: string): Promise<NewAccount> {
  const account = { email, password: 'first-pass-1', firstName: 'Jordan', lastName: 'Taylor' };
  const response = await request.post('/backend/api/v1/users/', {
    headers: { 'content-type': 'application/vnd.api+json' },
    data: {
      data: {
        type: 'users',
        attributes: { ...account, title: 'Mr', phoneNumber: '0400 123 456', business: '' },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Logs in on the /login page (optionally reached through a guard's `next`). */
export async function loginOnPage(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

/** The demo's staff, whom a login sends to the back office rather than home (issue 40). */
const DEMO_STAFF: readonly string[] = [demo.admin, demo.sales];

/** Opens /login and logs in; ends on the home page, or the back office's diary for the demo's staff. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await loginOnPage(page, email, password);
  await expect(page).toHaveURL(DEMO_STAFF.includes(email) ? '/admin/diary' : '/');
}

/** The header's account menu. */
export async function openAccountMenu(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Logs in through the API in a request context of its own: a login sets the session cookie, which must not
 * change the page's, nor ride along on other calls (a cookie-authorised write needs the CSRF header).
 */
export async function apiLogin(
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const context = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const response = await context.post('/backend/api/v1/sessions/', {
      headers: { 'content-type': 'application/vnd.api+json' },
      data: { data: { type: 'sessions', attributes: { email, password } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as {
      data: { attributes: { token: string }; relationships: { user: { data: { id: string } } } };
    };
    return { token: body.data.attributes.token, userId: body.data.relationships.user.data.id };
  } finally {
    await context.dispose();
  }
}
