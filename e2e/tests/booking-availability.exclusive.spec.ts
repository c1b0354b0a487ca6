import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';
import { appAttached } from '../support/app-attached';

// These tests change what every visitor sees (a car park's fill threshold, an online-form blockout), so
// the `exclusive` project runs them alone, after the desktop and phone projects (playwright.config.ts),
// and each restores what it changed.

interface LotResource {
  id: string;
  attributes: { slug: string; fillRateThreshold: string | null };
}

test.describe('booking availability', () => {
  test('a car park over its fill threshold cannot be booked online and says so', async ({
    page,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const lots = await adminApi(request, token, 'GET', 'lots/');
    const outdoor = (lots.body as { data: LotResource[] }).data.find(
      (lot) => lot.attributes.slug === 'outdoor',
    );
    if (!outdoor) throw new Error('No outdoor lot in the demo data');
    const original = outdoor.attributes.fillRateThreshold;
    const setThreshold = (value: string | null) =>
      adminApi(request, token, 'PATCH', `lots/${outdoor.id}/`, {
        data: { type: 'lots', id: outdoor.id, attributes: { fillRateThreshold: value } },
      });

    expect((await setThreshold('0')).status).toBe(200);
    try {
      const stay = quietStay(60, 3);
      await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
      await appAttached(page);
      const card = page.locator('[data-lot="outdoor"]');
      await expect(card).toContainText('Not available online');
      await expect(card).toContainText(
        'Availability for these dates is very limited and this car park cannot be booked online. Please call us during business hours.',
      );
      await expect(card.getByRole('link', { name: /Call 1300 975 707/ })).toHaveAttribute(
        'href',
        'tel:1300975707',
      );
      await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeDisabled();
      // Nothing is chosen for the visitor, and Continue waits for a choice.
      await expect(page.getByRole('radio', { name: /Indoor/ })).not.toBeChecked();
      await expect(page.getByRole('main').getByRole('button', { name: 'Continue' })).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'step-1-lot-full');
    } finally {
      expect((await setThreshold(original)).status).toBe(200);
    }
  });

  test('the home quote form tells every car park full under its dates, and its button waits', async ({
    page,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const lots = (await adminApi(request, token, 'GET', 'lots/')).body as { data: LotResource[] };
    const setThreshold = (lot: LotResource, value: string | null) =>
      adminApi(request, token, 'PATCH', `lots/${lot.id}/`, {
        data: { type: 'lots', id: lot.id, attributes: { fillRateThreshold: value } },
      });
    const full =
      'Availability for these dates is very limited and this car park cannot be booked online. Please call us during business hours.';
    const stay = quietStay(66, 3);
    try {
      for (const lot of lots.data) expect((await setThreshold(lot, '0')).status).toBe(200);
      await page.goto('/');
      await appAttached(page);
      // Still slides: axe reads no colour half-way through a slide's fade.
      await page.getByRole('button', { name: 'Pause the slides' }).click();
      const form = page.getByRole('form', { name: 'Get a quote' });
      await form.getByLabel('Departure date').fill(stay.startDate);
      await form.getByLabel('Return date').fill(stay.endDate);
      await expect(form.getByText(full)).toBeVisible();
      await expect(form.getByRole('button', { name: 'Get a quote' })).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'home-every-lot-full');
    } finally {
      for (const lot of lots.data)
        expect((await setThreshold(lot, lot.attributes.fillRateThreshold)).status).toBe(200);
    }
    // With room again the message goes and the button works.
    await page.reload();
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByLabel('Departure date').fill(stay.startDate);
    await form.getByLabel('Return date').fill(stay.endDate);
    await expect(form.getByText(full)).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Get a quote' })).toBeEnabled();
  });

  test('a current online_form blockout replaces the quote form with its message', async ({
    page,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const now = Date.now();
    const message = 'Online bookings are paused for a system upgrade. Please call us to book.';
    const created = await adminApi(request, token, 'POST', 'blockout-periods/', {
      data: {
        type: 'blockout-periods',
        attributes: {
          name: 'E2E form blockout',
          message,
          blockType: 'online_form',
          startDatetime: new Date(now - 60 * 60_000).toISOString(),
          endDatetime: new Date(now + 60 * 60_000).toISOString(),
        },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: string } }).data.id;
    try {
      await page.goto('/');
      await appAttached(page);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('form', { name: 'Get a quote' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'home-blockout');

      await page.goto('/booking/step-1');
      await appAttached(page);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel('Departure date')).toHaveCount(0);

      // Without a message of its own, the notice has the spec's words.
      expect(
        (
          await adminApi(request, token, 'PATCH', `blockout-periods/${id}/`, {
            data: { type: 'blockout-periods', id, attributes: { message: '' } },
          })
        ).status,
      ).toBe(200);
      await page.goto('/');
      await appAttached(page);
      await expect(
        page.getByText(
          'Online bookings are currently unavailable. Please contact us on a phone number for enquiries.',
        ),
      ).toBeVisible();
    } finally {
      expect((await adminApi(request, token, 'DELETE', `blockout-periods/${id}/`)).status).toBe(204);
    }
    await page.goto('/');
    await appAttached(page);
    await expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible();
  });
});
