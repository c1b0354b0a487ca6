/**
 * Stored text is shown as text (issue 14): markup a visitor or a customer typed (a contact message, a
 * customer's name and notes) appears in the back office literally and runs nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, login } from '../support/accounts';
import { adminApi, adminToken } from '../support/booking';

const IMG = '<img src=x onerror="window.__xss=(window.__xss||0)+1">';
const SCRIPT = '<script>window.__xss=(window.__xss||0)+1</script>';

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
}

test('markup in a contact message and a customer’s name shows as text in the back office and runs nothing', async ({
  page,
  request,
}, testInfo) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const stamp = `${testInfo.project.name}${Date.now()}`;
  const sent = await request.post('/backend/api/v1/contact-submissions/', {
    headers: { 'content-type': 'application/vnd.api+json' },
    data: {
      data: {
        type: 'contact-submissions',
        attributes: {
          name: `${IMG} ${stamp}`,
          email: 'visitor@example.com',
          phoneNumber: '',
          message: `${SCRIPT} ${IMG}`,
        },
      },
    },
  });
  expect(sent.status()).toBe(201);
  const token = await adminToken(request);
  const email = `xss-${stamp}@example.com`;
  const created = await adminApi(request, token, 'POST', 'customers/', {
    data: {
      type: 'customers',
      attributes: {
        title: 'Mr',
        firstName: IMG,
        lastName: SCRIPT,
        phoneNumber: '0400 000 000',
        email,
        business: '',
        roles: ['Customers'],
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await login(page, demo.admin);
  await page.goto('/admin/contact');
  const link = page.getByRole('link', { name: new RegExp(stamp) });
  await expect(link).toHaveText(`${IMG} ${stamp}`);
  await link.click();
  await expect(page.getByRole('main')).toContainText(`${SCRIPT} ${IMG}`);
  await expectNothingRan(page);

  await page.goto(`/admin/customers?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('main')).toContainText(IMG);
  await expect(page.getByRole('main')).toContainText(SCRIPT);
  await expectNothingRan(page);
  expect(dialogs).toEqual([]);
});
