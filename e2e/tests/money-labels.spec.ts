/**
 * Money labels from the ledger (issue 22, item 5): the change review lists its price lines, and a
 * cancelled, fully refunded booking shows what was paid and refunded with nothing to pay.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, keepScreenshot } from '../support/booking';
import { linkFromMail } from '../support/mail';
import { addDays, paidBooking } from '../support/paid-booking';

const money = (amount: number) => `$${amount.toFixed(2)}`;

test(
  'the change review shows its price lines; a refunded cancellation shows paid and refunded, nothing to pay',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const phone = testInfo.project.name === 'phone';
    const email = uniqueEmail(testInfo, 'money-labels');
    const booking = await paidBooking(request, { email, fromDay: phone ? 94 : 92, rego: 'MONEY1' });
    const total = money(Number(booking.total));
    await page.goto(await linkFromMail(request, email, '/manage-booking'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible({
      timeout: 15_000,
    });

    const changeForm = main.getByRole('form', { name: 'Change booking' });
    await changeForm.getByLabel('Pick-up date and time').fill(`${addDays(booking.stay.endDate, 2)}T18:00`);
    await changeForm.getByRole('button', { name: 'Review changes' }).click();
    const lines = changeForm.getByRole('list', { name: 'Price of the change' });
    await expect(lines).toContainText(`Booked stay${total}`);
    await expect(lines).toContainText('New stay: parking$');
    await expect(lines).toContainText('Extras$0.00');
    await expect(lines).toContainText(`Paid so far${total}`);
    await expect(changeForm.getByRole('status')).toContainText('To pay now: $');
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'manage-change-review-lines');

    await main.getByRole('button', { name: 'Cancel booking' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Cancel booking' })
      .click();
    await expect(
      main.getByRole('status').filter({ hasText: 'Your booking has been cancelled.' }),
    ).toBeVisible();
    const charges = main.getByRole('region', { name: 'Charges', exact: true });
    await expect(charges).toContainText(`Paid${total}`);
    await expect(charges).toContainText(`Refunded−${total}`);
    await expect(charges).not.toContainText('To pay');
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'manage-cancelled-refunded');
  },
);

test('a booking paid, then changed by staff to cost more, reads Part paid with what is owed, not Unpaid', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const email = uniqueEmail(testInfo, 'part-paid');
  const booking = await paidBooking(request, { email, fromDay: phone ? 98 : 96, rego: 'PART1' });
  // The desk moves the return two days later: the booking costs more than was paid.
  const token = await adminToken(request);
  const later = `${addDays(booking.stay.endDate, 2)}T18:00:00+11:00`;
  const changed = await adminApi(request, token, 'PATCH', `bookings/${booking.id}/`, {
    data: { type: 'bookings', id: booking.id, attributes: { endDatetime: later } },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);

  await page.goto(await linkFromMail(request, email, '/manage-booking'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(main.getByText('Part paid')).toBeVisible();
  await expect(main.getByText('Unpaid', { exact: true })).toHaveCount(0);
  await expect(main.getByText(money(Number(booking.total))).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'manage-booking-part-paid');
});
