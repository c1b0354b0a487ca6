/**
 * The booking in every screen (issue 42, item 4): a partner made and keyed through the back office's API books a
 * stay through the partner API; the booking shows in the diary of its drop-off day and in the bookings list (the
 * Partners channel) with the partner's name as its channel (beneath its car park), and the partner's screen shows
 * its Webhook section.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';
import { hobartInstant } from '../support/wizard';

interface One<A> {
  data: { id: string; attributes: A };
}

test('a partner’s booking shows in the diary and the bookings list with the partner named as its channel', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const token = await adminToken(request);
  const name = `E2E Channel ${Date.now()}`;
  const partner = await adminApi(request, token, 'POST', 'partners/', {
    data: {
      type: 'partners',
      attributes: { name, contactEmail: 'desk@e2e-channel.example', commissionRate: '0.1', status: 'live' },
    },
  });
  expect(partner.status, JSON.stringify(partner.body)).toBe(201);
  const partnerId = (partner.body as One<object>).data.id;
  const made = await adminApi(request, token, 'POST', 'partner-api-keys/', {
    data: {
      type: 'partner-api-keys',
      attributes: { label: 'E2E' },
      relationships: { partner: { data: { type: 'partners', id: partnerId } } },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const key = (made.body as One<{ key: string }>).data.attributes.key;

  const stay = quietStay(52, 3);
  const booked = await request.post('/partner/v1/bookings', {
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': `e2e-${Date.now()}` },
    data: {
      data: {
        type: 'bookings',
        attributes: {
          lot: 'indoor',
          start: hobartInstant(stay.startDate, '09:40').toISOString(),
          end: hobartInstant(stay.endDate, '15:20').toISOString(),
          title: 'Ms',
          firstName: 'Grace',
          lastName: 'Channel',
          email: 'grace.channel@example.com',
          phoneNumber: '0400 111 222',
          rego: 'CHN 42',
          make: 'Toyota',
          model: 'Yaris',
          colour: 'Red',
        },
      },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const code = ((await booked.json()) as One<{ code: string }>).data.attributes.code;
  const found = await adminApi(request, token, 'GET', `bookings/?filter[bookingCode]=${code}`);
  const bookingId = (found.body as { data: Array<{ id: string }> }).data[0]?.id ?? '';
  expect(bookingId).not.toBe('');

  // The diary of its drop-off day: its row names the partner beneath its car park.
  await openAdmin(page, `/admin/diary?diary_date=${stay.startDate}`);
  const diary = page.getByRole('table', { name: 'Diary' });
  const row = diary.locator(`tbody tr[data-booking-id="${bookingId}"][data-direction="departing"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Grace Channel');
  await expect(row.getByRole('cell').filter({ hasText: `via ${name}` })).toContainText('Indoor');

  // The bookings list, the Partners channel chosen: its row, the partner named.
  await page.goto(`/admin/bookings?channel=partner&id=${code}`);
  await expect(page.getByRole('combobox', { name: 'Channel' })).toHaveValue('partner', { timeout: 15_000 });
  const list = page.getByRole('table', { name: 'Bookings' });
  const listed = list.locator('tbody tr').filter({ hasText: code });
  await expect(listed).toHaveCount(1, { timeout: 15_000 });
  await expect(listed.getByRole('cell').filter({ hasText: `via ${name}` })).toContainText('Indoor');
  // The channel, beneath the car park, keeps the list within 1280 px: nothing scrolls sideways.
  const overflow = await list.evaluate((table) => {
    const box = table.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'admin-bookings-channel');
  await expectNoSeriousA11yViolations(page);

  // The partner's screen: its Webhook section, none registered yet.
  await page.goto(`/admin/partners/${partnerId}`);
  const webhook = page.getByRole('region', { name: 'Webhook' });
  await expect(webhook).toContainText('No webhook yet.');
});
