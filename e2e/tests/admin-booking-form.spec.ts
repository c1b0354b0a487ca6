/**
 * The booking form's smaller helps (issue 23, item 5): a customer's lone saved vehicle comes pre-selected,
 * the date fields ask the server only about whole dates, and the back office's frame: the navigation opens
 * by itself below 1100 px (back-office §2, §9) and a refused screen stays inside the back office.
 */
import { expect, test, type Request } from '@playwright/test';
import { demo } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin, typeDate } from '../support/back-office';
import { adminApi, adminToken, quietStay } from '../support/booking';

/** A year below 1000 anywhere in a request: a date asked about before it was whole. */
const PART_TYPED_YEAR = /(^|[^\d])0\d{3}-\d{2}-\d{2}/;
const asked = (request: Request) => `${decodeURIComponent(request.url())} ${request.postData() ?? ''}`;

test.describe('the booking form', () => {
  test('a customer’s only saved vehicle is chosen for a new booking', async ({ page, request }, testInfo) => {
    test.slow();
    const token = await adminToken(request);
    const email = `lone-vehicle-${testInfo.project.name}-${Date.now()}@example.com`;
    const customer = await adminApi(request, token, 'POST', 'customers/', {
      data: {
        type: 'customers',
        attributes: {
          title: 'Ms',
          firstName: 'Ada',
          lastName: 'Lone',
          phoneNumber: '0400 111 222',
          email,
          business: '',
          roles: ['Customers'],
        },
      },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const customerId = (customer.body as { data: { id: string } }).data.id;
    const types = await adminApi(request, token, 'GET', 'vehicle-types/');
    const typeId = (types.body as { data: { id: string }[] }).data[0]?.id;
    const rego = `LV${Date.now() % 100000}`;
    const vehicle = await adminApi(request, token, 'POST', 'vehicles/', {
      data: {
        type: 'vehicles',
        attributes: { rego, make: 'Toyota', model: 'Corolla', colour: 'Blue' },
        relationships: {
          vehicleType: { data: { type: 'vehicle-types', id: typeId } },
          owner: { data: { type: 'customers', id: customerId } },
        },
      },
    });
    expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(201);

    await openAdmin(page, `/admin/bookings/add?customer=${customerId}`);
    await expect(page.getByRole('heading', { name: 'Add Booking' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('combobox', { name: 'Saved vehicle' })).toHaveValue(
      (vehicle.body as { data: { id: string } }).data.id,
    );
    await expect(page.getByRole('textbox', { name: 'Rego' })).toHaveValue(rego);
    await expect(page.getByRole('textbox', { name: 'Model' })).toHaveValue('Corolla');

    // Saved, the booking is marked on the bookings list with Make Payment on its row (back-office §4).
    const { startDate } = quietStay(50, 2);
    await typeDate(page, 'Departure Date', startDate);
    await page.getByRole('combobox', { name: 'Departure Airline' }).selectOption({ label: 'Not flying' });
    await typeDate(page, 'Drop Off Time', '', '09:30');
    await page.getByRole('combobox', { name: 'Arrival Airline' }).selectOption({ label: 'Not flying' });
    await expect(page.getByRole('progressbar', { name: 'Working out the charges' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Booking Created')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/admin\/bookings\?created=\d+$/);
    const createdId = new URL(page.url()).searchParams.get('created') ?? '';
    const row = page.locator(`tr[data-row-id="${createdId}"]`);
    await expect(row.getByText('Just created')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: /^Make Payment for booking / }).click();
    const payment = page.getByRole('dialog', { name: 'Make Payment' });
    await payment.getByRole('button', { name: 'Continue to card' }).click();
    await payment.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await payment.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12/34');
    await payment.getByRole('textbox', { name: 'CVC' }).fill('123');
    await payment.getByRole('checkbox', { name: /The cardholder has authorised the payment/ }).check();
    await payment.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByText('Payment received')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Make Payment/ })).toHaveCount(0);

    // Opened, the booking starts with its summary: code, customer, dates, car park, paid and owed, checked in.
    await row.getByRole('link').first().click();
    const summary = page.getByRole('region', { name: 'Booking summary' });
    await expect(summary).toBeVisible({ timeout: 15_000 });
    await expect(summary).toContainText('Ada Lone');
    await expect(summary).toContainText('Checked In?No');
    await expect(summary.getByText(/^\$[\d,.]+ \/ \$0\.00/)).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Charges and Make Payment' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('typing a date asks the server about the whole date only', async ({ page }) => {
    test.slow();
    const { startDate } = quietStay(40, 2);
    await openAdmin(page, '/admin/bookings/add');
    await expect(page.getByRole('heading', { name: 'Add Booking' })).toBeVisible({ timeout: 20_000 });
    // A drop-off time makes the stay complete, so that every date typed asks for extras and charges.
    await typeDate(page, 'Drop Off Time', '', '09:30');
    await expect(page.getByRole('progressbar', { name: 'Working out the charges' })).toHaveCount(0);

    const requests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/backend/api/')) requests.push(request);
    });
    await typeDate(page, 'Departure Date', startDate);
    await expect
      .poll(() => requests.filter((request) => asked(request).includes(startDate)).length)
      .toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(requests.map(asked).filter((text) => PART_TYPED_YEAR.test(text))).toEqual([]);
  });
});

test.describe('the date fields', () => {
  // MUI X's fields undo what the browser typed and draw it from their state: these keys, typed at a keyboard's
  // pace, show what they typed.
  test('digits typed fast, and a whole date typed over a select-all, show as typed', async ({ page }) => {
    await openAdmin(page, '/admin/bookings/add');
    await expect(page.getByRole('heading', { name: 'Add Booking' })).toBeVisible({ timeout: 20_000 });
    await typeDate(page, 'Drop Off Time', '', '09:30');
    await expect(page.getByRole('group', { name: 'Drop Off Time' })).toContainText('09:30');
    await typeDate(page, 'Departure Date', '2027-12-24');
    const departure = page.getByRole('group', { name: 'Departure Date' });
    await expect(departure).toContainText('24/12/2027');

    await departure.getByRole('spinbutton').first().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('25122027');
    await expect(departure).toContainText('25/12/2027');
    // Its sections are still there, and a section edited after it still shows its digits.
    await page.keyboard.press('ArrowLeft');
    await expect(departure.getByRole('spinbutton')).toHaveCount(3);
    await departure.getByRole('spinbutton').first().click();
    await page.keyboard.type('03');
    await expect(departure).toContainText('03/12/2027');
    await expect(departure).not.toContainText('25/12/2027');
  });
});

test.describe('the back office frame', () => {
  test('below 1100 px the navigation opens by itself; a chosen page closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openAdmin(page, '/admin/diary');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Diary' })).toBeVisible();
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await expect(page).toHaveURL('/admin/bookings');
    await expect(nav).toBeHidden();

    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();

    // Wider, the navigation is docked beside the page; narrowing the window past 1100 px opens the drawer.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 768 });
    await expect(
      page.locator('.MuiDrawer-modal').getByRole('navigation', { name: 'Back office' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });

  test('a Sales user refused an Admins-only screen stays in the back office with a way back', async ({
    page,
  }) => {
    test.slow();
    await openAdmin(page, '/admin/bookings', demo.sales);
    await page.goto('/admin/lots');
    await expect(page).toHaveURL('/admin/lots');
    await expect(page.getByRole('heading', { name: 'You do not have permissions.' })).toBeVisible();
    // The back office's own frame: its navigation and the staff member, not the public header.
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
    await expect(page.getByTestId('admin-user-name')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the diary' }).click();
    await expect(page).toHaveURL(/\/admin\/diary/);
  });
});
