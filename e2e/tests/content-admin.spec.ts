/**
 * The back office's Content section (issue 25) as the demo Admin: the header message edited and shown on
 * the home page (pre-rendered and hydrated); a page with a FAQ and an image, linked from the footer,
 * published and opened by a visitor; a draft hidden from visitors; an earlier revision restored; Sales and
 * customers refused. Each test makes its own page (unique title and path) and puts back the shared
 * records it changes (site details, the footer menu), because the other specs read the demo content.
 */
import { expect, test, type Locator } from '@playwright/test';
import { apiLogin, demo, DEMO_PASSWORD } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { contentApi, createPage, gradientPng } from '../support/content-admin';
import { appAttached } from '../support/app-attached';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A native select of the back office's forms, by its label. */
async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).selectOption({ label: option });
}

test.describe('content in the back office', () => {
  test('the header message edited in Site Details shows on the home page, pre-rendered and hydrated', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    const { token } = await apiLogin(playwright, testInfo, demo.admin, DEMO_PASSWORD);
    const before = await contentApi(request, token, 'GET', 'site-details/');
    const original = (before.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
    const message = `Holiday hours ${unique()}: the shuttle runs every 20 minutes.`;
    try {
      await openAdmin(page, '/admin/content/site-details');
      await expect(page.getByRole('heading', { name: 'Site Details', level: 1 })).toBeVisible();
      const field = page.getByRole('textbox', { name: 'Header Message' });
      await expect(field).toHaveValue(String(original.headerMessage));
      await expectNoSeriousA11yViolations(page);
      await field.fill(message);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Site Details Updated')).toBeVisible();

      // Pre-rendered: the HTML a visitor (or a crawler) receives already carries it.
      await expect.poll(async () => (await request.get('/')).text()).toContain(message);
      // Hydrated: the app shows it in its announcement band.
      const visitor = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
      const home = await visitor.newPage();
      await home.goto('/');
      await appAttached(home);
      await expect(home.getByRole('complementary', { name: 'Announcement' })).toHaveText(message);
      await home.waitForLoadState('networkidle');
      await expect(home.getByRole('complementary', { name: 'Announcement' })).toHaveText(message);
      await visitor.close();
    } finally {
      const { managedBy: _managedBy, ...attributes } = original;
      const back = await contentApi(request, token, 'PATCH', 'site-details/', {
        data: { type: 'site-details', attributes },
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    }
  });

  test('a page with a FAQ and an image, linked from the footer and published, opens for a visitor', async ({
    page,
    request,
    playwright,
    browser,
  }, testInfo) => {
    // The longest journey: two screens filled in, an upload, a preview, two axe runs and a visitor.
    test.setTimeout(60_000);
    const { token } = await apiLogin(playwright, testInfo, demo.admin, DEMO_PASSWORD);
    const footer = await contentApi(request, token, 'GET', 'content-menus/footer/');
    const footerItems = (footer.body as { data: { attributes: { items: unknown[] } } }).data.attributes.items;
    const id = unique();
    const title = `Winter parking ${id}`;
    try {
      await openAdmin(page, '/admin/content/pages/add');
      const form = page.getByRole('form', { name: 'Add Page' });
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('textbox', { name: 'Path' }).fill(`/winter-${id}`);
      await choose(form, 'Layout', 'Feature Image');
      await choose(form, 'Status', 'Published');
      const body = form.getByRole('textbox', { name: 'Body' });
      await body.click();
      await page.keyboard.type('Covered bays keep the frost off your car.');
      await form.getByRole('button', { name: 'Bold' }).first().click();
      await page.keyboard.type(' Book early.');

      await form.getByRole('button', { name: 'Add Question' }).click();
      const question = form.getByRole('textbox', { name: 'Question', exact: true });
      // Issue 40: a new question waits for its fields to be left (or Save) before saying what is missing.
      await expect(question).toBeFocused();
      await expect(form.getByText('This field is required.')).toHaveCount(0);
      await expect(question).not.toHaveAttribute('aria-invalid', 'true');
      await question.fill('Is the car park lit at night?');
      await form.getByRole('textbox', { name: 'Answer to question 1' }).click();
      await page.keyboard.type('Yes, every bay is lit from dusk to dawn.');

      await form.getByRole('textbox', { name: 'Alternative text' }).fill('Covered bays at dusk');
      await form.getByLabel('Featured image file').setInputFiles({
        name: 'bays.png',
        mimeType: 'image/png',
        buffer: gradientPng(),
      });
      await expect(form.getByRole('img', { name: 'Preview: Covered bays at dusk' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview' });
      await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(preview.getByRole('button', { name: 'Is the car park lit at night?' })).toBeVisible();
      await preview.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Page Created')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/content\/pages\/\d+$/);

      await page.goto('/admin/content/menus?menu=footer');
      await expect(page.getByRole('tab', { name: 'Footer', exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('group', { name: 'Item 1' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Item' }).click();
      const item = page.getByRole('group', { name: /^Item \d+$/ }).last();
      const itemTitle = item.getByRole('textbox', { name: 'Title' });
      await expect(itemTitle).toBeFocused();
      await expect(item.getByText('This field is required.')).toHaveCount(0);
      // Left empty, it says so; filled in, the message goes.
      await page.keyboard.press('Tab');
      await expect(itemTitle).toHaveAccessibleDescription('This field is required.');
      await itemTitle.fill(title);
      await expect(itemTitle).not.toHaveAttribute('aria-invalid', 'true');
      await choose(item, 'Page', `${title} (/winter-${id})`);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Menu Updated')).toBeVisible();

      const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      const site = await visitor.newPage();
      await site.goto('/');
      await appAttached(site);
      await site.getByRole('contentinfo').getByRole('link', { name: title }).click();
      await expect(site).toHaveURL(`/winter-${id}`);
      await expect(site.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(site.getByText('Book early.')).toHaveCSS('font-weight', '700');
      const image = site.getByRole('img', { name: 'Covered bays at dusk' });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await site.getByRole('button', { name: 'Is the car park lit at night?' }).click();
      await expect(site.getByText('Yes, every bay is lit from dusk to dawn.')).toBeVisible();
      await visitor.close();
    } finally {
      await contentApi(request, token, 'PATCH', 'content-menus/footer/', {
        data: { type: 'content-menus', id: 'footer', attributes: { items: footerItems } },
      });
    }
  });

  test('a draft is not shown to visitors, and an earlier revision can be restored', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    const { token } = await apiLogin(playwright, testInfo, demo.admin, DEMO_PASSWORD);
    const id = unique();
    const path = `/draft-${id}`;
    const pageId = await createPage(request, token, {
      title: `First title ${id}`,
      path,
      content: '<p>The first body.</p>',
    });
    const second = await contentApi(request, token, 'PATCH', `content-pages/${pageId}/`, {
      data: {
        type: 'content-pages',
        id: pageId,
        attributes: { title: `Second title ${id}`, content: '<p>The second body.</p>' },
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const visitor = await request.get(path);
    expect(await visitor.text()).not.toContain(`Second title ${id}`);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();

    await openAdmin(page, `/admin/content/pages/${pageId}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue(`Second title ${id}`);
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await expect(revisions.getByText('Revision 2 (current)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await revisions.getByRole('button', { name: 'Restore revision 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore Revision' });
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Page Restored')).toBeVisible();
    await expect(title).toHaveValue(`First title ${id}`);
    await expect(page.getByRole('textbox', { name: 'Body' })).toHaveText('The first body.');
    await expect(revisions.getByText('Revision 3 (current)')).toBeVisible();
  });

  test('Sales and customers are refused the Content section and its API', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    await openAdmin(page, '/admin/bookings', demo.sales);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Bookings' })).toBeVisible();
    await expect(nav.getByText('Content')).toHaveCount(0);
    await page.goto('/admin/content/pages');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
    const sales = await apiLogin(playwright, testInfo, demo.sales, DEMO_PASSWORD);
    const salesWrite = await contentApi(request, sales.token, 'PATCH', 'site-details/', {
      data: { type: 'site-details', attributes: { headerMessage: 'Sales was here' } },
    });
    expect(salesWrite.status).toBe(403);

    const customer = await apiLogin(playwright, testInfo, demo.customer, DEMO_PASSWORD);
    const customerWrite = await contentApi(request, customer.token, 'POST', 'content-pages/', {
      data: {
        type: 'content-pages',
        attributes: { title: 'Mine', path: `/mine-${unique()}`, layout: 'page', status: 'published' },
      },
    });
    expect(customerWrite.status).toBe(403);
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await openAdmin(page, '/admin/content/site-details', demo.customer);
    await expect(page).toHaveURL('/permission-denied');
    await expect(page.getByText('You do not have permissions.')).toBeVisible();
  });
});
