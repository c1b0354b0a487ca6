import { expect, test } from '@playwright/test';
import { demo } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, keepScreenshot } from '../support/booking';
import { keepPhoneScreenshot, listOf, signIn, tokenOf } from '../support/settings';
import { main, SETTINGS } from '../support/settings-screens';

// The back office's settings screens (back-office §2 "Settings screens", §5, §6, §8): the menu, the lists
// and the forms as the demo admin, and Sales refused them all. Creating, editing and deleting settings is
// in admin-settings-records.spec.ts; changes every visitor would see (rates, surcharges, unavailable
// extras, an online-form blockout) are in admin-settings.exclusive.spec.ts.

// One run is enough: the phone layout is checked by screenshots at 390 px below. (The phone project is the
// mobile one.)

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
      // The refusal is told inside the back office, at the address asked for (issue 23).
      await expect(page, path).toHaveURL(path);
      await expect(page.getByText('You do not have permissions.'), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the diary' }), path).toBeVisible();
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
});
