import { expect, test, type Page } from '@playwright/test';
import { demo } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, keepScreenshot } from '../support/booking';
import { keepPhoneScreenshot, listOf, signIn, tokenOf, typeDate } from '../support/settings';

// The back office's settings screens (back-office §2 "Settings screens", §5, §6, §8) as the demo admin.
// Changes every visitor would see (rates, surcharges, unavailable extras, an online-form blockout) are in
// admin-settings.exclusive.spec.ts; what is created here is staff-only or removed again at once.

// One run is enough: these journeys write shared settings, and the phone layout is checked by screenshots
// at 390 px below. (The phone project is the mobile one.)
test.skip(({ isMobile }) => isMobile, 'desktop only: the settings journeys write shared data');

const main = (page: Page) => page.getByRole('main');
/**
 * A snackbar has come (success messages are a status, errors an alert). They queue, 6 seconds each
 * (public-site §9), so one may wait behind the last.
 */
const expectSnackbar = (page: Page, text: string) =>
  expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: text })).toBeVisible({
    timeout: 15_000,
  });
const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });

/** Ticks the list row whose first column reads `name`, then asks Actions to delete it. */
async function deleteRow(page: Page, noun: string, name: string) {
  const row = main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.getByRole('checkbox').check();
  await actions(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Delete' });
  await expect(dialog).toContainText(`Are you sure you would like to delete this ${noun}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('link', { name, exact: true })).toHaveCount(0);
}

const SETTINGS = [
  { label: 'Lots', path: '/admin/lots', heading: 'Lots', first: 'Indoor' },
  { label: 'Airlines', path: '/admin/airlines', heading: 'Airlines', first: 'Jetstar' },
  { label: 'Flights', path: '/admin/flights', heading: 'Flights', first: 'QF1502' },
  { label: 'Buses', path: '/admin/bustrips', heading: 'Buses', first: '4:30 am' },
  { label: 'Vehicle Types', path: '/admin/vehicletypes', heading: 'Vehicle Types', first: 'SUV' },
  { label: 'Extras', path: '/admin/extras', heading: 'Extras', first: 'Exterior wash' },
  { label: 'Rates', path: '/admin/rates', heading: 'Rates', first: '14 days' },
  {
    label: 'Pricing/Availability',
    path: '/admin/days',
    heading: 'Pricing/Availability',
    first: 'Christmas Eve',
  },
  {
    label: 'Blockout Periods',
    path: '/admin/blockout-periods',
    heading: 'Blockout Periods',
    first: 'Website maintenance',
  },
] as const;

test.describe('back-office settings', () => {
  test('the Settings menu opens every settings list; the lists and forms are accessible at 1280 and 390 px', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    await page.goto('/admin/diary');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const item of SETTINGS) {
      const link = nav.getByRole('link', { name: item.label, exact: true });
      if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
      await link.click();
      await expect(page).toHaveURL(item.path);
      await expect(main(page).getByRole('heading', { level: 1, name: item.heading })).toBeVisible();
      await expect(main(page).getByRole('link', { name: item.first, exact: true }).first()).toBeVisible();
    }

    // A settings list and a settings form, checked by axe and looked at on a desktop and a phone.
    await page.goto('/admin/lots');
    await expect(main(page).getByRole('link', { name: 'Outdoor', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'settings-lots');
    await keepPhoneScreenshot(page, testInfo, 'settings-lots');

    await main(page).getByRole('link', { name: 'Indoor', exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Edit Lot' })).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Indoor');
    await expect(main(page).getByRole('table', { name: 'Regions' }).getByText('Level 1')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'settings-lot-edit');
    await keepPhoneScreenshot(page, testInfo, 'settings-lot-edit');

    for (const [path, name, ready] of [
      ['/admin/rates', 'settings-rates', 'Long Stay Rate'],
      ['/admin/extras', 'settings-extras', 'Exterior wash'],
      ['/admin/days', 'settings-days', 'Christmas Eve'],
    ] as const) {
      await page.goto(path);
      await expect(main(page).getByText(ready).first()).toBeVisible();
      await keepScreenshot(page, testInfo, name);
      await keepPhoneScreenshot(page, testInfo, name);
    }
    for (const [link, list, name] of [
      ['Exterior wash', '/admin/extras', 'settings-extra-edit'],
      ['Christmas Eve', '/admin/days', 'settings-day-edit'],
      ['Wash bay upgrade', '/admin/blockout-periods', 'settings-blockout-edit'],
      ['QF1502', '/admin/flights', 'settings-flight-edit'],
      ['1 day', '/admin/rates', 'settings-rate-edit'],
    ] as const) {
      await page.goto(list);
      await main(page).getByRole('link', { name: link, exact: true }).first().click();
      await expect(page.getByRole('button', { name: 'Save' }).first()).toBeEnabled();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, name);
      await keepPhoneScreenshot(page, testInfo, name);
    }
  });

  test('before creation the forms say where the related tables will appear; the blockout extras show only for extra', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/admin/lots/add');
    // The first back-office page of a session loads its code first: on a busy machine that takes a while.
    await expect(main(page).getByRole('heading', { level: 1, name: 'Add Lot' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      main(page).getByText('Regions will appear here once the lot has been created.'),
    ).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.goto('/admin/extras/add');
    await expect(
      main(page).getByText('Cost Variations will appear here once the lot has been created.'),
    ).toBeVisible();
    await expect(main(page).getByRole('switch', { name: 'Publicly Visible' })).toBeChecked();
    await page.goto('/admin/rates/add');
    await expect(main(page).getByText('Rates will appear here once the day has been created.')).toBeVisible();

    await page.goto('/admin/blockout-periods/add');
    const blockType = main(page).getByRole('combobox', { name: 'Block Type' });
    const extras = main(page).getByRole('group', { name: 'Extras blocked in this period' });
    await expect(extras).toHaveCount(0);
    await blockType.selectOption('extra');
    await expect(extras.getByRole('checkbox', { name: 'Exterior wash' })).toBeVisible();
    await blockType.selectOption('online_form');
    await expect(extras).toHaveCount(0);

    // Leaving an exceptional day with unsaved changes asks first (back-office §2, §8).
    await page.goto('/admin/days/add');
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('Unsaved day');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Lots', exact: true })
      .click();
    const leave = page.getByRole('alertdialog', { name: 'Confirm Leave' });
    await expect(leave).toContainText(
      'Are you sure you would like to leave? Any unsaved changes will be lost.',
    );
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/admin/days/add');
    await expect(main(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Unsaved day');
  });

  test('a bus trip, an airline and its flight are created, edited and deleted; Not flying cannot be deleted', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, request);

    // A bus trip on the weekday timetable, at a time the demo timetable does not use.
    await page.goto('/admin/bustrips/add');
    await main(page).getByRole('combobox', { name: 'Timetable' }).selectOption('weekday');
    await typeDate(main(page), 'Departure Time', '03:10');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Bus Trip Created');
    await expect(page).toHaveURL(/\/admin\/bustrips\/\d+$/);

    await page.goto('/admin/airlines/add');
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Air');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Airline Created');
    await expect(page).toHaveURL(/\/admin\/airlines\/\d+$/);
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Airways');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Airline Updated');

    // The flight's bus comes from its own timetable and is cleared when the timetable changes.
    await page.goto('/admin/flights/add');
    const form = main(page);
    await form.getByRole('combobox', { name: 'Timetable' }).selectOption('weekday');
    await form.getByRole('combobox', { name: 'Airline' }).selectOption({ label: 'E2E Airways' });
    await form.getByRole('textbox', { name: 'Flight Number' }).fill('EE100');
    await typeDate(form, 'Time', '04:20');
    const bus = form.getByRole('combobox', { name: 'Bus Trip' });
    await bus.selectOption({ label: '3:10 am' });
    await form.getByRole('combobox', { name: 'Timetable' }).selectOption('weekend');
    await expect(bus).toHaveValue('');
    await expect(bus.locator('option', { hasText: '3:10 am' })).toHaveCount(0);
    await form.getByRole('combobox', { name: 'Timetable' }).selectOption('weekday');
    await bus.selectOption({ label: '3:10 am' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Flight Created');
    await expect(page).toHaveURL(/\/admin\/flights\/\d+$/);

    // Not a departure: no bus.
    await form.getByRole('switch', { name: 'Departure' }).click();
    await expect(bus).toHaveValue('');
    await expect(bus).toBeDisabled();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Flight Updated');

    await page.goto('/admin/flights?order=flightNumber');
    await expect(main(page).getByRole('row').filter({ hasText: 'EE100' })).toContainText('E2E Airways');
    await deleteRow(page, 'flight', 'EE100');

    await page.goto('/admin/airlines');
    const notFlying = main(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Not flying', exact: true }) });
    await notFlying.getByRole('checkbox').check();
    await expect(actions(page).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await notFlying.getByRole('checkbox').uncheck();
    await deleteRow(page, 'airline', 'E2E Airways');

    await page.goto('/admin/bustrips');
    await deleteRow(page, 'bus trip', '3:10 am');
  });

  test('a vehicle type gets its own price in a private extra’s Cost Variations', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, request);
    await page.goto('/admin/vehicletypes/add');
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Trailer');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'VehicleType Created');

    // Publicly Visible off: a staff-only extra, which no visitor sees while this test runs.
    await page.goto('/admin/extras/add');
    await main(page).getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Ceramic coat');
    await main(page).getByRole('combobox', { name: 'Type' }).selectOption('detailing');
    await main(page).getByRole('textbox', { name: 'Base Price' }).fill('80');
    await main(page).getByRole('switch', { name: 'Publicly Visible' }).click();
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Extra Created');
    await expect(page).toHaveURL(/\/admin\/extras\/\d+$/);
    await expect(main(page).getByRole('textbox', { name: 'Base Price' })).toHaveValue('80.00');

    const variations = main(page).getByRole('table', { name: 'Cost Variations' });
    const trailer = variations.getByRole('textbox', { name: 'Price for E2E Trailer' });
    await expect(trailer).toHaveAttribute('placeholder', '80.00');
    await expect(variations.getByRole('checkbox')).toHaveCount(0);
    await trailer.fill('99.5');
    await variations.getByRole('button', { name: 'Save the price for E2E Trailer' }).click();
    await expectSnackbar(page, 'Extra Updated');
    await expect(trailer).toHaveValue('99.50');
    await page.reload();
    await expect(
      main(page)
        .getByRole('table', { name: 'Cost Variations' })
        .getByRole('textbox', { name: 'Price for E2E Trailer' }),
    ).toHaveValue('99.50');

    await page.goto('/admin/extras');
    const row = main(page).getByRole('row').filter({ hasText: 'E2E Ceramic coat' });
    await expect(row).toContainText('$80.00');
    await deleteRow(page, 'extra', 'E2E Ceramic coat');
    await page.goto('/admin/vehicletypes');
    await deleteRow(page, 'vehicle type', 'E2E Trailer');
  });

  test('Sales is refused every settings screen, and the API refuses Sales writes', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await signIn(page, request, demo.sales);
    await page.goto('/admin/diary');
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Settings' }),
    ).toHaveCount(0);
    const routes = SETTINGS.flatMap((item) => [item.path, `${item.path}/add`, `${item.path}/1`]);
    for (const path of routes) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/permission-denied');
      await expect(page.getByText('You do not have permissions.')).toBeVisible();
    }

    // Every settings type: create, update and delete answer 403 to Sales (and nothing changes).
    const types = [
      'lots',
      'lot-regions',
      'airlines',
      'flights',
      'bus-trips',
      'vehicle-types',
      'extras',
      'extra-variations',
      'short-term-rate-days',
      'short-term-rates',
      'exceptional-days',
      'exceptional-rates',
      'blockout-periods',
    ];
    const admin = await tokenOf(request, demo.admin);
    for (const type of types) {
      const [row] = (await listOf<Record<string, unknown>>(request, admin, `${type}/?page[size]=1`)).data;
      if (!row) throw new Error(`no ${type} in the demo data`);
      const document = { data: { type, attributes: row.attributes } };
      expect((await adminApi(request, token, 'POST', `${type}/`, document)).status, `POST ${type}`).toBe(403);
      expect(
        (
          await adminApi(request, token, 'PATCH', `${type}/${row.id}/`, {
            data: { ...document.data, id: row.id },
          })
        ).status,
        `PATCH ${type}`,
      ).toBe(403);
      expect((await adminApi(request, token, 'DELETE', `${type}/${row.id}/`)).status, `DELETE ${type}`).toBe(
        403,
      );
      expect(
        (await adminApi(request, admin, 'GET', `${type}/${row.id}/`)).status,
        `${type} still there`,
      ).toBe(200);
    }
  });

  // Written last, as the brief asks: it needs the lead engineer's check-in screen.
  test('a region added to a lot is offered, with its rows, when a booking is checked in', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await signIn(page, request);
    const lots = await listOf<{ slug: string; name: string }>(request, token, 'lots/');
    const indoor = lots.data.find((lot) => lot.attributes.slug === 'indoor');
    if (!indoor) throw new Error('no indoor lot');
    const bookings = await listOf<{ bookingCode: string; lotRegionRow: number | null }>(
      request,
      token,
      `bookings/?filter[status]=complete&sort=-created&page[size]=100`,
    );
    const booking = bookings.data.find((item) => {
      const lot = item.relationships?.lot?.data;
      return lot && !Array.isArray(lot) && lot.id === indoor.id;
    });
    if (!booking) throw new Error('no complete indoor booking in the demo data');
    const region = booking.relationships?.lotRegion?.data;
    const original = {
      lotRegion: region && !Array.isArray(region) ? region : null,
      lotRegionRow: booking.attributes.lotRegionRow,
    };

    // The lot's Regions table and its dialog.
    await page.goto(`/admin/lots/${indoor.id}`);
    const regions = main(page).getByRole('region', { name: 'Regions' });
    await regions.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Region' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Roof');
    await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('3');
    // Persistent: Escape does not throw the half-made region away.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'Region Saved');
    await expect(dialog).toBeHidden();
    const row = regions.getByRole('row').filter({ hasText: 'E2E Roof' });
    await expect(row).toContainText('3');

    try {
      // Check the booking in to the new region's second row.
      await page.goto(`/admin/bookings/${booking.id}/checkin`);
      const checkIn = main(page);
      await expect(checkIn.getByRole('combobox', { name: 'Parking Space' })).toHaveValue(indoor.id);
      const regionField = checkIn.getByRole('combobox', { name: 'Parking Region' });
      await regionField.selectOption({ label: 'E2E Roof' });
      const rowField = checkIn.getByRole('combobox', { name: 'Row' });
      await expect(rowField.locator('option')).toHaveText(['None', '1', '2', '3']);
      await rowField.selectOption('2');
      await checkIn.getByRole('button', { name: 'Save' }).click();
      await expectSnackbar(page, 'Booking Updated');
      const saved = await adminApi(request, token, 'GET', `bookings/${booking.id}/?include=lotRegion`);
      const savedBooking = (
        saved.body as {
          data: {
            attributes: { lotRegionRow: number };
            relationships: { lotRegion: { data: { id: string } } };
          };
          included: { attributes: { name?: string } }[];
        }
      ).included;
      expect(savedBooking.some((item) => item.attributes.name === 'E2E Roof')).toBe(true);
    } finally {
      // The booking as it was, so that the diary and later journeys see the demo data.
      const restored = await adminApi(request, token, 'PATCH', `bookings/${booking.id}/`, {
        data: {
          type: 'bookings',
          id: booking.id,
          attributes: { lotRegionRow: original.lotRegionRow },
          relationships: { lotRegion: { data: original.lotRegion } },
        },
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    }

    // Edit through a row click, then delete from the table.
    await page.goto(`/admin/lots/${indoor.id}`);
    await regions.getByRole('row').filter({ hasText: 'E2E Roof' }).getByText('E2E Roof').click();
    const edit = page.getByRole('dialog', { name: 'Edit Region' });
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('E2E Roof');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await regions.getByRole('row').filter({ hasText: 'E2E Roof' }).getByRole('checkbox').check();
    await regions.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(confirm).toContainText('Are you sure you would like to delete this region?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(regions.getByRole('row').filter({ hasText: 'E2E Roof' })).toHaveCount(0);
  });
});
