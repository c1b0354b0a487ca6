import { expect, test } from '@playwright/test';
import { demo, login, loginOnPage, openAccountMenu, registerByApi, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { linkFromMail, mailTo } from '../support/mail';
import { appAttached } from '../support/app-attached';

test.describe('accounts', () => {
  test('register, confirm the email from the captured link, log in and see My Bookings', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'register');
    await page.goto('/login?tab=register');
    await expect(page).toHaveTitle('Login | SkyPark Airport Parking');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Email address required')).toBeVisible();
    await expect(form.getByText('Password required')).toBeVisible();

    await form.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
    await form.getByRole('textbox', { name: 'First name' }).fill('Avery');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Nguyen');
    await form.getByRole('textbox', { name: 'Phone number' }).fill('0400 555 010');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByLabel(/^Password/).fill('12345678');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Password must include non-numeric chars')).toBeVisible();
    await form.getByLabel(/^Password/).fill('avery-pass-1');
    await form.getByRole('button', { name: 'Register' }).click();

    // The form gives way to the message, on the Login tab with the address filled in.
    await expect(
      page.getByText(
        'Registration success! An email has been sent to your email address to verify your account.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Registration Successful')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    const confirmPath = await linkFromMail(request, email, '/confirm-email');
    await page.goto(confirmPath);
    await expect(page.getByText('Your account has now been confirmed.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fbookings$/);
    await loginOnPage(page, email, 'avery-pass-1');
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
    await expect(page.getByText('You have no bookings yet.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Get a quote' }).first()).toHaveAttribute(
      'href',
      '/booking/step-1',
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('forgot password: the emailed link sets a new password that logs in', async ({
    page,
    request,
  }, testInfo) => {
    const account = await registerByApi(request, uniqueEmail(testInfo, 'reset'));

    await page.goto('/forgot-password');
    await expect(page).toHaveTitle('Forgot Password | SkyPark Airport Parking');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email address required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(`Thank you, an email has been sent to ${account.email}. Please check your email.`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const setPasswordPath = await linkFromMail(request, account.email, '/set-password', 2);
    await page.goto(setPasswordPath);
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByLabel(/^New password/).fill('brand-new-pass-2');
    await page.getByLabel(/^Confirm new password/).fill('brand-new-pass-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel(/^Confirm new password/).fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Thank you, you may now login with your new password.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The link is single-use.
    await page.goto(setPasswordPath);
    await page.getByLabel(/^New password/).fill('another-pass-4');
    await page.getByLabel(/^Confirm new password/).fill('another-pass-4');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/^Sorry, the following error has occured: /)).toBeVisible();

    await page.goto('/set-password?uid=1&token=abc');
    await expect(page.getByText('Could not compute')).toBeVisible();

    await login(page, account.email, 'brand-new-pass-2');
    await openAccountMenu(page);
  });

  test('an anonymous visit to /profile logs in and comes back to /profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=%2Fprofile');
    await expectNoSeriousA11yViolations(page);

    await loginOnPage(page, demo.customer);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Charlotte');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Password' }).click();
    await expect(page).toHaveURL('/profile?tab=password');
    await expect(page.getByLabel(/^Current password/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/profile?tab=subscribe');
    await expect(page.getByRole('heading', { name: 'Unlimited indoor parking' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unlimited outdoor parking' })).toBeVisible();
    // Subscriptions are bought online now (e2e/tests/subscriptions.spec.ts follows the whole journey).
    await expect(page.getByRole('button', { name: 'Subscribe to unlimited indoor parking' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(
    'a customer has Profile, My Bookings, My Vehicles and Logout, and no Admin',
    { tag: '@phone' },
    async ({ page }) => {
      await login(page, demo.customer);
      const menu = await openAccountMenu(page);
      for (const name of ['Profile', 'My Bookings', 'My Vehicles', 'Logout']) {
        await expect(menu.getByRole('menuitem', { name })).toBeVisible();
      }
      await expect(menu.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      await page.goto('/admin');
      await expect(page).toHaveURL('/permission-denied');

      await page.goto('/profile');
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    },
  );

  test('staff land in the back office after logging in, or on next when given', async ({ page }) => {
    // Issue 40: staff log in to work in the back office; the public home page was a detour.
    await page.goto('/login');
    await loginOnPage(page, demo.sales);
    await expect(page).toHaveURL('/admin/diary');
    await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');

    // A page asked for first is where they go.
    await page.goto('/login?next=%2Fprofile');
    await loginOnPage(page, demo.admin);
    await expect(page).toHaveURL('/profile');
  });

  test('an admin has Admin, which opens the back office without the public header', async ({ page }) => {
    await login(page, demo.admin);
    await page.goto('/');
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Admin' }).click();

    // The back office opens at the diary (back-office §2).
    await expect(page).toHaveURL('/admin/diary');
    await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get a quote' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the header dialog logs in without leaving the page', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await appAttached(page);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your SkyPark account' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('textbox', { name: 'Email' }).fill(demo.customer);
    await dialog.getByLabel(/^Password/).fill('demo-pass-1');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('an unconfirmed customer sees the notice instead of bookings, and can resend the email', async ({
    page,
    request,
  }, testInfo) => {
    const account = await registerByApi(request, uniqueEmail(testInfo, 'unconfirmed'));
    await login(page, account.email, account.password);

    await page.goto('/bookings');
    await expect(page.getByText('Please confirm your email address')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText('Confirmation email sent.')).toBeVisible();
    await expect.poll(async () => (await mailTo(request, account.email)).length).toBe(2);
  });
});
