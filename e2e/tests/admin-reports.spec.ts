/**
 * Reports as the demo admin (back-office §2 "Reports", "Imports"): the fill-rate chart of the seeded six
 * months, the From date in the address and the chart, the KPI Summary CSV, Departing/Returning, Extras, and
 * the daily payments diary.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, login } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { businessDate, keepScreenshot } from '../support/booking';

/** A PDF's text as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-')), 'report.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (date: string) => date.split('-').reverse().join('');

async function typeDate(page: Page, label: string, date: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy(date));
  await page.keyboard.press('Tab');
}

test.describe('reports', () => {
  // Charts, big tables and axe over them: more than the default 30 s on a busy machine.
  test.slow();

  test('the overview charts six months of fill; a new From date changes the address and the chart', async ({
    page,
  }, testInfo) => {
    const today = businessDate(new Date());
    await login(page, demo.admin);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const chart = page.getByRole('img', { name: /^Fill rate by day/ });
    await expect(chart).toBeVisible();
    // The seed's past three months and future three months of bookings fill the default range.
    const days = async () => Number(/(\d+) days/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1]);
    await expect.poll(days).toBeGreaterThan(170);
    await expect(
      chart.locator('svg path.MuiLineChart-line, svg .MuiLineElement-root').first(),
    ).toBeAttached();
    const indoor = page.getByRole('table', { name: 'Indoor fill' });
    await expect(indoor.getByRole('row', { name: /Fill rate/ })).toContainText('%');
    const average = Number(
      /(\d+)%/.exec((await indoor.getByRole('row', { name: /Fill rate/ }).textContent()) ?? '')?.[1],
    );
    expect(average).toBeGreaterThan(0);
    await expect(page.getByRole('table', { name: 'Booking types' }).getByRole('row')).not.toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-reports-overview');

    const from = addDays(today, -30);
    await typeDate(page, 'From', from);
    await expect(page).toHaveURL(new RegExp(`start_date=${from}`));
    await expect.poll(days).toBe(31);

    // An end before the start is refused with the spec's words, and not applied: To's year a year back. (Typed
    // day first over today's date, a To such as 31/10 passed through 31/12, a real change of the range, in a
    // month of 31 days.)
    await page.getByRole('group', { name: 'To' }).getByRole('spinbutton').nth(2).click();
    await page.keyboard.type(String(Number(today.slice(0, 4)) - 1));
    await page.keyboard.press('Tab');
    await expect(page.getByText('Date must be after the start date')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`end_date=${today}`));

    // The report links keep the dates.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Departing/Returning' })
      .click();
    await expect(page).toHaveURL(`/admin/reports/inout?start_date=${from}&end_date=${today}`);
    await expect(
      page.getByRole('img', { name: /^Cars departing and returning by day, 31 days/ }),
    ).toBeVisible();
  });

  test('the KPI Summary of the To date’s month is a CSV; the PDFs of now beside the title', async ({
    page,
  }) => {
    await login(page, demo.admin);
    await page.goto('/admin/reports?start_date=2026-01-01&end_date=2026-02-10');
    const link = page.getByRole('link', { name: 'KPI Summary' });
    await expect(link).toHaveAttribute('target', '_blank');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toContain('kpi-summary-csv/?month=2026-02-10');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate((url) => window.location.assign(url), href),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // A header, one line a day of February, and the total.
    expect(lines).toHaveLength(1 + 28 + 1);
    // The printable reports of now are at hand here too (issue 40), each in a new tab.
    for (const [name, report] of [
      ['Currently Parked Cars', 'currently-parked'],
      ['Income Owed', 'income-owed'],
    ] as const) {
      const pdf = page.getByRole('link', { name });
      await expect(pdf).toHaveAttribute('target', '_blank');
      await expect(pdf).toHaveAttribute('href', `/backend/api/v1/bookings/${report}/`);
    }
  });

  test('the currently parked cars and income owed PDFs open in new tabs from the bookings list, every code whole', async ({
    page,
  }) => {
    // Issue 40: the server had both reports and no screen linked them.
    await login(page, demo.sales);
    await page.goto('/admin/bookings');
    const actions = page.getByRole('region', { name: 'Actions' });
    for (const [name, path] of [
      ['Currently Parked Cars', 'bookings/currently-parked/'],
      ['Income Owed', 'bookings/income-owed/'],
    ] as const) {
      const link = actions.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      expect(tab.url()).toContain(`/backend/api/v1/${path}`);
      await tab.close();
      const response = await page.request.get((await link.getAttribute('href')) ?? '');
      expect(response.headers()['content-type']).toBe('application/pdf');
      // The seeded bookings' codes, each printed whole ("M8DGCY…" could not be looked up).
      const text = pdfText(await response.body());
      expect(text).toMatch(/\b[A-Z0-9]{8}\b/);
      expect(text).not.toContain('…');
    }
  });

  test('Extras lists the complete bookings with extras; Imports the payments of a day', async ({ page }) => {
    const today = businessDate(new Date());
    await login(page, demo.admin);
    await page.goto(`/admin/reports/extras?start_date=${addDays(today, -14)}&end_date=${today}`);
    await expect(page.getByRole('table', { name: 'Extras sold' }).getByRole('row').nth(1)).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      page.getByRole('table', { name: 'Bookings with extras' }).getByRole('row').nth(1),
    ).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/admin/imports?imports_date=${addDays(today, -1)}`);
    await expect(page.getByRole('heading', { name: 'Imports & Reconciliation', level: 1 })).toBeVisible();
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(payments.getByRole('row').nth(1)).toBeVisible();
    await expect(payments.getByRole('columnheader')).toHaveText([
      'Booking',
      'Time',
      'Total',
      'Amount Paid',
      'Payment Method',
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/admin/imports?imports_date=2031-06-03');
    await expect(page.getByText('No bookings with payments for the current date.')).toBeVisible();
  });

  test('Sales may not open the reports', async ({ page }) => {
    await login(page, demo.sales);
    await page.goto('/admin/reports');
    // The refusal is told inside the back office, with a way back (issue 23).
    await expect(page).toHaveURL('/admin/reports');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the diary' })).toBeVisible();
    await expect(page.getByRole('table', { name: /fill/i })).toHaveCount(0);
  });
});
