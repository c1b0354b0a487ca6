import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';
import { mailTo } from '../support/mail';
import { API, JSONAPI, paidBooking } from '../support/paid-booking';
import { detailsAndCar, qantasBothWays } from '../support/wizard';
import { appAttached } from '../support/app-attached';

// This test makes the indoor car park hold one car (its fill threshold), which every visitor would see, so
// the `exclusive` project runs it alone, after the desktop and phone projects (playwright.config.ts), and it
// puts the threshold back.

interface LotResource {
  id: string;
  attributes: { slug: string; name: string; spaces: number; fillRateThreshold: string | null };
}

/** Cancels a guest's booking through the API, as manage my booking does (its code and email, then cancel). */
async function cancelByApi(request: APIRequestContext, code: string, email: string) {
  const session = await request.post(`${API}/manage-booking-sessions/`, {
    headers: JSONAPI,
    data: { data: { type: 'manage-booking-sessions', attributes: { bookingCode: code, email } } },
  });
  expect(session.status(), await session.text()).toBe(201);
  const { token, bookingId } = (
    (await session.json()) as { data: { attributes: { token: string; bookingId: string } } }
  ).data.attributes;
  const cancelled = await request.post(`${API}/manage-bookings/${bookingId}/cancellation/`, {
    headers: { ...JSONAPI, 'x-manage-token': token },
    data: { data: { type: 'cancellations', attributes: {} } },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

test.describe('the waitlist of a full day', () => {
  test('a traveller joins the waitlist on a full day, confirms from the email, a place frees, and they book it from the emailed link', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const token = await adminToken(request);
    const lots = (await adminApi(request, token, 'GET', 'lots/')).body as { data: LotResource[] };
    const indoor = lots.data.find((lot) => lot.attributes.slug === 'indoor');
    if (!indoor) throw new Error('No indoor lot in the demo data');
    const original = indoor.attributes.fillRateThreshold;
    const setThreshold = (value: string | null) =>
      adminApi(request, token, 'PATCH', `lots/${indoor.id}/`, {
        data: { type: 'lots', id: indoor.id, attributes: { fillRateThreshold: value } },
      });
    // Room for one car: a quiet stay far ahead, with nothing else booked, is full with one booking.
    const oneCar = (Math.ceil(10_000 / indoor.attributes.spaces) / 10_000).toFixed(4);
    const stay = quietStay(300, 2);
    const traveller = uniqueEmail(testInfo, 'waitlist');
    const holder = uniqueEmail(testInfo, 'holder');

    expect((await setThreshold(oneCar)).status).toBe(200);
    try {
      // As a guest (the admin's session lives in `request`'s cookies): the page's own request context.
      const taken = await paidBooking(page.request, {
        email: holder,
        fromDay: 300,
        rego: 'WAIT01',
        lot: 'indoor',
        stay,
      });

      // Step 1: indoor is full for these dates; the traveller joins its waitlist.
      await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
      await appAttached(page);
      await expect(page.locator('[data-lot="indoor"]')).toContainText('Not available online');
      const join = page.getByRole('group', { name: 'Join the waitlist' });
      await expect(join).toContainText(`${indoor.attributes.name} is full for these dates.`);
      await join.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(join.getByText('Email address required')).toBeVisible();
      await join.getByRole('textbox', { name: 'Email' }).fill(traveller);
      await join.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByTestId('waitlist-joined')).toContainText(
        'Check your email: open the link we have sent to confirm your place on the waitlist.',
      );
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'waitlist-joined');

      // Nobody is on the list until the address's owner confirms from the email (issue 38).
      const unconfirmed = await adminApi(
        request,
        token,
        'GET',
        `waitlist-entries/?filter[date]=${stay.startDate}&filter[email]=${encodeURIComponent(traveller)}`,
      );
      expect(
        (unconfirmed.body as { data: { attributes: { status: string } }[] }).data.map(
          (e) => e.attributes.status,
        ),
      ).toEqual(['pending']);
      let confirmation = '';
      await expect
        .poll(async () => {
          const mail = (await mailTo(request, traveller)).find((m) =>
            m.subject.startsWith('Confirm your place on the waitlist'),
          );
          confirmation = /Confirm my place: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
          return confirmation;
        })
        .not.toBe('');
      await page.goto(new URL(confirmation).pathname);
      await expect(page.getByRole('heading', { name: 'Your waitlist place is confirmed' })).toBeVisible();
      await expect(page.getByTestId('waitlist-confirmed')).toContainText(
        `You are on the waitlist for ${indoor.attributes.name}`,
      );
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'waitlist-confirmed');

      // Staff see them on the day's waitlist, from the diary (in a browser of their own).
      const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
      const staff = await staffContext.newPage();
      await login(staff, 'admin@example.com');
      await staff.goto(`/admin/diary?diary_date=${stay.startDate}`);
      await expect(staff.getByTestId('diary-waitlist')).toHaveText('1 on the waitlist');
      await staff.getByTestId('diary-waitlist').click();
      await expect(staff).toHaveURL(new RegExp(`/admin/waitlist\\?date=${stay.startDate}`));
      await expect(staff.getByRole('heading', { name: 'Waitlist' })).toBeVisible();
      await expect(staff.getByRole('main')).toContainText(traveller);
      await expect(staff.getByRole('main')).toContainText('Waiting');
      await expectNoSeriousA11yViolations(staff);
      await keepScreenshot(staff, testInfo, 'admin-waitlist');
      await staffContext.close();

      // The booking is cancelled: the place is held for the traveller, who is emailed a link to it.
      await cancelByApi(page.request, taken.code, holder);
      let offer = '';
      await expect
        .poll(async () => {
          const mail = (await mailTo(request, traveller)).find((m) =>
            m.subject.startsWith('A place is free for you'),
          );
          offer = /Book my place: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
          return offer;
        })
        .not.toBe('');
      const link = new URL(offer);
      await page.goto(link.pathname);
      await expect(page.getByRole('heading', { name: 'A place is free for you' })).toBeVisible();
      await expect(page.getByTestId('waitlist-status')).toContainText(
        `A place is held for you at ${indoor.attributes.name}`,
      );
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'waitlist-place');

      // The link books that place through the wizard: indoor is theirs although others see it full.
      await page.getByRole('link', { name: 'Book my place' }).click();
      await expect(page).toHaveURL(/\/booking\/step-1/);
      await expect(page.getByRole('radio', { name: /Indoor/ })).toBeChecked();
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Continue' }).click();
      await detailsAndCar(page, traveller);
      await qantasBothWays(page);
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/booking\/step-5$/);
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/booking\/step-6$/);
      await main.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(page).toHaveURL(/\/booking\/step-7$/);
      await main.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await main.getByRole('textbox', { name: 'Expiry (MM / YY)' }).pressSequentially('1230');
      await main.getByRole('textbox', { name: 'CVC' }).fill('123');
      await main.getByRole('checkbox', { name: /authorise the payment/ }).check();
      await main.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page).toHaveURL(/\/booking\/step-8$/, { timeout: 15_000 });

      // The hold is the booking's: the entry is booked, and the link says so.
      const entries = await adminApi(
        request,
        token,
        'GET',
        `waitlist-entries/?filter[date]=${stay.startDate}&filter[email]=${encodeURIComponent(traveller)}`,
      );
      expect(
        (entries.body as { data: { attributes: { status: string } }[] }).data.map((e) => e.attributes.status),
      ).toEqual(['booked']);
      await page.goto(link.pathname);
      await expect(page.getByTestId('waitlist-status')).toContainText('You have booked your place');
    } finally {
      expect((await setThreshold(original)).status).toBe(200);
    }
  });
});
