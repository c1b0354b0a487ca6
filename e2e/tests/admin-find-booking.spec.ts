/**
 * Find a booking in one step (issue 23, item 2): the back office header's search box (a booking code and
 * Enter, a rego and the keyboard) and its Scan button, reading the booking's QR code from the camera:
 * Chromium's fake camera plays a video of the QR code the confirmation email carries (the booking code).
 * A refused camera is explained and the typed code still opens the booking.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, login } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot } from '../support/booking';
import { writeQrVideo } from '../support/fake-camera';

interface Found {
  id: string;
  code: string;
  rego: string;
}

/** A seeded complete booking with a rego. */
async function aBooking(request: APIRequestContext, offset = 0): Promise<Found> {
  const token = await adminToken(request);
  const list = await adminApi(
    request,
    token,
    'GET',
    `bookings/?filter[status]=complete&sort=-created&page[size]=5&page[number]=${2 + offset}`,
  );
  const rows = (list.body as { data: { id: string; attributes: { bookingCode: string; rego: string } }[] })
    .data;
  const row = rows.find((candidate) => candidate.attributes.rego);
  if (!row) throw new Error('no seeded booking with a rego');
  return { id: row.id, code: row.attributes.bookingCode, rego: row.attributes.rego };
}

const finder = (page: Page) =>
  page.getByRole('search', { name: 'Find a booking' }).getByRole('combobox', { name: 'Find a booking' });

test.describe('find a booking in one step', () => {
  test('by its code and Enter, and by its rego with the keyboard', async ({ page, request }, testInfo) => {
    test.slow();
    const booking = await aBooking(request);
    await openAdmin(page, '/admin/diary');
    await expect(page.getByRole('heading', { name: 'Diary', level: 1 })).toBeVisible();

    // The exact code, typed in lower case: Enter opens the booking.
    await finder(page).fill(booking.code.toLowerCase());
    await finder(page).press('Enter');
    await expect(page).toHaveURL(`/admin/bookings/${booking.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Booking' })).toBeVisible();

    // A rego: results as you type, chosen with the arrow keys and Enter.
    await finder(page).fill(booking.rego.toLowerCase());
    const results = page.getByRole('listbox');
    await expect(results.getByRole('option').first()).toBeVisible();
    await expect(results.getByRole('option').first()).toContainText(booking.rego);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-find-booking-results');
    await finder(page).press('ArrowDown');
    await finder(page).press('Enter');
    await expect(page).toHaveURL(/\/admin\/bookings\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Rego' })).toHaveValue(booking.rego);

    // A code no booking has says so.
    await finder(page).fill('ZZZZ2222');
    await finder(page).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'No booking has the code ZZZZ2222.' }),
    ).toBeVisible();
  });

  test('by scanning the booking’s QR code with the camera', async ({ request }, testInfo) => {
    test.slow();
    const booking = await aBooking(request, 1);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-qr-'));
    const video = writeQrVideo(dir, booking.code);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport: { width: 1280, height: 800 },
        locale: 'en-AU',
        timezoneId: 'Australia/Hobart',
      });
      const page = await context.newPage();
      // The QR reader and its WebAssembly come from this site: nothing is fetched from elsewhere.
      const elsewhere: string[] = [];
      const origin = new URL(testInfo.project.use.baseURL ?? '').origin;
      page.on('request', (sent) => {
        if (!sent.url().startsWith(origin) && !sent.url().startsWith('data:')) elsewhere.push(sent.url());
      });
      await login(page, demo.admin);
      await page.goto('/admin/diary');
      await expect(page.getByRole('heading', { name: 'Diary', level: 1 })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Scan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Scan a booking’s QR code' });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL(`/admin/bookings/${booking.id}`, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Edit Booking' })).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a refused camera is explained; the typed code opens the booking', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const booking = await aBooking(request, 2);
    // The browser answers as it does when the staff member (or the site's settings) refused the camera.
    await page.addInitScript(() => {
      Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
        value: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      });
    });
    await openAdmin(page, '/admin/diary');
    await page.getByRole('button', { name: 'Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a booking’s QR code' });
    await expect(dialog.getByText('The camera is blocked for this site.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-scan-refused');

    const typed = dialog.getByRole('textbox', { name: 'Booking code' });
    await typed.fill('not a code');
    await dialog.getByRole('button', { name: 'Open booking' }).click();
    await expect(dialog.getByText('Enter the 8-character booking code, e.g. H34NH4VR.')).toBeVisible();
    await typed.fill(booking.code.toLowerCase());
    await dialog.getByRole('button', { name: 'Open booking' }).click();
    await expect(page).toHaveURL(`/admin/bookings/${booking.id}`);
  });
});
