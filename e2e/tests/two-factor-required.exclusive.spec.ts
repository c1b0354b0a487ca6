/**
 * "Staff must use two-factor sign-in" (issue 38), alone because it changes every staff login: an Admin with a
 * second factor turns it on in Sign-in security, and a staff member without one lands on the set-up at login and
 * reaches the back office once it is done. The setting is turned off again afterwards.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  createStaff,
  nextCode,
  passwordOnPage,
  setUpAuthenticatorOnPage,
  STAFF_PASSWORD,
} from '../support/two-factor';

const API = '/backend/api/v1';
const JSONAPI = { 'content-type': 'application/vnd.api+json' };

/** Authenticator sign-in set up through the API for the session `token`; answers its recovery codes. */
async function setUpByApi(request: APIRequestContext, token: string): Promise<string[]> {
  const headers = { ...JSONAPI, authorization: `Token ${token}` };
  const setup = await request.post(`${API}/two-factor/totp-setup/`, {
    headers: { authorization: headers.authorization },
  });
  expect(setup.status()).toBe(201);
  const secret = ((await setup.json()) as { data: { attributes: { secret: string } } }).data.attributes
    .secret;
  const { code } = await nextCode(secret);
  const confirmed = await request.post(`${API}/two-factor/totp/`, {
    headers,
    data: { data: { type: 'totp-confirmations', attributes: { code } } },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return ((await confirmed.json()) as { data: { attributes: { recoveryCodes: string[] } } }).data.attributes
    .recoveryCodes;
}

let adminToken: string | undefined;

test.afterAll(async ({ request }) => {
  if (!adminToken) return;
  await request.patch(`${API}/two-factor-settings/`, {
    headers: { ...JSONAPI, authorization: `Token ${adminToken}` },
    data: { data: { type: 'two-factor-settings', attributes: { staffRequired: false } } },
  });
});

test('with the setting on, a staff member without a second factor lands on its set-up at login', async ({
  page,
  browser,
  playwright,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const adminEmail = await createStaff(playwright, request, testInfo, ['Admins'], 'admin2fa');
  const salesEmail = await createStaff(playwright, request, testInfo, ['Sales'], 'sales2fa');
  const admin = await apiLogin(playwright, testInfo, adminEmail, STAFF_PASSWORD);
  const recoveryCodes = await setUpByApi(request, admin.token);
  adminToken = admin.token;

  // The Admin signs in (password, then a recovery code) and turns the setting on.
  await page.goto('/login');
  await passwordOnPage(page, adminEmail);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await page.goto('/admin/sign-in-security');
  const toggle = page.getByRole('switch', { name: 'Staff must use two-factor sign-in' });
  await expect(toggle).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Settings updated successfully.')).toBeVisible();
  await expect(toggle).toBeChecked();

  // The staff member, in a browser of their own: the login lands on the set-up, and nothing else opens.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 360, height: 740 },
  });
  const staff = await context.newPage();
  try {
    await staff.goto('/login?next=/admin');
    await passwordOnPage(staff, salesEmail);
    await expect(staff).toHaveURL('/two-factor?next=%2Fadmin');
    await expect(
      staff.getByText(
        'Staff must use two-factor sign-in. Set up an authenticator app or add a passkey to continue.',
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    const refused = await staff.request.get(`${API}/bookings/`);
    expect(refused.status()).toBe(403);
    // Another back-office address sends them back to the set-up.
    await staff.goto('/admin/bookings');
    await expect(staff).toHaveURL('/two-factor?next=%2Fadmin%2Fbookings');
    await expect(staff.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();

    await setUpAuthenticatorOnPage(staff);
    await staff.getByRole('button', { name: 'I have saved them' }).click();
    await staff.getByRole('link', { name: 'Continue' }).click();
    await expect(staff).toHaveURL('/admin/bookings');
    expect((await staff.request.get(`${API}/bookings/`)).status()).toBe(200);
  } finally {
    await context.close();
  }
});
