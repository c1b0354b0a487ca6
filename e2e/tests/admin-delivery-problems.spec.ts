/**
 * Delivery problems (issue 37): an Admin finds the screen in the back office's navigation and sees what the
 * real server lists (none, on a fresh run: the e2e mail goes to the dev mailbox). The e2e server cannot make
 * a job fail five times in a row, so one row is then put in the list's answer at the network; its Retry goes
 * to the real server, which answers that the problem was already dealt with. Axe and the phone's cards too.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { keepScreenshot } from '../support/booking';

const LIST = /\/backend\/api\/v1\/delivery-problems\/$/;
const EMPTY = 'Nothing is waiting: every email and text went out.';

const isList = (url: URL) => LIST.test(url.pathname);

/** Waits for the screen's own GET of the list, and answers how many problems the server sent. */
async function listAnswer(page: Page, open: () => Promise<unknown>): Promise<number> {
  const answer = page.waitForResponse(
    (response) => isList(new URL(response.url())) && response.request().method() === 'GET' && response.ok(),
  );
  await open();
  const body = (await (await answer).json()) as { data: unknown[] };
  return body.data.length;
}

test('an Admin sees the delivery problems, and a retry of one dealt with already says so', async ({
  page,
}, testInfo) => {
  test.slow();
  await openAdmin(page, '/admin/diary');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const count = await listAnswer(page, () => nav.getByRole('link', { name: 'Delivery problems' }).click());
  await expect(page).toHaveURL('/admin/delivery-problems');
  await expect(page.getByRole('heading', { name: 'Delivery problems', level: 1 })).toBeVisible();
  // What the server has: nothing on a fresh run; a long full run may have met a real failure.
  if (count === 0) await expect(page.getByText(EMPTY)).toBeVisible();
  else
    await expect(page.getByRole('table', { name: 'Delivery problems' }).getByRole('row')).toHaveCount(
      count + 1,
    );
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-delivery-problems');

  // One failed email, in the list's answer only.
  const id = randomUUID();
  const failedAt = new Date(Date.now() - 3_600_000).toISOString();
  const row = {
    type: 'delivery-problems',
    id,
    attributes: {
      what: 'Email: Reset your password',
      to: 'e2e-delivery@example.com',
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      attempts: 5,
      failedAt,
      created: failedAt,
    },
  };
  await page.route(isList, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          contentType: 'application/vnd.api+json',
          json: { data: [row], meta: { count: 1 } },
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  const table = page.getByRole('table', { name: 'Delivery problems' });
  await expect(table.getByRole('cell', { name: 'connect ECONNREFUSED 127.0.0.1:25' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-delivery-problems-row');

  // A phone: the row is a card, its buttons still there, nothing wider than the screen (360 px and 390 px).
  await page.setViewportSize({ width: 360, height: 740 });
  // Below 1100 px the navigation opens by itself as a drawer, over the page; Escape closes it.
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(table).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Delivery problems' }).getByRole('listitem');
  await expect(card.getByText('Email: Reset your password')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Discard / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(nav).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-delivery-problems-row-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Retry reaches the real server, which has no such problem; the list then loads the real answer again.
  await page.unroute(isList);
  const retry = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/delivery-problems/${id}/retry/`) && response.request().method() === 'POST',
  );
  await table
    .getByRole('button', { name: 'Retry Email: Reset your password to e2e-delivery@example.com' })
    .click();
  expect((await retry).status()).toBe(404);
  await expect(page.getByText('This delivery problem has already been dealt with.')).toBeVisible();
  await expect(page.getByText('e2e-delivery@example.com')).toHaveCount(0);
});
