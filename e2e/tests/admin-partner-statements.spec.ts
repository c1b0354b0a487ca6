/**
 * A partner's monthly statement (issue 42, item 5): a live partner made through the admin API books two stays through
 * the partner API and cancels one; an Admin opens the partner, its Statements section, this month's statement (its
 * lines and totals), opens the PDF in a new tab and downloads the CSV, then marks the payment received and sees
 * nothing more owed. Axe on the statement and the payment dialog.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, businessDate, keepScreenshot, quietStay } from '../support/booking';

function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-statement-')), 'statement.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A live partner at 12.5% commission and its API key, made as the admin. */
async function livePartner(request: APIRequestContext, name: string) {
  const token = await adminToken(request);
  const made = await adminApi(request, token, 'POST', 'partners/', {
    data: {
      type: 'partners',
      attributes: {
        name,
        contactEmail: 'accounts@e2e-statements.example',
        commissionRate: '0.125',
        status: 'live',
      },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = (made.body as { data: { id: string } }).data.id;
  const key = await adminApi(request, token, 'POST', 'partner-api-keys/', {
    data: {
      type: 'partner-api-keys',
      attributes: { label: 'Statements' },
      relationships: { partner: { data: { type: 'partners', id } } },
    },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return { id, key: (key.body as { data: { attributes: { key: string } } }).data.attributes.key };
}

test('an Admin opens a partner’s monthly statement, downloads its PDF and CSV, and marks the payment received', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const name = `E2E Statements ${Date.now()}`;
  const { id, key } = await livePartner(request, name);
  const stay = quietStay(60, 3);
  const book = async (email: string) => {
    const response = await request.post('/partner/v1/bookings', {
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': `${name}-${email}` },
      data: {
        data: {
          type: 'bookings',
          attributes: {
            lot: 'outdoor',
            start: `${stay.startDate}T10:00:00+10:00`,
            end: `${stay.endDate}T16:00:00+10:00`,
            title: 'Ms',
            firstName: 'Ada',
            lastName: email.split('@')[0],
            email,
            phoneNumber: '0400 000 000',
            rego: 'E2E 042',
            make: 'Toyota',
            model: 'Corolla',
            colour: 'Blue',
          },
        },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { attributes: { code: string; totalCost: string } } }).data
      .attributes;
  };
  const kept = await book('kept@e2e-statements.example');
  const cancelled = await book('cancelled@e2e-statements.example');
  const gone = await request.delete(`/partner/v1/bookings/${cancelled.code}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(gone.status(), await gone.text()).toBe(200);
  const month = businessDate(new Date()).slice(0, 7);

  // From the partner's screen: its Statements section opens this month's statement.
  await openAdmin(page, `/admin/partners/${id}`);
  await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
  await page.getByRole('link', { name: 'Open Statement' }).click();
  await expect(page).toHaveURL(`/admin/partners/${id}/statements/${month}`);
  await expect(page.getByRole('heading', { name: `Statement: ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByText('2 bookings, 0 changes, 1 cancellation')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Bookings, changes and cancellations' });
  await expect(lines.getByRole('row')).toHaveCount(4);
  await expect(lines.getByRole('row', { name: new RegExp(`Booking ${kept.code}`) })).toBeVisible();
  await expect(lines.getByRole('row', { name: new RegExp(`Cancellation ${cancelled.code}`) })).toBeVisible();
  const totals = page.getByRole('definition');
  const cents = Math.round(Number(kept.totalCost) * 100);
  const net = cents - Math.floor((cents * 1250 + 5000) / 10_000);
  const aud = (value: number) =>
    new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(value / 100);
  await expect(totals.last()).toHaveText(aud(net));
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-partner-statement');

  // The PDF, in a new tab.
  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.waitForEvent('popup'), pdfLink.click()]);
  expect(tab.url()).toContain(`/backend/api/v1/partners/${id}/statements/${month}/pdf/`);
  await tab.close();
  const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  for (const expected of [
    'PARTNER STATEMENT',
    name,
    kept.code,
    cancelled.code,
    'Commission (12.5%)',
    aud(net),
  ])
    expect(text).toContain(expected);

  // The CSV, downloaded.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-e2e-statements-\\d+-${month}\\.csv$`));
  const csv = fs
    .readFileSync((await download.path()) ?? '', 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe(
    'Date,Kind,Booking Code,Traveller,Lot,Drop Off,Pick Up,Gross,Commission,Net Owed,Paid,Still Owed',
  );
  expect(csv).toHaveLength(1 + 3 + 1);
  expect(csv.at(-1)).toMatch(new RegExp(`^,Total,,,,,,${kept.totalCost},.*,${(net / 100).toFixed(2)}$`));

  // The partner pays what it owes.
  await page.getByRole('button', { name: 'Mark Payment Received' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Payment Received' });
  await expect(dialog.getByLabel('Amount Received')).toHaveValue((net / 100).toFixed(2));
  await dialog.getByLabel('Reference').fill('EFT 0042');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Payment Recorded')).toBeVisible();
  await expect(totals.last()).toHaveText('$0.00');
  await expect(page.getByRole('table', { name: 'Payments Received' }).getByText('EFT 0042')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Payment Received' })).toBeDisabled();
});
