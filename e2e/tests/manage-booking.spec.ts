import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { signedInCustomerWithBooking } from '../support/customer-booking';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';
import { mailTo } from '../support/mail';
import { addDays, API, JSONAPI, paidBooking, seededIds } from '../support/paid-booking';
import { findMyBooking } from '../support/manage-booking';

/** No sideways scrolling at the given width. */
async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const money = (amount: number) => `$${amount.toFixed(2)}`;

test.describe('manage my booking', () => {
  test(
    'a guest finds their booking by code and email, moves the return date later and pays the difference with 4242…',
    { tag: '@phone' },
    async ({ page, request }, testInfo: TestInfo) => {
      test.setTimeout(150_000);
      const email = uniqueEmail(testInfo, 'manage-guest');
      const booking = await paidBooking(request, {
        email,
        fromDay: testInfo.project.name === 'phone' ? 60 : 52,
        rego: `MNG${testInfo.project.name === 'phone' ? 'P' : 'D'}1`,
      });

      await page.goto('/manage-booking');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Manage my booking' })).toBeVisible({ timeout: 15_000 });
      await expectNoSeriousA11yViolations(page);

      // The code alone is not enough.
      await main.getByRole('textbox', { name: 'Booking code' }).fill(booking.code);
      await main.getByRole('textbox', { name: 'Email address' }).fill('someone-else@example.com');
      await main.getByRole('button', { name: 'Find my booking' }).click();
      await expect(main.getByRole('alert')).toHaveText(
        'We could not find a booking with that booking code and email address.',
      );

      await main.getByRole('textbox', { name: 'Email address' }).fill(email);
      await main.getByRole('button', { name: 'Find my booking' }).click();
      await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/manage-booking\\?booking=${booking.id}$`));
      await expect(main.getByRole('region', { name: 'Charges', exact: true })).toContainText(
        `Paid${money(Number(booking.total))}`,
      );
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'manage-booking-found');

      // Two more days: the price is the booking engine's (booking-quotes) for the longer stay.
      const newEnd = addDays(booking.stay.endDate, 2);
      const costs = await request.post(`${API}/booking-quotes/`, {
        headers: JSONAPI,
        data: {
          data: {
            type: 'booking-quotes',
            attributes: {
              startDatetime: `${booking.stay.startDate}T10:00:00+11:00`,
              endDatetime: `${newEnd}T18:00:00+11:00`,
              extrasCost: '0',
              discountRate: '0',
            },
            relationships: { lot: { data: { type: 'lots', id: (await seededIds(request)).outdoor } } },
          },
        },
      });
      expect(costs.ok(), await costs.text()).toBe(true);
      const newTotal = Number(
        ((await costs.json()) as { data: { attributes: { totalCost: string } } }).data.attributes.totalCost,
      );
      const difference = newTotal - Number(booking.total);
      expect(difference).toBeGreaterThan(0);

      const changeForm = main.getByRole('form', { name: 'Change booking' });
      await changeForm.getByLabel('Pick-up date and time').fill(`${newEnd}T18:00`);
      await changeForm.getByRole('button', { name: 'Review changes' }).click();
      await expect(changeForm.getByRole('status')).toContainText(`New total: ${money(newTotal)}`);
      await expect(changeForm.getByRole('status')).toContainText(`To pay now: ${money(difference)}`);
      await expectNoSeriousA11yViolations(page);
      await changeForm.getByRole('button', { name: 'Confirm changes' }).click();

      // Issue 40: what is being paid for, how long the new dates are held, and the way back; read again
      // after a reload, as the server holds it.
      const shown = (date: string) =>
        `${Number(date.slice(8))}/${Number(date.slice(5, 7))}/${date.slice(0, 4)}`;
      const waiting = main.getByRole('region', { name: 'Your change waiting for payment' });
      await expect(waiting).toBeVisible();
      await page.reload();
      await expect(waiting.getByRole('region', { name: 'Booked' })).toContainText(
        `Pick-up ${shown(booking.stay.endDate)}`,
      );
      await expect(waiting.getByRole('region', { name: 'Changed to' })).toContainText(
        `Pick-up ${shown(newEnd)}, 6:00 pm`,
      );
      const price = waiting.getByRole('region', { name: 'Price of the change' });
      await expect(price).toContainText(`New total${money(newTotal)}`);
      await expect(price).toContainText(`Booked total${money(Number(booking.total))}`);
      await expect(price).toContainText(`Difference to pay${money(difference)}`);
      await expect(waiting).toContainText('The places for your new dates are held for you until');
      await expect(waiting.getByRole('button', { name: 'Keep my booking as it is' })).toBeVisible();
      // Nothing else to change meanwhile: the change form waits until this one is paid or dropped.
      await expect(main.getByRole('form', { name: 'Change booking' })).toHaveCount(0);

      const cardForm = waiting.getByRole('form', { name: 'Card payment' });
      await expect(cardForm).toBeVisible();
      // The local provider's form names its test card (development, demo and tests only).
      await expect(waiting.getByRole('note')).toContainText('4242 4242 4242 4242');
      await cardForm.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await cardForm.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 30');
      await cardForm.getByRole('textbox', { name: 'CVC' }).fill('123');
      await cardForm.getByRole('checkbox').check();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'manage-booking-change-waiting');
      await cardForm.getByRole('button', { name: `Pay ${money(difference)}` }).click();

      await expect(
        main
          .getByRole('status')
          .filter({ hasText: `your payment of ${money(difference)} has been received` }),
      ).toBeVisible();
      await expect(waiting).toHaveCount(0);
      const charges = main.getByRole('region', { name: 'Charges', exact: true });
      await expect(charges).toContainText(`Total (AUD)${money(newTotal)}`);
      await expect(charges).toContainText(`Paid${money(newTotal)}`);
      await expect(main.getByRole('region', { name: 'Parking', exact: true })).toContainText(
        `${Number(newEnd.slice(8))}/${Number(newEnd.slice(5, 7))}/${newEnd.slice(0, 4)}, 6:00 pm`,
      );
      await expect(main.getByRole('region', { name: 'Booking', exact: true })).toContainText('Paid');

      // The email is a job run just after the payment's commit: it arrives a moment later.
      await expect
        .poll(
          async () =>
            (await mailTo(request, email)).find(
              (message) => message.subject === `Your booking ${booking.code} has been changed`,
            )?.text,
        )
        .toContain(`Thank you for paying the difference of ${money(difference)}.`);

      // Responsive down to 360 px: nothing runs off the side.
      await page.setViewportSize({ width: 360, height: 740 });
      await expectFits(page, 360);
      await keepScreenshot(page, testInfo, 'manage-booking-changed');
    },
  );

  test('a guest keeps their booking as it is instead of paying for a dearer change', async ({
    page,
    request,
  }, testInfo: TestInfo) => {
    // Issue 40: a change waiting for its difference had no way back; the places it held stayed held.
    const email = uniqueEmail(testInfo, 'manage-keep');
    const booking = await paidBooking(request, { email, fromDay: 102, rego: 'MNKD1' });
    const main = await findMyBooking(page, booking.code, email);
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible({
      timeout: 15_000,
    });

    const changeForm = main.getByRole('form', { name: 'Change booking' });
    await changeForm.getByLabel('Pick-up date and time').fill(`${addDays(booking.stay.endDate, 3)}T18:00`);
    await changeForm.getByRole('button', { name: 'Review changes' }).click();
    await expect(changeForm.getByRole('status')).toContainText('To pay now:');
    await changeForm.getByRole('button', { name: 'Confirm changes' }).click();

    const waiting = main.getByRole('region', { name: 'Your change waiting for payment' });
    await waiting.getByRole('button', { name: 'Keep my booking as it is' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Your booking stays as it was' })).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(main.getByRole('region', { name: 'Charges', exact: true })).toContainText(
      `Total (AUD)${money(Number(booking.total))}`,
    );
    // Read again, it is gone for good, and the booking can be changed again.
    await page.reload();
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(changeForm).toBeVisible();
  });

  test('a guest adds an extra, changes flights and car, and pays the difference with 4242…', async ({
    page,
    request,
  }, testInfo: TestInfo) => {
    test.setTimeout(150_000);
    const phone = testInfo.project.name === 'phone';
    const email = uniqueEmail(testInfo, 'manage-extras');
    const booking = await paidBooking(request, {
      email,
      fromDay: phone ? 82 : 76,
      rego: `MNX${phone ? 'P' : 'D'}1`,
    });

    const main = await findMyBooking(page, booking.code, email);
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible({
      timeout: 15_000,
    });

    const changeForm = main.getByRole('form', { name: 'Change booking' });
    // The wizard's extras for this stay: pick the first one that can be booked, at the price shown.
    const extrasGroup = changeForm.getByRole('group', { name: 'Extras' });
    const extra = extrasGroup
      .locator('label[data-testid^="extra-"]')
      .filter({ has: page.locator('input[type="checkbox"]:not([disabled]):not(:checked)') })
      .first();
    await expect(extra).toBeVisible({ timeout: 15_000 });
    const extraId = ((await extra.getAttribute('data-testid')) ?? '').replace('extra-', '');
    const extraName = (await extra.locator(`#extra-${extraId}-name`).innerText()).trim();
    const extraPrice = Number(
      (await extra.locator(`#extra-${extraId}-price`).innerText()).replace(/[$,]/g, ''),
    );
    expect(extraPrice).toBeGreaterThan(0);
    await extra.getByRole('checkbox').check();

    // Flights, as on the wizard's step 4: Not flying comes first, set apart from the airlines.
    await changeForm.getByLabel('Change my flights').check();
    const departureAirline = changeForm.getByRole('combobox', { name: 'Departure airline' });
    await expect(departureAirline).toHaveValue(/\d+/);
    const airlineOptions = await departureAirline.locator('option').allTextContents();
    expect(airlineOptions[1]).toBe('Not flying');
    await changeForm
      .getByRole('combobox', { name: 'Departure flight' })
      .selectOption({ label: 'Other (flight not listed)' });
    await changeForm.getByRole('textbox', { name: 'Departure flight number' }).fill('qf1234');
    await changeForm.getByLabel('Flight departure time').fill('11:00');
    await expect(changeForm.getByText('Bus departure time: 10:00 am.')).toBeVisible();
    // The drop-off follows the flight: 10 minutes before its bus.
    await expect(changeForm.getByLabel('Drop-off date and time')).toHaveValue(
      `${booking.stay.startDate}T09:50`,
    );
    await changeForm.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Not flying' });
    await changeForm.getByLabel('Pick-up time').fill('17:30');
    await expect(changeForm.getByLabel('Pick-up date and time')).toHaveValue(`${booking.stay.endDate}T17:30`);

    // And the car: another colour.
    await changeForm.getByRole('combobox', { name: 'Colour' }).selectOption('Blue');

    await changeForm.getByRole('button', { name: 'Review changes' }).click();
    const newTotal = Number(booking.total) + extraPrice;
    await expect(changeForm.getByRole('status')).toContainText(`New total: ${money(newTotal)}`);
    await expect(changeForm.getByRole('status')).toContainText(`To pay now: ${money(extraPrice)}`);
    await expectNoSeriousA11yViolations(page);
    if (phone) await keepScreenshot(page, testInfo, 'manage-booking-change-extras');
    await changeForm.getByRole('button', { name: 'Confirm changes' }).click();

    const cardForm = main.getByRole('form', { name: 'Card payment' });
    await expect(cardForm).toBeVisible();
    await cardForm.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await cardForm.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 30');
    await cardForm.getByRole('textbox', { name: 'CVC' }).fill('123');
    await cardForm.getByRole('checkbox').check();
    await cardForm.getByRole('button', { name: `Pay ${money(extraPrice)}` }).click();

    await expect(
      main.getByRole('status').filter({ hasText: `your payment of ${money(extraPrice)} has been received` }),
    ).toBeVisible();
    const charges = main.getByRole('region', { name: 'Charges', exact: true });
    await expect(charges).toContainText(`Extras${money(extraPrice)}`);
    await expect(charges).toContainText(`Paid${money(newTotal)}`);
    await expect(main.getByRole('region', { name: 'Vehicle', exact: true })).toContainText(
      `${extraName} (${money(extraPrice)})`,
    );
    await expect(main.getByRole('region', { name: 'Vehicle', exact: true })).toContainText(
      'Blue Toyota Corolla',
    );
    await expect(main.getByRole('region', { name: 'Flights', exact: true })).toContainText('QF1234');
    await expect(main.getByRole('region', { name: 'Flights', exact: true })).toContainText('Not flying');
    await expect(main.getByRole('region', { name: 'Parking', exact: true })).toContainText('5:30 pm');
    await expectNoSeriousA11yViolations(page);
    await expectFits(page, phone ? 390 : 1280);
  });

  test('a customer cancels from My Bookings and sees it Cancelled, with the refund', async ({
    page,
    request,
    playwright,
  }, testInfo: TestInfo) => {
    test.setTimeout(150_000);
    const { account, booking } = await signedInCustomerWithBooking(
      { page, request, playwright },
      testInfo,
      'manage-customer',
      {
        fromDay: testInfo.project.name === 'phone' ? 70 : 64,
        rego: `CNL${testInfo.project.name === 'phone' ? 'P' : 'D'}1`,
      },
    );
    await page.goto('/bookings');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: `View booking ${booking.code}` }).click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Manage booking' }).click();

    await expect(page).toHaveURL(new RegExp(`/manage-booking\\?booking=${booking.id}$`));
    await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible();
    await expect(
      main.getByText(`If you cancel now, ${money(Number(booking.total))} will be refunded to your card.`),
    ).toBeVisible();
    await main.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(confirm).toContainText(`You will be refunded ${money(Number(booking.total))} to your card.`);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();

    await expect(
      main.getByRole('status').filter({
        hasText: `Your booking has been cancelled. ${money(Number(booking.total))} has been refunded to your card.`,
      }),
    ).toBeVisible();
    await expect(main.getByRole('region', { name: 'Booking', exact: true })).toContainText('Cancelled');
    await expect(main.getByRole('region', { name: 'Booking', exact: true })).toContainText('Refunded');
    await expect(main.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'manage-booking-cancelled');

    // Back in My Bookings: the booking is Cancelled and its payment Refunded.
    await page.goto('/bookings');
    await main.getByRole('button', { name: `View booking ${booking.code}` }).click();
    await expect(
      page.getByRole('dialog').getByRole('region', { name: 'Booking', exact: true }),
    ).toContainText('Cancelled');
    await expect(
      page.getByRole('dialog').getByRole('region', { name: 'Booking', exact: true }),
    ).toContainText('Refunded');
    await expect
      .poll(
        async () =>
          (await mailTo(request, account.email)).find(
            (message) => message.subject === `Your booking ${booking.code} has been cancelled`,
          )?.text,
      )
      .toContain(`We have refunded ${money(Number(booking.total))} to your card.`);
  });
});
