import { expect, test, type Page } from '@playwright/test';
import { demo, login, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';

const JSONAPI = { 'content-type': 'application/vnd.api+json' };

/** A value of this run and project only: the demo data is shared by every test. */
const runTag = (projectName: string) =>
  `${projectName === 'phone' ? 'P' : 'D'}${Date.now().toString(36).slice(-5).toUpperCase()}`;

async function openCustomers(page: Page) {
  await login(page, demo.admin);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
}

test.describe('back office: customers', () => {
  test('find a customer, edit and save them, add a vehicle, see their bookings', async ({
    page,
  }, testInfo) => {
    // A long journey with three accessibility scans.
    test.slow();
    const tag = runTag(testInfo.project.name);
    await openCustomers(page);
    const main = page.getByRole('main');

    // The search filter applies after a pause and lives in the address.
    await main.getByRole('searchbox', { name: 'Search' }).fill('customer@example.com');
    await expect(page).toHaveURL(/[?&]search=customer%40example.com/);
    const charlotte = main.getByRole('link', { name: 'Charlotte Wilson', exact: true });
    await expect(charlotte).toBeVisible();
    await keepScreenshot(page, testInfo, 'admin-customers-list');
    await charlotte.click();

    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(main.getByRole('heading', { name: 'Edit Customer', level: 1 })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'First Name' })).toHaveValue('Charlotte');
    await expect(main.getByRole('checkbox', { name: 'Customers' })).toBeChecked();

    // Edit and save: a private note, which the customer never sees.
    const note = `Prefers the indoor car park (${tag})`;
    await main.getByRole('textbox', { name: 'Private Notes' }).fill(note);
    await main.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Customer Updated')).toBeVisible();
    await page.reload();
    await expect(main.getByRole('textbox', { name: 'Private Notes' })).toHaveValue(note);

    // Her bookings, newest first, each opening the booking.
    const bookings = main.getByRole('region', { name: 'Bookings' });
    await expect(bookings.getByRole('link').first()).toBeVisible();
    await expect(bookings.getByRole('button', { name: 'Add' })).toBeVisible();

    // Add a vehicle in the dialog; it appears in her Vehicles table.
    const rego = `E2EC${tag}`.slice(0, 10);
    const vehicles = main.getByRole('region', { name: 'Vehicles' });
    await expect(vehicles.getByText('CWT482')).toBeVisible();
    await vehicles.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await dialog.getByRole('textbox', { name: 'Rego' }).fill(rego.toLowerCase());
    await dialog.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ index: 1 });
    await dialog.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await dialog.getByRole('textbox', { name: 'Model' }).fill('Yaris');
    await dialog.getByRole('combobox', { name: 'Colour' }).selectOption('Red');
    // A window narrowed past 1100 px (the navigation opens over the page) and widened again keeps the
    // dialog and what was typed: the page is not re-created when the navigation changes kind.
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dialog.getByRole('textbox', { name: 'Rego' })).toHaveValue(rego.toLowerCase());
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-customer-vehicle-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Vehicle Saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(vehicles.getByText(rego)).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-customer-edit');

    // Admins may delete it again (a soft delete): the demo customer keeps her own vehicles only.
    const row = vehicles.locator('[data-row-id]', { hasText: rego });
    await row.getByRole('checkbox').check();
    await vehicles.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(confirm).toContainText('Are you sure you would like to delete this vehicle?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(vehicles.getByText(rego)).toBeHidden();

    // Add on the bookings table starts a booking for this customer.
    const customerId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await bookings.getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(`/admin/bookings/add?customer=${customerId}`);
  });

  test('create a customer with a generated password, who can then log in', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'staff-made');
    await openCustomers(page);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Add' }).first().click();
    await expect(page).toHaveURL('/admin/customers/add');
    await expect(main.getByRole('heading', { name: 'Add Customer', level: 1 })).toBeVisible();

    await main.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
    await main.getByRole('textbox', { name: 'First Name' }).fill('Harriet');
    await main.getByRole('textbox', { name: 'Last Name' }).fill('Staffmade');
    await main.getByRole('textbox', { name: 'Email' }).fill(email);
    await main.getByRole('textbox', { name: 'Phone Number' }).fill('0400 555 666');
    await expect(main.getByRole('checkbox', { name: 'Customers' })).toBeChecked();
    await main.getByRole('button', { name: 'Generate' }).click();
    const passwordField = main.getByLabel(/^Password/);
    await expect(passwordField).toHaveAttribute('type', 'text');
    const password = await passwordField.inputValue();
    expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9!@#$%^&*\-_+=?]{16}$/);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-customer-add');

    await main.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Customer Created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(main.getByText('Email address not confirmed')).toBeVisible();
    await main.getByRole('button', { name: 'Resend Confirmation Email' }).click();
    // Snackbars take turns: this one follows "Customer Created", which gives way after a moment.
    await expect(page.getByText('Confirmation email sent.')).toBeVisible({ timeout: 15_000 });

    // The customer's login exists with the generated password.
    const session = await request.post('/backend/api/v1/sessions/', {
      headers: JSONAPI,
      data: { data: { type: 'sessions', attributes: { email, password } } },
    });
    expect(session.status(), await session.text()).toBe(201);

    // Their Subscription tab: none yet, Subscribe offered per kind.
    await main.getByRole('tab', { name: 'Subscription' }).click();
    await expect(page).toHaveURL(/\?tab=subscription$/);
    const panel = main.getByRole('tabpanel', { name: 'Subscription' });
    await expect(
      panel.getByRole('region', { name: 'Unlimited indoor parking' }).getByText('Not subscribed'),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Subscribe to unlimited outdoor parking' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-customer-subscription');
  });
});
