/**
 * The staff back office as the demo admin would use it: the diary, a promo code and a contact message
 * (back-office §2-§8). A phone booking, the bookings list and vehicles are in
 * admin-back-office-bookings.spec.ts, who may open what in admin-back-office-access.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { adminApi, adminToken, businessDate, keepScreenshot } from '../support/booking';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { addDays, dateShown, ddmmyyyy, openAdmin, typeDate } from '../support/back-office';
import type { BookingDocument } from '../support/back-office';

test.describe('back office', () => {
  test('the diary moves between days and shows the seeded bookings', async ({ page }, testInfo) => {
    // A seeded day is some sixty rows, each with its desk actions: axe over it alone takes seconds.
    test.slow();
    const today = businessDate(new Date());
    await openAdmin(page, '/admin');
    // /admin opens the diary (back-office §2), today's by default.
    await expect(page).toHaveURL(/\/admin\/diary$/);
    await expect(page.getByRole('heading', { name: 'Diary', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Diary' });
    // The seed has about thirty drop-offs and as many pick-ups on every day around today.
    await expect(table.locator('tbody tr[data-direction="departing"]').first()).toBeVisible();
    await expect(table.locator('tbody tr[data-direction="arriving"]').first()).toBeVisible();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(20);
    await expect(page.getByRole('link', { name: 'PDF Invoices - Drop Offs' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Departing rows green, arriving rows pink.
    const tint = (direction: string) =>
      table
        .locator(`tbody tr[data-direction="${direction}"]`)
        .first()
        .evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(await tint('departing')).toBe('rgb(232, 245, 233)');
    expect(await tint('arriving')).toBe('rgb(252, 228, 236)');
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-diary');

    const firstCustomer = async () =>
      table.locator('tbody tr').first().getByRole('link').first().textContent();
    const todays = await firstCustomer();
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(`/admin/diary?diary_date=${addDays(today, 1)}`);
    await expect.poll(() => dateShown(page, 'Date')).toContain(ddmmyyyy(addDays(today, 1)));
    await expect.poll(firstCustomer).not.toBe(todays);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(`/admin/diary?diary_date=${addDays(today, -1)}`);
    await expect(table.locator('tbody tr').first()).toBeVisible();

    // A day far ahead has no bookings: the spec's empty message, and no invoices to print.
    await page.goto('/admin/diary?diary_date=2031-06-03');
    await expect(page.getByText('No bookings for the current date.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'PDF Invoices - Drop Offs' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByRole('link', { name: 'PDF Invoices - Pick Ups' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  test('a promo code: 0-100 percent, saved as a fraction, upper-cased', async ({
    page,
    request,
  }, testInfo) => {
    const code = `e2e${testInfo.project.name}${Date.now().toString(36)}`;
    await openAdmin(page, '/admin/discounts');
    await expect(page.getByRole('heading', { name: 'Promo Codes', level: 1 })).toBeVisible();
    await page.getByRole('region', { name: 'Actions' }).getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL('/admin/discounts/add');
    await page.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
    await page.getByRole('textbox', { name: 'Promo Code' }).fill(code);
    const rate = page.getByRole('textbox', { name: 'Discount Rate' });
    await rate.fill('150');
    await rate.blur();
    await expect(page.getByText('Must be a number between 0 and 100')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await rate.fill('12.5');
    const today = businessDate(new Date());
    await typeDate(page, 'Valid From', today, '09:00');
    await typeDate(page, 'Valid To', addDays(today, 30), '09:00');
    await expect(page.getByText('Must be a number between 0 and 100')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Discount Created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/discounts\/\d+$/);
    const id = page.url().split('/').at(-1) ?? '';

    const token = await adminToken(request);
    const saved = await adminApi(request, token, 'GET', `discounts/${id}/`);
    expect((saved.body as BookingDocument).data.attributes).toMatchObject({
      promoCode: code.toUpperCase(),
      rate: '0.125',
      name: 'Spring sale',
    });
    // Tidy: the demo's promo list stays as it was.
    expect((await adminApi(request, token, 'DELETE', `discounts/${id}/`)).status).toBe(204);
  });

  test('a contact message is read and deleted', async ({ page, request }, testInfo) => {
    const name = `E2E Visitor ${testInfo.project.name} ${Date.now()}`;
    const sent = await request.post('/backend/api/v1/contact-submissions/', {
      headers: { 'content-type': 'application/vnd.api+json' },
      data: {
        data: {
          type: 'contact-submissions',
          attributes: {
            name,
            email: 'visitor@example.com',
            phoneNumber: '',
            message: 'Do you have space for a campervan?',
          },
        },
      },
    });
    expect(sent.status()).toBe(201);
    await openAdmin(page, '/admin/contact');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/contact\/\d+$/);
    await expect(page.getByText('Do you have space for a campervan?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(dialog).toContainText('Are you sure you would like to delete this message?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/admin/contact');
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });
});
