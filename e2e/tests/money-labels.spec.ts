/**
 * Money labels from the ledger (issue 22, item 5): the change review lists its price lines, and a
 * cancelled, fully refunded booking shows what was paid and refunded with nothing to pay.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';
import { linkFromMail } from '../support/mail';
import { addDays, paidBooking } from '../support/paid-booking';

const money = (amount: number) => `$${amount.toFixed(2)}`;

test('the change review shows its price lines; a refunded cancellation shows paid and refunded, nothing to pay', async ({
  page,
  request,
}, testInfo) => {
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
});
