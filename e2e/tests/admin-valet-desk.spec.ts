/**
 * The valet desk (issue 23): a car checked in from the diary in at most three actions plus choosing its
 * region and row, back on the diary with the row ticked; photos and damage recorded at check-in and seen
 * by the traveller in Manage my booking; the photos refused (404) to another customer and to a visitor;
 * the diary fits 1280 x 900 without sideways scrolling; axe on the new screens and dialogs.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, registerByApi, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot } from '../support/booking';
import { API, JSONAPI, paidBooking } from '../support/paid-booking';
import { findMyBooking } from '../support/manage-booking';

// A small photo as a phone's camera input would hand it over (an 8 x 6 PNG, drawn and re-encoded on the way).
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOwyluKFTEMpAQAOGQ+ce9tXsoAAAAASUVORK5CYII=',
  'base64',
);

async function chooseRegionAndRow(page: Page) {
  const dialog = page.getByRole('dialog');
  const region = dialog.getByRole('combobox', { name: 'Parking Region' });
  await expect(region.locator('option')).not.toHaveCount(1);
  const firstRegion = await region.locator('option').nth(1).getAttribute('value');
  await region.selectOption(firstRegion ?? '');
  await dialog.getByRole('combobox', { name: 'Row' }).selectOption('2');
}

test.describe('the valet desk', () => {
  test('checks a car in from the diary in three actions and comes back to the ticked row', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const phone = testInfo.project.name === 'phone';
    const booking = await paidBooking(request, {
      email: uniqueEmail(testInfo, 'desk'),
      fromDay: phone ? 71 : 67,
      rego: `DSK${phone ? 'P' : 'D'}1`,
    });
    await openAdmin(page, `/admin/diary?diary_date=${booking.stay.startDate}`, demo.sales);
    const row = page.locator(`[data-booking-id="${booking.id}"][data-direction="departing"]`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    if (!phone) {
      // The diary fits 1280 x 900: nothing scrolls sideways, no column is cut.
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tables: Array.from(document.querySelectorAll('table')).map((table) => {
          const box = table.parentElement;
          return box ? box.scrollWidth - box.clientWidth : 0;
        }),
      }));
      expect(overflow.page).toBeLessThanOrEqual(0);
      for (const table of overflow.tables) expect(table).toBeLessThanOrEqual(0);
    }
    await expectNoSeriousA11yViolations(page);

    // 1: Check In on the row.
    await row.getByRole('button', { name: `Check In: booking ${booking.code}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Check In · ${booking.code}` })).toBeVisible();
    // Parked By is the signed-in staff member, and the date and time are now: nothing to type.
    await expect(dialog.getByRole('combobox', { name: 'Parked By' })).not.toHaveValue('');
    await chooseRegionAndRow(page);
    await expectNoSeriousA11yViolations(page);
    // 2: Save.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/diary/);
    await expect(row).toContainText(phone ? 'Checked in' : '');
    if (!phone) await expect(row.getByText('Checked in', { exact: true })).toBeAttached();
    // A drop-off row then offers Move (issue 40): its owner is flying out, not collecting the car.
    await expect(row.getByRole('button', { name: `Move: booking ${booking.code}` })).toBeVisible();
    await keepScreenshot(page, testInfo, 'desk-diary-ticked');
  });

  test('photos and damage recorded at check-in are the traveller’s to see, and no one else’s', async ({
    page,
    request,
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(180_000);
    const phone = testInfo.project.name === 'phone';
    const email = uniqueEmail(testInfo, 'desk-photos');
    const booking = await paidBooking(request, {
      email,
      fromDay: phone ? 73 : 69,
      rego: `DSK${phone ? 'P' : 'D'}2`,
    });
    await openAdmin(page, `/admin/diary?diary_date=${booking.stay.startDate}`, demo.sales);
    const row = page.locator(`[data-booking-id="${booking.id}"][data-direction="departing"]`);
    await row.getByRole('button', { name: `Check In: booking ${booking.code}` }).click();
    const dialog = page.getByRole('dialog');
    await chooseRegionAndRow(page);
    await dialog.getByRole('combobox', { name: 'Fuel Level' }).selectOption('3/4');
    await dialog.getByRole('textbox', { name: 'Kilometres' }).fill('45210');
    const front = dialog.getByRole('button', { name: 'Front' });
    await front.focus();
    await page.keyboard.press('Space');
    await expect(front).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('textbox', { name: 'Front damage' }).fill('Scratch on the bumper');
    await dialog.getByTestId('custody-photo-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PHOTO },
      { name: 'side.png', mimeType: 'image/png', buffer: PHOTO },
    ]);
    await expect(dialog.getByRole('list', { name: 'Photos to save' }).getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });

    // The traveller, as a guest with the code and email, sees the record.
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const guest = await context.newPage();
    const main = await findMyBooking(guest, booking.code, email);
    const car = main.getByRole('region', { name: 'Your car' });
    await expect(car).toContainText('Front (Scratch on the bumper)', { timeout: 15_000 });
    await expect(car).toContainText('3/4');
    await expect(car).toContainText('45,210 km');
    const photos = car.getByRole('img', { name: /Photo \d of your car/ });
    await expect(photos).toHaveCount(2);
    await expect
      .poll(() => photos.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(guest);
    await keepScreenshot(guest, testInfo, 'desk-your-car');
    await context.close();

    // The photos' addresses answer 404 to a visitor and to another customer (each its own cookie jar).
    const jar = () => playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const staffApi = await jar();
    const token = await adminToken(staffApi);
    const record = (await adminApi(staffApi, token, 'GET', `bookings/${booking.id}/custody/`)).body as {
      data: { attributes: { photos: Array<{ path: string }> } };
    };
    const paths = record.data.attributes.photos.map((photo) => photo.path);
    expect(paths).toHaveLength(2);
    const other = uniqueEmail(testInfo, 'desk-other');
    const strangerApi = await jar();
    const anonymousApi = await jar();
    const account = await registerByApi(strangerApi, other);
    const session = await strangerApi.post(`${API}/sessions/`, {
      headers: JSONAPI,
      data: { data: { type: 'sessions', attributes: { email: other, password: account.password } } },
    });
    const otherToken = ((await session.json()) as { data: { attributes: { token: string } } }).data.attributes
      .token;
    for (const path of paths) {
      const anonymous = await anonymousApi.fetch(`${API}/${path}`);
      expect(anonymous.status()).toBe(404);
      const stranger = await strangerApi.fetch(`${API}/${path}`, {
        headers: { authorization: `Token ${otherToken}` },
      });
      expect(stranger.status()).toBe(404);
      const staff = await staffApi.fetch(`${API}/${path}`, { headers: { authorization: `Token ${token}` } });
      expect(staff.status()).toBe(200);
      expect(staff.headers()['content-type']).toBe('image/jpeg');
    }
  });
});
