import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';
import { mailAttachment, mailTo, type CapturedAttachment, type CapturedMail } from '../support/mail';
import { appAttached } from '../support/app-attached';

interface BookingResource {
  id: string;
  attributes: {
    bookingCode: string;
    status: string;
    paymentStatus: string;
    promoCode: string;
    email: string;
    rego: string;
    totalCost: string;
  };
  relationships: { lot: { data: { id: string } }; extras: { data: { id: string }[] } };
}

/** Checks the page, keeps its screenshot, then goes on. */
async function review(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], name: string) {
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, name);
}

const continueButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Continue' });

/** From the home page's quote form to the payment step, as a guest with `email`. */
async function bookToPayment(
  page: Page,
  testInfo: Parameters<Parameters<typeof test>[2]>[1],
  email: string,
  options: { shots: boolean },
) {
  const stay = quietStay(45, 4);
  const shot = (name: string) => (options.shots ? review(page, testInfo, name) : Promise.resolve());

  await page.goto('/');
  await appAttached(page);
  await expect(page).toHaveTitle('Home | SkyPark Airport Parking');
  const quote = page.getByRole('form', { name: 'Get a quote' });
  await quote.getByLabel('Departure date').fill(stay.startDate);
  await quote.getByLabel('Return date').fill(stay.endDate);
  await shot('home');
  await quote.getByRole('button', { name: 'Get a quote' }).click();

  // Step 1: both car parks quoted, outdoor chosen for us.
  await expect(page).toHaveURL(/\/booking\/step-1$/);
  await expect(page).toHaveTitle('Get Quote | SkyPark Airport Parking');
  const outdoor = page.getByRole('radio', { name: /Outdoor/ });
  await expect(outdoor).toBeChecked();
  await expect(page.getByRole('radio', { name: /Indoor/ })).not.toBeChecked();
  await expect(page.locator('[data-lot="outdoor"]')).toContainText(/\$\d+/);
  await expect(page.locator('[data-lot="outdoor"]')).not.toContainText('.00');
  await shot('step-1');
  await continueButton(page).click();

  // Step 2: details.
  await expect(page).toHaveURL(/\/booking\/step-2$/);
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
  await main.getByRole('textbox', { name: 'First name' }).fill('Harriet');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Osei');
  await main.getByRole('textbox', { name: 'Phone number' }).fill('0400 222 333');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await shot('step-2');
  await continueButton(page).click();

  // Step 3: the car.
  await expect(page).toHaveURL(/\/booking\/step-3$/);
  await main.getByRole('textbox', { name: 'Rego' }).fill('e2e 42x');
  await main.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'SUV' });
  await main.getByRole('combobox', { name: 'Make' }).selectOption('Mazda');
  await main.getByRole('textbox', { name: 'Model' }).fill('CX-5');
  await main.getByRole('combobox', { name: 'Colour' }).selectOption('Blue');
  await shot('step-3');
  await continueButton(page).click();

  // Step 4: flights, passengers, the bus and the confirmation.
  await expect(page).toHaveURL(/\/booking\/step-4$/);
  await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Qantas' });
  const outFlight = main.getByRole('combobox', { name: 'Departure flight' });
  await expect(outFlight.locator('option')).not.toHaveCount(2);
  await outFlight.selectOption({ index: 1 });
  await expect(main.getByText(/Bus departure time: \d{1,2}:\d{2} (am|pm)/)).toBeVisible();
  await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Qantas' });
  const inFlight = main.getByRole('combobox', { name: 'Return flight' });
  await expect(inFlight.locator('option')).not.toHaveCount(2);
  await inFlight.selectOption({ index: 1 });
  await main.getByRole('spinbutton', { name: 'Passengers flying out' }).fill('2');
  await main.getByRole('spinbutton', { name: 'Passengers coming home' }).fill('2');
  await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
  await shot('step-4');
  await continueButton(page).click();
  return stay;
}

test.describe('booking wizard', () => {
  test(
    'a guest books an outdoor stay with two extras and WELCOME10, pays by card and the booking is paid',
    { tag: '@phone' },
    async ({ page, request }, testInfo) => {
      test.setTimeout(150_000);
      const email = uniqueEmail(testInfo, 'guest-booking');
      await bookToPayment(page, testInfo, email, { shots: true });
      const main = page.getByRole('main');

      // Step 5: two extras and the promo code.
      await expect(page).toHaveURL(/\/booking\/step-5$/);
      await expect(page).toHaveTitle('Checkout | SkyPark Airport Parking');
      await main.getByRole('checkbox', { name: 'Exterior wash' }).check();
      await main.getByRole('checkbox', { name: 'Interior detail' }).check();
      await main.getByRole('textbox', { name: 'Promo code' }).fill('nope-code');
      await main.getByRole('button', { name: 'Apply' }).click();
      await expect(main.getByText('This promo code is not valid.')).toBeVisible();
      await main.getByRole('textbox', { name: 'Promo code' }).fill(' welcome10 ');
      await main.getByRole('button', { name: 'Apply' }).click();
      await expect(main.getByText(/Promo code WELCOME10 applied: 10% off the parking charge/)).toBeVisible();
      await review(page, testInfo, 'step-5');
      await continueButton(page).click();

      // Step 6: the server's charges, then save.
      await expect(page).toHaveURL(/\/booking\/step-6$/);
      const charges = main.getByRole('region', { name: 'Charges' });
      await expect(charges.getByText('Outdoor parking', { exact: true })).toBeVisible();
      await expect(charges.getByText(/Promo code WELCOME10 \(10% off parking\)/)).toBeVisible();
      await expect(charges.getByText('Exterior wash')).toBeVisible();
      await expect(charges.getByText('Interior detail')).toBeVisible();
      await expect(charges.getByText(/Includes GST of \$/)).toBeVisible();
      const total = (await page.getByTestId('booking-total').textContent()) ?? '';
      expect(total).toMatch(/^\$\d+\.\d{2}$/);
      await review(page, testInfo, 'step-6');
      await main.getByRole('button', { name: 'Confirm booking' }).click();

      // Step 7: the local card form.
      await expect(page).toHaveURL(/\/booking\/step-7$/);
      await expect(page).toHaveTitle('Payment Details | SkyPark Airport Parking');
      await expect(main.getByText(total).first()).toBeVisible();
      await main.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242');
      await main.getByRole('textbox', { name: 'Expiry (MM / YY)' }).click();
      await expect(main.getByText('Your card number is incomplete.')).toBeVisible();
      await main.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
      await expect(main.getByText('Your card number is incomplete.')).toBeHidden();
      await main.getByRole('textbox', { name: 'Expiry (MM / YY)' }).pressSequentially('1230');
      await main.getByRole('textbox', { name: 'CVC' }).fill('123');
      await main.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(main.getByText('This field is required.')).toBeVisible();
      await main.getByRole('checkbox', { name: /authorise the payment/ }).check();
      await review(page, testInfo, 'step-7');
      await main.getByRole('button', { name: /^Pay \$/ }).click();

      // Step 8: the booking code.
      await expect(page).toHaveURL(/\/booking\/step-8$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
      const code = ((await page.getByTestId('booking-code').textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      // The success page's total is the amount paid, and says where the confirmation went.
      await expect(page.getByTestId('summary-total')).toHaveText(total);
      await expect(page.getByTestId('summary-paid')).toHaveText(total);
      await expect(page.getByTestId('emailed-to')).toContainText(email);
      await expect(main.getByRole('link', { name: 'Download invoice' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
      await review(page, testInfo, 'step-8');

      // The confirmation email: once, with the code, the total paid, the invoice and the QR code attached.
      let mails: CapturedMail[] = [];
      await expect.poll(async () => (mails = await mailTo(request, email)).length).toBe(1);
      const mail = mails[0] as CapturedMail;
      expect(mail.subject).toBe(`Booking confirmed: ${code}`);
      expect(mail.text).toContain(`Manage my booking: `);
      expect(mail.text).toMatch(new RegExp(`Amount paid:\\s+\\${total}`));
      const invoice = mail.attachments.find((file) => file.filename === `invoice-${code}.pdf`);
      expect(
        Buffer.from(invoice?.contentBase64 ?? '', 'base64')
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      const qr = mail.attachments.find((file) => file.contentType === 'image/png');
      expect(qr?.cid).toBeTruthy();
      expect(mail.html).toContain(`src="cid:${qr?.cid ?? ''}"`);
      // The captured mailbox opens the attachment as a file.
      const opened = await mailAttachment(
        request,
        mail,
        mail.attachments.indexOf(invoice as CapturedAttachment),
      );
      expect(opened.headers()['content-type']).toBe('application/pdf');

      // The booking as the back office sees it: complete and paid, outdoor, two extras, the promo code.
      const token = await adminToken(request);
      const found = await adminApi(
        request,
        token,
        'GET',
        `bookings/?filter[bookingCode]=${code}&include=lot,extras`,
      );
      expect(found.status).toBe(200);
      const { data, included } = found.body as {
        data: BookingResource[];
        included: { type: string; id: string; attributes: { slug?: string } }[];
      };
      expect(data).toHaveLength(1);
      const booking = data[0] as BookingResource;
      expect(booking.attributes).toMatchObject({
        status: 'complete',
        paymentStatus: 'paid',
        promoCode: 'WELCOME10',
        email,
        rego: 'E2E42X',
      });
      expect(`$${booking.attributes.totalCost}`).toBe(total);
      expect(booking.relationships.extras.data).toHaveLength(2);
      const lot = included.find(
        (item) => item.type === 'lots' && item.id === booking.relationships.lot.data.id,
      );
      expect(lot?.attributes.slug).toBe('outdoor');

      // Leaving the success step gives a fresh booking.
      await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL('/');
      await page.goto('/booking/step-2');
      await expect(page).toHaveURL(/\/booking\/step-1$/);
    },
  );

  test('a declined card shows the card issuer’s message and stays on the payment step', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await bookToPayment(page, testInfo, uniqueEmail(testInfo, 'declined'), { shots: false });
    const main = page.getByRole('main');
    await expect(page).toHaveURL(/\/booking\/step-5$/);
    // The extras step's own form: the address changes a moment before its screen replaces step 4's.
    await expect(page.getByRole('main').getByRole('form', { name: 'Promo code' })).toBeVisible();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/booking\/step-6$/);
    await main.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(/\/booking\/step-7$/);

    await main.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
    await main.getByRole('textbox', { name: 'Expiry (MM / YY)' }).pressSequentially('1230');
    await main.getByRole('textbox', { name: 'CVC' }).fill('123');
    await main.getByRole('checkbox', { name: /authorise the payment/ }).check();
    await main.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(main.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page).toHaveURL(/\/booking\/step-7$/);
    await review(page, testInfo, 'step-7-declined');

    // Leaving the payment any other way asks first; staying keeps the form.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /SkyPark/ })
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave without paying?' });
    await expect(leave.getByText('Your booking will not be saved.')).toBeVisible();
    await leave.getByRole('button', { name: 'Stay and pay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/booking\/step-7$/);
  });

  test('the wizard survives a reload and refuses to skip ahead', async ({ page }) => {
    // A fresh visitor jumping to step 5 lands on step 1.
    await page.goto('/booking/step-5');
    await expect(page).toHaveURL(/\/booking\/step-1$/);
    await page.goto('/booking');
    await expect(page).toHaveURL(/\/booking\/step-1$/);

    const stay = quietStay(50, 3);
    await page.getByLabel('Departure date').fill(stay.startDate);
    await page.getByLabel('Return date').fill(stay.endDate);
    await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
    await page.locator('[data-lot="indoor"]').click();
    await expect(page.getByRole('radio', { name: /Indoor/ })).toBeChecked();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/booking\/step-2$/);
    await page.getByRole('textbox', { name: 'First name' }).fill('Reload');
    await page.reload();
    await expect(page).toHaveURL(/\/booking\/step-2$/);
    await expect(page.getByRole('complementary', { name: 'Your booking' })).toContainText('Indoor');
    // One step beyond the completed one is as far as a visitor may jump.
    await page.goto('/booking/step-4');
    await expect(page).toHaveURL(/\/booking\/step-1$/);
    await expect(page.getByLabel('Departure date')).toHaveValue(stay.startDate);
  });
});
