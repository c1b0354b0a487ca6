/**
 * Partners (issue 42): an Admin opens Partners from the back office's navigation, adds a live partner, makes its
 * API key (shown once) and copies it, and the copied key works on the partner API; then sets an allotment and a
 * stop-sell on the stay's dates, after which the partner API refuses that stay at once; revokes the key and pauses
 * the partner. Axe on each screen.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an Admin adds a partner, copies its key, and sets an allotment and a stop-sell', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const stay = quietStay(50, 3);
  const name = `E2E Travel ${Date.now()}`;
  await openAdmin(page, '/admin/diary');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Partners' }).click();
  await expect(page).toHaveURL('/admin/partners');
  await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Add' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add Partner', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Status').selectOption('live');
  await page.getByLabel('Commission Rate').fill('12.5');
  await page.getByLabel('Contact Name').fill('Sam Lee');
  await page.getByLabel('Contact Email').fill('sam@e2e-travel.example');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Partner Created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/partners\/\d+$/);
  await expect(page.getByText('No keys yet.', { exact: false })).toBeVisible();

  // The key: shown once, copied with the button.
  await page.getByRole('button', { name: 'New API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API Key' });
  await dialog.getByLabel('Label').fill('Production');
  await dialog.getByRole('button', { name: 'Make Key' }).click();
  const shown = dialog.getByLabel('API key');
  await expect(shown).toHaveText(/^spk_[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-partner-key');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('API key copied.')).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(await shown.textContent());
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(`Production (${key.slice(0, 12)}…)`)).toBeVisible();

  const availability = async () => {
    const response = await request.get(
      `/partner/v1/availability?lot=indoor&start=${stay.startDate}T10:00:00%2B10:00&end=${stay.endDate}T16:00:00%2B10:00`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(response.status(), await response.text()).toBe(200);
    return (
      (await response.json()) as { data: { attributes: { available: boolean; reason: string | null } } }
    ).data.attributes;
  };
  expect(await availability()).toMatchObject({ available: true, reason: null });

  // An allotment in Indoor.
  await page.getByRole('button', { name: 'Add Allotment' }).click();
  const allotment = page.getByRole('dialog', { name: 'Add Allotment' });
  await allotment.getByRole('combobox', { name: 'Lot' }).selectOption({ label: 'Indoor' });
  await allotment.getByLabel('Places').fill('5');
  await allotment.getByLabel('Release (hours before the day)').fill('72');
  await expectNoSeriousA11yViolations(page);
  await allotment.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Allotment Saved')).toBeVisible();
  await expect(page.getByText('Indoor: 5 places a day')).toBeVisible();
  await expect(page.getByText('Released 72 hours before the day')).toBeVisible();

  // A stop-sell on the stay's dates: the API refuses the stay at once.
  await page.getByRole('button', { name: 'Add Stop-sell' }).click();
  const stop = page.getByRole('dialog', { name: 'Add Stop-sell' });
  await stop.getByRole('combobox', { name: 'Lot' }).selectOption({ label: 'Indoor' });
  await stop.getByLabel('From').fill(stay.startDate);
  await stop.getByLabel('To (included)').fill(stay.endDate);
  await stop.getByLabel('Reason').fill('Contract review');
  await expectNoSeriousA11yViolations(page);
  await stop.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stop-sell Saved')).toBeVisible();
  await expect(page.getByText('Contract review')).toBeVisible();
  expect(await availability()).toMatchObject({ available: false, reason: 'stop_sell' });

  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-partner');

  // Revoked: the key is refused from then on.
  await page.getByRole('button', { name: 'Revoke Production' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API Key Revoked')).toBeVisible();
  const refused = await request.get(`/partner/v1/availability?lot=indoor`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe(
    'partner_key_revoked',
  );

  // Paused, its allotment holds nothing: the rest of the suite (the exclusive project's one-car Indoor among
  // them) finds the demo's places as they were.
  const partnerId = /\/admin\/partners\/(\d+)$/.exec(page.url())?.[1] ?? '';
  const paused = await adminApi(request, await adminToken(request), 'PATCH', `partners/${partnerId}/`, {
    data: { type: 'partners', id: partnerId, attributes: { status: 'paused' } },
  });
  expect(paused.status).toBe(200);
});
