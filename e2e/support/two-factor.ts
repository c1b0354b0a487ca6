/** What the two-factor journeys share: staff made through the API, authenticator codes as an app makes them. */
import {
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { generate } from 'otplib';
import { apiLogin, demo, DEMO_PASSWORD, uniqueEmail } from './accounts';

export const STAFF_PASSWORD = 'staff-pass-1';
const JSONAPI = { 'content-type': 'application/vnd.api+json' };

/** A new staff login with `roles`, made by the demo Admin (the demo's own logins are other journeys'). */
export async function createStaff(
  playwright: PlaywrightWorkerArgs['playwright'],
  request: APIRequestContext,
  testInfo: TestInfo,
  roles: string[],
  label = 'staff',
): Promise<string> {
  const { token } = await apiLogin(playwright, testInfo, demo.admin, DEMO_PASSWORD);
  const email = uniqueEmail(testInfo, label);
  const response = await request.post('/backend/api/v1/users/', {
    headers: { ...JSONAPI, authorization: `Token ${token}` },
    data: {
      data: {
        type: 'users',
        attributes: {
          email,
          password: STAFF_PASSWORD,
          roles,
          title: 'Ms',
          firstName: 'Robin',
          lastName: 'Staff',
          phoneNumber: '0400 555 000',
          business: '',
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/** The app's code now, for a step later than `after` (a code is taken once: the next one may need waiting for). */
export async function nextCode(secret: string, after?: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 30_000);
  if (after !== undefined && step <= after) {
    await new Promise((resolve) => setTimeout(resolve, (after + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  return { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }), step };
}

/** Email and password on the login form; the second step (when asked) is the caller's. */
export async function passwordOnPage(page: Page, email: string, password = STAFF_PASSWORD) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Sets up the authenticator app on the panel shown (profile tab or /two-factor); answers its secret and codes. */
export async function setUpAuthenticatorOnPage(page: Page) {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const { code, step } = await nextCode(secret);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByTestId('recovery-codes');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
  return { secret, step, recoveryCodes };
}

/** Signs out by forgetting the session (token and cookies), as another browser would start. */
export async function forgetSession(page: Page) {
  await page.evaluate(() => window.localStorage.clear());
  await page.context().clearCookies();
}
