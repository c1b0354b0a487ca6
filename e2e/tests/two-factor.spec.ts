/**
 * Two-factor sign-in (issue 38): a staff member sets up an authenticator app on their profile, signs in with its
 * code, uses a recovery code once (a second use is refused), and registers a passkey with Chromium's virtual
 * authenticator, then signs in with it. Each new screen is checked by axe, and the second step at 360 px.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  createStaff,
  forgetSession,
  nextCode,
  passwordOnPage,
  setUpAuthenticatorOnPage,
} from '../support/two-factor';

test.describe('two-factor sign-in', () => {
  test('a staff member signs in with an authenticator code, and a recovery code works once', async ({
    page,
    playwright,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = await createStaff(playwright, request, testInfo, ['Sales'], 'totp');
    await page.goto('/login');
    await passwordOnPage(page, email);
    await expect(page.getByText('Login Successful')).toBeVisible();

    await page.goto('/profile?tab=security');
    await expect(page.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const { secret, step, recoveryCodes } = await setUpAuthenticatorOnPage(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('On. 10 of 10 recovery codes left.')).toBeVisible();

    // A recovery code, at a phone's width: the second step works at 360 px.
    await forgetSession(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await passwordOnPage(page, email);
    const codeField = page.getByRole('textbox', { name: 'Authenticator code' });
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
    await page.getByRole('textbox', { name: 'Recovery code' }).press('Enter');
    await expect(page.getByText('Login Successful')).toBeVisible();
    const current = await page.request.get('/backend/api/v1/sessions/current/');
    expect(
      ((await current.json()) as { data: { attributes: { signInMethod: string } } }).data.attributes,
    ).toMatchObject({ signInMethod: 'password+recovery' });

    // The same recovery code again is refused in words; the authenticator's next code gets in.
    await forgetSession(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await passwordOnPage(page, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText('That recovery code is not right, or it has been used already.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Use the authenticator app' }).click();
    const { code } = await nextCode(secret, step);
    await page.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    const again = await page.request.get('/backend/api/v1/sessions/current/');
    expect(
      ((await again.json()) as { data: { attributes: { signInMethod: string } } }).data.attributes,
    ).toMatchObject({
      signInMethod: 'password+totp',
    });
  });

  test('a passkey is registered with the virtual authenticator, then signs in alone and as a second step', async ({
    page,
    playwright,
    request,
  }, testInfo) => {
    // WebAuthn refuses an IP address as the relying party: this journey browses localhost.
    const origin = (testInfo.project.use.baseURL ?? '').replace('127.0.0.1', 'localhost');
    const email = await createStaff(playwright, request, testInfo, ['Sales'], 'passkey');
    // The profile's Two-factor sign-in tab and the login's passkey button, at a phone's width.
    await page.setViewportSize({ width: 360, height: 740 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${origin}/login`);
    await passwordOnPage(page, email);
    await expect(page.getByText('Login Successful')).toBeVisible();
    await page.goto(`${origin}/profile?tab=security`);
    await page.getByRole('textbox', { name: 'Passkey name' }).fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey added.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Two-factor sign-in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);

    // Alone: no email, no password.
    await forgetSession(page);
    await page.goto(`${origin}/login`);
    await page.getByRole('main').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    const alone = await page.request.get(`${origin}/backend/api/v1/sessions/current/`);
    expect(((await alone.json()) as { data: { attributes: object } }).data.attributes).toMatchObject({
      email,
      signInMethod: 'passkey',
    });

    // As the second step after the password.
    await forgetSession(page);
    await page.goto(`${origin}/login`);
    await passwordOnPage(page, email);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    const second = await page.request.get(`${origin}/backend/api/v1/sessions/current/`);
    expect(((await second.json()) as { data: { attributes: object } }).data.attributes).toMatchObject({
      signInMethod: 'password+passkey',
    });
  });
});
