import { expect, test } from '@playwright/test';
import { demo, login } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';

test.describe('customer area', () => {
  test('add, edit and delete a vehicle', { tag: '@phone' }, async ({ page }, testInfo) => {
    // A rego of this run and project only: the demo customer is shared by every test.
    const suffix = `${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const rego = `E2E${suffix}`;
    await login(page, demo.customer);
    await page.goto('/vehicles');
    await expect(page).toHaveTitle('My Vehicles | SkyPark Airport Parking');
    await expect(page.getByRole('heading', { name: 'CWT482' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a vehicle' });
    await dialog.getByRole('button', { name: 'Save vehicle' }).click();
    await expect(dialog.getByText('This field is required.')).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('textbox', { name: 'Rego' }).fill(rego.toLowerCase().replace('e2e', 'e2e '));
    await dialog.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'SUV' });
    await dialog.getByRole('combobox', { name: 'Make' }).selectOption('Subaru');
    await dialog.getByRole('textbox', { name: 'Model' }).fill('Forester');
    await dialog.getByRole('combobox', { name: 'Colour' }).selectOption('Other');
    await dialog.getByRole('textbox', { name: 'Other colour' }).fill('Storm grey');
    await dialog.getByRole('button', { name: 'Save vehicle' }).click();
    await expect(page.getByText('Vehicle Saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: rego });
    await expect(card).toContainText('Subaru Forester');
    await expect(card).toContainText('Storm grey');
    await expect(card).toContainText('SUV');

    await card.getByRole('button', { name: `Edit ${rego}` }).click();
    const editor = page.getByRole('dialog', { name: `Edit ${rego}` });
    await expect(editor.getByRole('textbox', { name: 'Other colour' })).toHaveValue('Storm grey');
    await editor.getByRole('textbox', { name: 'Model' }).fill('Outback');
    await editor.getByRole('combobox', { name: 'Colour' }).selectOption('Green');
    await editor.getByRole('button', { name: 'Save vehicle' }).click();
    await expect(editor).toBeHidden();
    await expect(card).toContainText('Subaru Outback');
    await expect(card).toContainText('Green');

    await card.getByRole('button', { name: `Delete ${rego}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${rego}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name: rego })).toHaveCount(0);

    // Soft: gone from the list after a reload too.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'CWT482' })).toBeVisible();
    await expect(page.getByRole('article', { name: rego })).toHaveCount(0);
  });

  test(
    'My Bookings says where each stay stands and what is left to pay, upcoming first',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      // The demo customer has two past stays, one parked now and two to come, one of them booked by staff and unpaid.
      await login(page, demo.customer);
      await page.goto('/bookings');
      const main = page.getByRole('main');
      const list = main.locator('[aria-label="My bookings"]');
      const tabs = main.getByRole('tablist', { name: 'Which bookings' });
      await expect(tabs.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
      await expect(list.getByText('Parked now').first()).toBeVisible({ timeout: 15_000 });
      await expect(list.getByText('Upcoming').first()).toBeVisible();
      await expect(list.getByText('Complete')).toHaveCount(0);
      await expect(list.getByText('Past')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'my-bookings-upcoming');

      // What is owing, and the way to pay it: manage my booking's balance payment.
      const owing = list.getByText(/^\$[\d,]+\.\d{2} to pay$/).first();
      await expect(owing).toBeVisible();
      const amount = ((await owing.innerText()).match(/^\$[\d,]+\.\d{2}/) ?? [''])[0];
      const pay = list.getByRole('link', { name: /^Pay now, booking / }).first();
      const code = ((await pay.getAttribute('aria-label')) ?? '').replace('Pay now, booking ', '');
      await pay.click();
      await expect(page).toHaveURL(/\/manage-booking\?booking=\d+$/);
      await expect(main.getByRole('heading', { name: `Booking ${code}` })).toBeVisible();
      await expect(main.getByText(`${amount} is still to pay on this booking.`)).toBeVisible();
      await expect(main.getByRole('button', { name: `Pay ${amount} now` })).toBeVisible();

      // Past stays on their own tab, latest first.
      await page.goto('/bookings');
      await tabs.getByRole('tab', { name: 'Past' }).click();
      await expect(list.getByText('Past').first()).toBeVisible();
      await expect(list.getByText('Parked now')).toHaveCount(0);
      await expect(list.getByText('Upcoming')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    },
  );

  test('open a booking and download its invoice as a PDF', async ({ page }) => {
    await login(page, demo.customer);
    await page.goto('/bookings');
    await expect(page).toHaveTitle('My Bookings | SkyPark Airport Parking');
    const open = page.getByRole('button', { name: /^View booking / }).first();
    await expect(open).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const name = (await open.getAttribute('aria-label')) ?? '';
    const code = name.replace('View booking ', '');
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Booking ${code}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Total (AUD)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const invoice = dialog.getByRole('link', { name: 'Download PDF invoice' });
    await expect(invoice).toHaveAttribute('target', '_blank');
    const href = await invoice.getAttribute('href');
    expect(href).toMatch(/^\/backend\/api\/v1\/bookings\/\d+\/invoice\/$/);

    // The new tab is authorised by the HttpOnly session cookie alone: no token header.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), invoice.click()]);
    await tab.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(tab.url()).toContain(href ?? '');
    await tab.close();

    const response = await page.context().request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
