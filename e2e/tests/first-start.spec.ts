import { expect, test } from '@playwright/test';
import { businessDate, keepScreenshot } from '../support/booking';
import { addDays } from '../support/paid-booking';
import { appAttached } from '../support/app-attached';

// Issue 40: a first start shows a full day. The demo seed books the indoor car park up to its threshold on a
// day a few days ahead (apps/server/src/seed/first-start.ts); a visitor quoting it finds Indoor full and is
// offered its waitlist. Read only: nothing is booked or joined.

interface QuoteResource {
  attributes: { fillThresholdExceeded: boolean };
  relationships: { lot: { data: { id: string } } };
}
interface LotResource {
  id: string;
  attributes: { slug: string; name: string };
}

test('a first-time visitor quoting the demo full day finds Indoor full and is offered the waitlist', async ({
  page,
  request,
}, testInfo) => {
  // The full day, as a visitor would find it: the first day from four days ahead whose indoor quote is full.
  const today = businessDate(new Date());
  let fullDay = '';
  let indoorName = '';
  for (let ahead = 4; ahead <= 7 && !fullDay; ahead += 1) {
    const day = addDays(today, ahead);
    const response = await request.get(
      `/backend/api/v1/quotes/?start_date=${day}&end_date=${day}&filter[lot.slug__in]=indoor&include=lot`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: QuoteResource[]; included: LotResource[] };
    const indoor = body.included.find((lot) => lot.attributes.slug === 'indoor');
    const quote = body.data.find((q) => q.relationships.lot.data.id === indoor?.id);
    if (quote?.attributes.fillThresholdExceeded) {
      fullDay = day;
      indoorName = indoor?.attributes.name ?? '';
    }
  }
  expect(fullDay, 'the demo has a full day four to seven days ahead').not.toBe('');

  await page.goto(`/booking/step-1?start=${fullDay}&end=${fullDay}`);
  await appAttached(page);
  await expect(page.locator('[data-lot="indoor"]')).toContainText('Not available online');
  await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
  const join = page.getByRole('group', { name: 'Join the waitlist' });
  await expect(join).toContainText(`${indoorName} is full for these dates.`);
  await expect(join.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(join.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
  await keepScreenshot(page, testInfo, 'first-start-full-day');
});
