/**
 * The diary's rows at the desk (issue 40): each row offers what its moment needs (a drop-off Check In,
 * then Move; a pick-up Hand Back, and Flight only when an arriving flight is given), and the check-in
 * dialog ends at its buttons (it scrolled into ~700 px of empty space once Save was pressed). At 390 px
 * and on the desktop.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, uniqueEmail } from '../support/accounts';
import { openAdmin } from '../support/back-office';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, keepScreenshot } from '../support/booking';
import { paidBooking } from '../support/paid-booking';

/** The diary's row (a table row, or a phone's card) of a booking's drop-off or pick-up. */
const diaryRow = (page: Page, id: string, direction: 'departing' | 'arriving') =>
  page.locator(`[data-booking-id="${id}"][data-direction="${direction}"]`);

/** Opens a day of the diary; on a phone, closes the navigation that opens by itself (below 1100 px). */
async function openDiary(page: Page, date: string, phone: boolean, login = true) {
  if (login) await openAdmin(page, `/admin/diary?diary_date=${date}`, demo.sales);
  else await page.goto(`/admin/diary?diary_date=${date}`);
  if (!phone) return;
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
}

async function chooseRegionAndRow(page: Page) {
  const dialog = page.getByRole('dialog');
  const region = dialog.getByRole('combobox', { name: 'Parking Region' });
  // There and enabled (the lot's regions have arrived), then with more than its "None".
  await expect(region).toBeEnabled();
  await expect(region.locator('option')).not.toHaveCount(1);
  await region.selectOption({ index: 1 });
  await dialog.getByRole('combobox', { name: 'Row' }).selectOption('1');
}

test.describe('the diary’s rows at the desk', () => {
  test(
    'the check-in dialog ends at its buttons, before and after Save',
    { tag: '@phone' },
    async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      const phone = testInfo.project.name === 'phone';
      const booking = await paidBooking(request, {
        email: uniqueEmail(testInfo, 'scroll'),
        fromDay: phone ? 104 : 101,
        rego: `SCR${phone ? 'P' : 'D'}1`,
      });
      await openDiary(page, booking.stay.startDate, phone);
      const row = diaryRow(page, booking.id, 'departing');
      await row.getByRole('button', { name: `Check In: booking ${booking.code}` }).click();
      const dialog = page.getByRole('dialog');
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save).toBeVisible();
      // Scrolled to its end, the dialog shows its Save button at the foot, with no empty space below.
      const spaceBelowButtons = () =>
        dialog.evaluate((element) => {
          const paper = element.querySelector<HTMLElement>('.MuiDialog-paper') ?? element;
          paper.scrollTop = paper.scrollHeight;
          const actions = paper.querySelector('.MuiDialogActions-root');
          if (!actions) throw new Error('no buttons');
          return paper.getBoundingClientRect().bottom - actions.getBoundingClientRect().bottom;
        });
      expect(await spaceBelowButtons()).toBeLessThan(24);
      // Save with nothing chosen: the fields say what is missing; the dialog still ends at its buttons.
      await save.click();
      await expect(dialog.getByText('This field is required.').first()).toBeVisible();
      expect(await spaceBelowButtons()).toBeLessThan(24);
      await keepScreenshot(page, testInfo, 'desk-check-in-after-save');
      await expectNoSeriousA11yViolations(page);
      await chooseRegionAndRow(page);
      await save.click();
      await expect(dialog).toBeHidden();
    },
  );

  test(
    'a drop-off offers Check In then Move; a pick-up Hand Back, and Flight only with an arriving flight',
    { tag: '@phone' },
    async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const phone = testInfo.project.name === 'phone';
      const booking = await paidBooking(request, {
        email: uniqueEmail(testInfo, 'moment'),
        fromDay: phone ? 110 : 107,
        rego: `MOM${phone ? 'P' : 'D'}1`,
      });
      const action = (name: string) => ({ name: `${name}: booking ${booking.code}` });
      await openDiary(page, booking.stay.startDate, phone);
      const dropOff = diaryRow(page, booking.id, 'departing');
      await expect(dropOff.getByRole('button', action('Check In'))).toBeVisible({ timeout: 15_000 });
      await expect(dropOff.getByRole('button', action('Flight'))).toHaveCount(0);
      await dropOff.getByRole('button', action('Check In')).click();
      await chooseRegionAndRow(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      // The car was just dropped off and its owner is flying out: Move, not Hand Back.
      await expect(dropOff.getByRole('button', action('Move'))).toBeVisible();
      await expect(dropOff.getByRole('button', action('Hand Back'))).toHaveCount(0);
      await keepScreenshot(page, testInfo, 'desk-drop-off-checked-in');
      await expectNoSeriousA11yViolations(page);

      await openDiary(page, booking.stay.endDate, phone, false);
      const pickUp = diaryRow(page, booking.id, 'arriving');
      await expect(pickUp.getByRole('button', action('Hand Back'))).toBeVisible({ timeout: 15_000 });
      await expect(pickUp.getByRole('button', action('Flight'))).toBeVisible();
      await expect(pickUp.getByRole('button', action('Check In'))).toHaveCount(0);

      // Not flying home: there is no arriving flight to say is late.
      const token = await adminToken(request);
      const airlines = (await adminApi(request, token, 'GET', 'airlines/?page[size]=100')).body as {
        data: Array<{ id: string; attributes: { name: string } }>;
      };
      const notFlying = airlines.data.find((airline) => airline.attributes.name === 'Not flying');
      if (!notFlying) throw new Error('no Not flying airline');
      const changed = await adminApi(request, token, 'PATCH', `bookings/${booking.id}/`, {
        data: {
          type: 'bookings',
          id: booking.id,
          attributes: { flightNumberIn: '' },
          relationships: { airlineIn: { data: { type: 'airlines', id: notFlying.id } } },
        },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await openDiary(page, booking.stay.endDate, phone, false);
      await expect(pickUp.getByRole('button', action('Hand Back'))).toBeVisible({ timeout: 15_000 });
      await expect(pickUp.getByRole('button', action('Flight'))).toHaveCount(0);
    },
  );
});
