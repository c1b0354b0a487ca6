/**
 * The staff back office as the demo admin (and the Sales user, and a customer) would use it: the diary,
 * a phone booking with an extra, its check-in, the bookings list with its CSV export, a promo code, a
 * contact message, and who may open what (back-office §2-§8).
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, login } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, businessDate, keepScreenshot, quietStay } from '../support/booking';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');

async function openAdmin(page: Page, path: string, email: string = demo.admin) {
  await login(page, email);
  await page.goto(path);
}

/**
 * Types into a DD/MM/YYYY (and HH:mm) field as a keyboard user does: its sections are spinbuttons, and
 * typing a section's digits moves on to the next.
 */
async function typeDate(page: Page, label: string, date: string, time = '') {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${ddmmyyyy(date).replace(/\//g, '')}${time.replace(':', '')}`);
  await page.keyboard.press('Tab');
}

/** The value a date field shows, section by section: '24/11/2026'. */
const dateShown = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).evaluate((group) => group.textContent?.replace(/\s/g, '') ?? '');

interface BookingDocument {
  data: {
    id: string;
    attributes: Record<string, string | number | null>;
    relationships: Record<string, { data: { id: string } | null }>;
  };
}

test.describe('back office', () => {
  test('the diary moves between days and shows the seeded bookings', async ({ page }, testInfo) => {
    const today = businessDate(new Date());
    await openAdmin(page, '/admin');
    // /admin opens the diary (§2), today's by default.
    await expect(page).toHaveURL(/\/admin\/diary$/);
    await expect(page.getByRole('heading', { name: 'Diary', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Diary' });
    // The seed has about thirty drop-offs and as many pick-ups on every day around today.
    await expect(table.locator('tbody tr[data-direction="departing"]').first()).toBeVisible();
    await expect(table.locator('tbody tr[data-direction="arriving"]').first()).toBeVisible();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(20);
    await expect(page.getByRole('link', { name: 'PDF Invoices - Drop Offs' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Departing rows green, arriving rows pink.
    const tint = (direction: string) =>
      table
        .locator(`tbody tr[data-direction="${direction}"]`)
        .first()
        .evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(await tint('departing')).toBe('rgb(232, 245, 233)');
    expect(await tint('arriving')).toBe('rgb(252, 228, 236)');
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-diary');

    const firstCustomer = async () =>
      table.locator('tbody tr').first().getByRole('link').first().textContent();
    const todays = await firstCustomer();
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(`/admin/diary?diary_date=${addDays(today, 1)}`);
    await expect.poll(() => dateShown(page, 'Date')).toContain(ddmmyyyy(addDays(today, 1)));
    await expect.poll(firstCustomer).not.toBe(todays);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(`/admin/diary?diary_date=${addDays(today, -1)}`);
    await expect(table.locator('tbody tr').first()).toBeVisible();

    // A day far ahead has no bookings: the spec's empty message, and no invoices to print.
    await page.goto('/admin/diary?diary_date=2031-06-03');
    await expect(page.getByText('No bookings for the current date.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'PDF Invoices - Drop Offs' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByRole('link', { name: 'PDF Invoices - Pick Ups' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  test('a booking for an existing customer with an extra, charged as booking-quotes says, then checked in', async ({
    page,
    request,
  }, testInfo) => {
    // The longest journey of the back office: three screens and some forty fields.
    test.slow();
    const { startDate } = quietStay(30 + (testInfo.retry % 5), 1);
    const endDate = addDays(startDate, 3);
    await openAdmin(page, '/admin/bookings');
    await page.getByRole('region', { name: 'Actions' }).getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL('/admin/bookings/add');
    await expect(
      page.getByText('Card payment becomes available once the booking has been saved.'),
    ).toBeVisible();

    // Customer: found by name; the details fill in and the booking becomes Regular (§4).
    await page.getByRole('combobox', { name: 'Find a customer' }).fill('Charlotte Wil');
    await page.getByRole('option', { name: /Charlotte Wilson/ }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(demo.customer);
    await expect(page.getByRole('combobox', { name: 'Booking Type' })).toHaveValue('Regular');
    await page.getByRole('combobox', { name: 'Saved vehicle' }).selectOption({ index: 1 });
    await expect(page.getByRole('textbox', { name: 'Rego' })).not.toHaveValue('');

    // Flights: departure date, airline, a listed flight (its bus and drop-off follow), and the return.
    await typeDate(page, 'Departure Date', startDate);
    await expect.poll(() => dateShown(page, 'Arrival Date')).toContain(ddmmyyyy(startDate));
    await page.getByRole('combobox', { name: 'Departure Airline' }).selectOption({ label: 'Qantas' });
    await page.getByRole('combobox', { name: 'Departure Flight' }).selectOption({ index: 1 });
    await expect.poll(() => dateShown(page, 'Bus Departure Time')).toMatch(/^\d{2}:\d{2}/);
    await expect.poll(() => dateShown(page, 'Drop Off Time')).toMatch(/^\d{2}:\d{2}/);
    await typeDate(page, 'Arrival Date', endDate);
    await page.getByRole('combobox', { name: 'Arrival Airline' }).selectOption({ label: 'Qantas' });
    await page.getByRole('combobox', { name: 'Arrival Flight' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: 'Parking Space' }).selectOption({ label: 'Outdoor' });

    // An extra at its price for the vehicle type.
    await page.getByRole('checkbox', { name: /Exterior wash/ }).check();
    const charge = (label: string) => page.locator(`[data-charge="${label}"]`);
    await expect(charge('Extras Charges')).not.toHaveText('$0.00');
    await expect(page.getByRole('progressbar', { name: 'Working out the charges' })).toHaveCount(0);
    const shownTotal = await charge('Total Cost').textContent();
    const shownExtras = await charge('Extras Charges').textContent();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'admin-booking-add');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Booking Created')).toBeVisible();
    await expect(page).toHaveURL('/admin/bookings');

    // The saved booking, and the server's cost calculation for the same stay, extras and customer.
    const token = await adminToken(request);
    const list = await adminApi(
      request,
      token,
      'GET',
      `bookings/?filter[customer_details]=${encodeURIComponent(demo.customer)}&sort=-created&page[size]=1`,
    );
    const saved = (list.body as { data: BookingDocument['data'][] }).data[0];
    if (!saved) throw new Error('the booking was not saved');
    const money = (amount: string | number | null | undefined) => `$${Number(amount).toFixed(2)}`;
    expect(money(saved.attributes.totalCost)).toBe(shownTotal);
    expect(money(saved.attributes.extrasCost)).toBe(shownExtras);
    const quote = await adminApi(request, token, 'POST', 'booking-quotes/', {
      data: {
        type: 'booking-quotes',
        attributes: {
          startDatetime: saved.attributes.startDatetime,
          endDatetime: saved.attributes.endDatetime,
          extrasCost: saved.attributes.extrasCost,
          discountRate: '0',
          calculateSubscriptionGaps: false,
        },
        relationships: {
          lot: { data: { type: 'lots', id: saved.relationships.lot?.data?.id } },
          customer: { data: { type: 'customers', id: saved.relationships.customer?.data?.id } },
        },
      },
    });
    expect(quote.status).toBe(201);
    const quoted = (quote.body as BookingDocument).data.attributes;
    expect(quoted.totalCost).toBe(saved.attributes.totalCost);
    expect(quoted.parkingCost).toBe(saved.attributes.parkingCost);
    expect(saved.attributes.bookingType).toBe('Regular');
    expect(saved.attributes.status).toBe('complete');

    // Check in: a region of the lot and one of its rows.
    await page.goto(`/admin/bookings/${saved.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Booking' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Make Payment (§4, §8): the card is taken in a dialog; a decline says why there, a payment marks it paid.
    await page.getByRole('button', { name: 'Make Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Make Payment' });
    await expect(payment.getByRole('textbox', { name: 'Amount' })).toHaveValue(
      String(saved.attributes.totalCost),
    );
    await payment.getByRole('button', { name: 'Continue to card' }).click();
    const card = async (number: string) => {
      await payment.getByRole('textbox', { name: 'Card number' }).fill(number);
      await payment.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12/34');
      await payment.getByRole('textbox', { name: 'CVC' }).fill('123');
      await payment.getByRole('checkbox', { name: /The cardholder has authorised the payment/ }).check();
      await payment.getByRole('button', { name: /^Pay / }).click();
    };
    await card('4000000000000002');
    await expect(payment.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await card('4242424242424242');
    await expect(page.getByText('Payment received')).toBeVisible();
    await expect(payment).toBeHidden();
    await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Payment Status' })).toHaveValue('paid');
    await expect(page.getByRole('combobox', { name: 'Payment Method' })).toHaveValue('stripe');
    const paid = await adminApi(request, token, 'GET', `bookings/${saved.id}/`);
    expect((paid.body as BookingDocument).data.attributes).toMatchObject({
      paymentStatus: 'paid',
      amountPaid: saved.attributes.totalCost,
    });
    // The Check In button beside Save (the jump link of the same name only scrolls).
    await page.locator(`a[href="/admin/bookings/${saved.id}/checkin"]`).first().click();
    await expect(page).toHaveURL(`/admin/bookings/${saved.id}/checkin`);
    const region = page.getByRole('combobox', { name: 'Parking Region' });
    await expect(region.locator('option')).not.toHaveCount(1);
    await region.selectOption({ index: 1 });
    const rows = await page.getByRole('combobox', { name: 'Row' }).locator('option').allTextContents();
    expect(rows.slice(1)).toEqual(Array.from({ length: rows.length - 1 }, (_, index) => String(index + 1)));
    await page.getByRole('combobox', { name: 'Row' }).selectOption('2');
    await page.getByRole('combobox', { name: 'Fuel Level' }).selectOption('3/4');
    await page.getByRole('combobox', { name: 'Parked By' }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Booking Updated')).toBeVisible();

    // The diary of its drop-off day ticks Checked-in? for it.
    await page.goto(`/admin/diary?diary_date=${startDate}`);
    const row = page.locator(`tbody tr[data-booking-id="${saved.id}"][data-direction="departing"]`);
    await expect(row).toBeVisible();
    await expect(row.getByText('Checked in')).toBeAttached();
    await expect(row.getByText('Has extras')).toBeAttached();
  });

  test('bookings filtered by rego, exported as CSV', async ({ page }) => {
    await openAdmin(page, '/admin/bookings');
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('aria-disabled', 'true');
    // The first row's rego once the rows have loaded (placeholder rows show while they load).
    const firstRego = page
      .getByRole('table', { name: 'Bookings' })
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(3);
    await expect(firstRego).toHaveText(/^[A-Z0-9]+$/);
    const rego = (await firstRego.textContent()) ?? '';

    await page.getByRole('searchbox', { name: 'Rego' }).fill(rego.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`rego=${rego.toLowerCase()}`));
    const table = page.getByRole('table', { name: 'Bookings' });
    await expect(table.locator('tbody tr').first()).toContainText(rego);
    await expect(table.locator('tbody tr').filter({ hasNotText: rego })).toHaveCount(0);
    const shown = await table.locator('tbody tr').count();
    await expectNoSeriousA11yViolations(page);

    const exportLink = actions.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).not.toHaveAttribute('aria-disabled', 'true');
    const href = (await exportLink.getAttribute('href')) ?? '';
    expect(href).toContain(`filter%5Brego__icontains%5D=${rego}`);
    // The new tab's request, with the session cookie the browser sends.
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Booking Code');
    expect(lines).toHaveLength(shown + 1);
    for (const line of lines.slice(1)) expect(line).toContain(rego);
  });

  test('a vehicle added for a customer, found by its rego, and soft-deleted', async ({
    page,
    request,
  }, testInfo) => {
    const rego = `E2EV${testInfo.project.name.slice(0, 1).toUpperCase()}${Date.now().toString(36).slice(-4).toUpperCase()}`;
    await openAdmin(page, '/admin/vehicles/add');
    await expect(page.getByRole('heading', { name: 'Add Vehicle' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Rego' }).fill(rego.toLowerCase().replace('e2ev', 'e2e v'));
    await page.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'SUV' });
    await page.getByRole('combobox', { name: 'Make' }).selectOption('Subaru');
    await page.getByRole('textbox', { name: 'Model' }).fill('Forester');
    await page.getByRole('combobox', { name: 'Colour' }).selectOption('Green');
    await page.getByRole('combobox', { name: 'Customer' }).fill('Charlotte Wil');
    await page.getByRole('option', { name: /Charlotte Wilson/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Vehicle Created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/vehicles\/\d+$/);
    // Saved upper-cased without spaces, and owned by the customer (read-only now).
    await expect(page.getByRole('textbox', { name: 'Rego' })).toHaveValue(rego);
    await expect(page.getByRole('textbox', { name: 'Customer' })).toHaveValue('Charlotte Wilson');
    const id = page.url().split('/').at(-1) ?? '';

    await page.goto('/admin/vehicles');
    await page.getByRole('searchbox', { name: 'Rego' }).fill(rego);
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('Charlotte Wilson');
    await page.getByRole('checkbox', { name: `Select vehicle ${id}` }).check();
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(dialog).toContainText('Are you sure you would like to delete this vehicle?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No vehicles match these filters.')).toBeVisible();

    // Soft: the row is still there, marked deleted (back-office §4).
    const token = await adminToken(request);
    const vehicle = await adminApi(request, token, 'GET', `vehicles/${id}/`);
    expect((vehicle.body as BookingDocument).data.attributes).toMatchObject({ rego, deleted: true });
  });

  test('a promo code: 0-100 percent, saved as a fraction, upper-cased', async ({
    page,
    request,
  }, testInfo) => {
    const code = `e2e${testInfo.project.name}${Date.now().toString(36)}`;
    await openAdmin(page, '/admin/discounts');
    await expect(page.getByRole('heading', { name: 'Promo Codes', level: 1 })).toBeVisible();
    await page.getByRole('region', { name: 'Actions' }).getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL('/admin/discounts/add');
    await page.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
    await page.getByRole('textbox', { name: 'Promo Code' }).fill(code);
    const rate = page.getByRole('textbox', { name: 'Discount Rate' });
    await rate.fill('150');
    await rate.blur();
    await expect(page.getByText('Must be a number between 0 and 100')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await rate.fill('12.5');
    const today = businessDate(new Date());
    await typeDate(page, 'Valid From', today, '09:00');
    await typeDate(page, 'Valid To', addDays(today, 30), '09:00');
    await expect(page.getByText('Must be a number between 0 and 100')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Discount Created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/discounts\/\d+$/);
    const id = page.url().split('/').at(-1) ?? '';

    const token = await adminToken(request);
    const saved = await adminApi(request, token, 'GET', `discounts/${id}/`);
    expect((saved.body as BookingDocument).data.attributes).toMatchObject({
      promoCode: code.toUpperCase(),
      rate: '0.125',
      name: 'Spring sale',
    });
    // Tidy: the demo's promo list stays as it was.
    expect((await adminApi(request, token, 'DELETE', `discounts/${id}/`)).status).toBe(204);
  });

  test('a contact message is read and deleted', async ({ page, request }, testInfo) => {
    const name = `E2E Visitor ${testInfo.project.name} ${Date.now()}`;
    const sent = await request.post('/backend/api/v1/contact-submissions/', {
      headers: { 'content-type': 'application/vnd.api+json' },
      data: {
        data: {
          type: 'contact-submissions',
          attributes: {
            name,
            email: 'visitor@example.com',
            phoneNumber: '',
            message: 'Do you have space for a campervan?',
          },
        },
      },
    });
    expect(sent.status()).toBe(201);
    await openAdmin(page, '/admin/contact');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/contact\/\d+$/);
    await expect(page.getByText('Do you have space for a campervan?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(dialog).toContainText('Are you sure you would like to delete this message?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/admin/contact');
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  test('Sales sees no Promo Codes or Settings and is refused Admins-only routes', async ({ page }) => {
    await openAdmin(page, '/admin/bookings', demo.sales);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const item of ['Diary', 'Bookings', 'Customers', 'Vehicles', 'Contact'])
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Promo Codes' })).toHaveCount(0);
    await expect(nav.getByText('Settings')).toHaveCount(0);
    await expect(nav.getByText('Reports')).toHaveCount(0);
    // Sales may not delete bookings either (§6).
    await expect(
      page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Delete' }),
    ).toHaveCount(0);

    await page.goto('/admin/discounts');
    await expect(page).toHaveURL('/permission-denied');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
  });

  test('a customer is refused the back office', async ({ page }) => {
    await openAdmin(page, '/admin', demo.customer);
    await expect(page).toHaveURL('/permission-denied');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
  });
});
