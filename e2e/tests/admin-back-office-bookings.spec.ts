/**
 * Bookings in the staff back office as the demo admin: a phone booking for an existing customer with an
 * extra, paid by card and checked in; the bookings list filtered and exported as CSV; a customer's vehicle
 * (back-office §4, §8). The diary and the rest are in admin-back-office.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { demo } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { addDays, dateShown, ddmmyyyy, openAdmin, typeDate } from '../support/back-office';
import type { BookingDocument } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';

test.describe('back office', () => {
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

    // Customer: found by name; the details fill in and the booking becomes Regular (back-office §4).
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
    await expect(page.getByText('Booking Created')).toBeVisible({ timeout: 15_000 });
    // The list, the new booking marked (admin-booking-form.spec.ts takes its payment there).
    await expect(page).toHaveURL(/^[^?]*\/admin\/bookings\?created=\d+$/);

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

    // Make Payment (back-office §4, §8): the card is taken in a dialog; a decline says why there, a payment marks it paid.
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
    // The Check In button beside Save opens the diary's dialog (issue 40: one check-in everywhere), with
    // kilometres, key tag, the damage outline and photos; the jump link of the same name only scrolls.
    await page
      .getByRole('button', { name: `Check In: booking ${saved.attributes.bookingCode}` })
      .first()
      .click();
    const checkIn = page.getByRole('dialog');
    await expect(
      checkIn.getByRole('heading', { name: `Check In · ${saved.attributes.bookingCode}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(`/admin/bookings/${saved.id}`);
    await expect(checkIn.getByRole('textbox', { name: 'Kilometres' })).toBeVisible();
    await expect(checkIn.getByRole('textbox', { name: 'Key Tag' })).toBeVisible();
    await expect(checkIn.getByRole('group', { name: 'Damage: choose each damaged area' })).toBeVisible();
    await expect(checkIn.getByText('Take photos')).toBeVisible();
    const region = checkIn.getByRole('combobox', { name: 'Parking Region' });
    await expect(region.locator('option')).not.toHaveCount(1);
    await region.selectOption({ index: 1 });
    const rowField = checkIn.getByRole('combobox', { name: 'Row' });
    const rows = await rowField.locator('option').allTextContents();
    expect(rows.slice(1)).toEqual(Array.from({ length: rows.length - 1 }, (_, index) => String(index + 1)));
    await rowField.selectOption('2');
    await checkIn.getByRole('combobox', { name: 'Fuel Level' }).selectOption('3/4');
    await checkIn.getByRole('textbox', { name: 'Kilometres' }).fill('48213');
    await checkIn.getByRole('textbox', { name: 'Key Tag' }).fill('K17');
    await checkIn.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Car checked in')).toBeVisible();
    await expect(checkIn).toBeHidden();
    // The car's custody record has the check-in (what its owner sees in Manage my booking).
    const custody = await adminApi(request, token, 'GET', `bookings/${saved.id}/custody/`);
    expect(JSON.stringify(custody.body)).toContain('48213');
    await expect(page.getByText('The car is checked in.')).toBeVisible();

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
});
