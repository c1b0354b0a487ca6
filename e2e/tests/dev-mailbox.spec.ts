/**
 * The development mailbox (issue 37, item 5): an Admin opens /backend/dev/mail/ in the browser, finds a
 * booking's confirmation, reads it as a mail client shows it (the HTML in its sandboxed frame with the QR
 * code drawn), and the pages pass axe. Screenshots at 1280 and 390 px are kept in test-results/screens.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demo, login, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { mailTo, type CapturedMail } from '../support/mail';
import { paidBooking } from '../support/paid-booking';

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.join(import.meta.dirname, '..', 'test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('an Admin reads a booking confirmation, QR code and attachments, in the development mailbox', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, 'dev-mailbox');
  const booking = await paidBooking(request, { email, fromDay: 91, rego: 'MBOX91' });
  let confirmation: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        confirmation = (await mailTo(request, email)).find((mail) =>
          mail.subject.startsWith('Booking confirmed'),
        );
        return Boolean(confirmation);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!confirmation) throw new Error('no confirmation email');

  await login(page, demo.admin);
  await page.goto('/backend/dev/mail/');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Texts' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'dev-mailbox-list-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'dev-mailbox-list-1280');

  await page.getByRole('link', { name: confirmation.subject }).click();
  await expect(page).toHaveURL(`/backend/dev/mail/${confirmation.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: confirmation.subject })).toBeVisible();
  const frame = page.frameLocator('iframe[title^="The email as HTML"]');
  await expect(frame.getByText(booking.code).first()).toBeVisible();
  // The QR code is an inline cid: image: drawn in the frame, not a broken image.
  const qr = frame.getByRole('img', { name: new RegExp(`QR code of booking ${booking.code}`) });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Text' })).toBeVisible();
  const pdf = page.getByRole('link', { name: /^Download invoice/ });
  await expect(pdf).toHaveAttribute('href', `/backend/dev/mail/${confirmation.id}/attachments/0`);
  // The page around the email; the email's own HTML (a sandboxed frame axe cannot enter) is email-layout.spec's.
  await expectNoSeriousA11yViolations(page, { exclude: ['iframe'] });
  await keepScreenshot(page, testInfo, 'dev-mailbox-message-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame.getByText(booking.code).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await keepScreenshot(page, testInfo, 'dev-mailbox-message-390');

  // The captured texts, a link away.
  await page.getByRole('navigation', { name: 'Mailbox' }).getByRole('link', { name: 'Texts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Texts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'dev-mailbox-texts-390');
});
