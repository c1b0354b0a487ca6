import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  apiLogin,
  DEMO_PASSWORD,
  demo,
  loginOnPage,
  registerByApi,
  uniqueEmail,
  type NewAccount,
} from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, keepScreenshot, quietStay } from '../support/booking';
import { linkFromMail } from '../support/mail';
import { API, seededIds, wizardBookingDocument } from '../support/paid-booking';
import { qantasBothWays } from '../support/wizard';
import { appAttached } from '../support/app-attached';

const TIME_ZONE = 'Australia/Hobart';
const PROFILE_TAB = '/profile?tab=subscribe';

interface Resource<A = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A;
}

/** D/M/YYYY of an instant in the car park's time zone, as the site shows dates. */
function shownDate(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: TIME_ZONE,
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${Number(parts.day)}/${Number(parts.month)}/${parts.year}`;
}

async function review(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, name);
}

/** A fresh customer, email confirmed from the captured link: the demo customer stays as it is. */
async function freshCustomer(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
): Promise<NewAccount> {
  const account = await registerByApi(request, uniqueEmail(testInfo, 'subscriber'));
  await page.goto(await linkFromMail(request, account.email, '/confirm-email'));
  await expect(page.getByText('Your account has now been confirmed.')).toBeVisible();
  return account;
}

/** A stay inside the subscription's three months that the indoor car park can still take online. */
async function indoorStay(
  request: APIRequestContext,
  fromDay: number,
): Promise<{ startDate: string; endDate: string }> {
  for (let offset = 0; offset < 20; offset += 1) {
    const stay = quietStay(fromDay + offset, 3);
    const response = await request.get(
      `${API}/quotes/?start_date=${stay.startDate}&end_date=${stay.endDate}&filter[lot.slug__in]=indoor&include=lot`,
    );
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { data: Resource<{ fillThresholdExceeded: boolean }>[] };
    if (body.data.every((quote) => !quote.attributes.fillThresholdExceeded)) return stay;
  }
  throw new Error('No indoor stay with room in the next months');
}

const subscriptionCard = (page: Page, name: 'Unlimited indoor parking' | 'Unlimited outdoor parking') =>
  page.getByRole('main').getByRole('region', { name });

test.describe('unlimited parking subscriptions', () => {
  test('subscribe through the local checkout, park indoors for $0, cancel in the billing portal', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    test.setTimeout(180_000);
    const account = await freshCustomer(page, request, testInfo);

    // The profile's subscription tab, reached through the login guard.
    await page.goto(PROFILE_TAB);
    await expect(page).toHaveURL(/\/login\?next=/);
    await loginOnPage(page, account.email, account.password);
    await expect(page).toHaveURL(PROFILE_TAB);
    await expect(page.getByRole('tab', { name: 'Subscriptions' })).toHaveAttribute('aria-selected', 'true');
    const indoor = subscriptionCard(page, 'Unlimited indoor parking');
    await expect(indoor.getByText('Not subscribed')).toBeVisible();
    await expect(indoor).toContainText('$449 every 3 months');
    await expect(subscriptionCard(page, 'Unlimited outdoor parking')).toContainText('$299 every 3 months');
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
    await expect(page.getByText(/purchased online soon/)).toHaveCount(0);
    await review(page, testInfo, 'subscriptions-profile-none');

    // Subscribe: the local provider's hosted checkout, on this site.
    await indoor.getByRole('button', { name: /^Subscribe/ }).click();
    await expect(page).toHaveURL(/\/local-checkout\/cs_[0-9a-f]+$/);
    await expect(page).toHaveTitle('Secure checkout | SkyPark Airport Parking');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Unlimited indoor parking' })).toBeVisible();
    await expect(main.getByText('billed every 3 months', { exact: true })).toBeVisible();
    await expect(main.getByText(account.email)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Cancel and return to SkyPark' })).toHaveAttribute(
      'href',
      PROFILE_TAB,
    );
    await review(page, testInfo, 'subscriptions-local-checkout');

    const form = page.getByRole('form', { name: 'Pay with card' });
    const number = form.getByRole('textbox', { name: 'Card number' });
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Your card number is incomplete.')).toBeVisible();
    await expect(form.getByText("Your card's expiration date is incomplete.")).toBeVisible();
    await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();
    await review(page, testInfo, 'subscriptions-local-checkout-errors');
    await number.fill('4242 4242 4242');
    await form.getByRole('textbox', { name: 'Expiry (MM / YY)' }).click();
    await expect(form.getByText('Your card number is incomplete.')).toBeVisible();
    await number.fill('4000 0000 0000 0002');
    await expect(form.getByText('Your card number is incomplete.')).toBeHidden();
    await form.getByRole('textbox', { name: 'Expiry (MM / YY)' }).pressSequentially('1230');
    await form.getByRole('textbox', { name: 'CVC' }).fill('123');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/local-checkout\//);
    await review(page, testInfo, 'subscriptions-local-checkout-declined');

    await number.fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Subscribe' }).click();

    // Back on the profile's tab: active, renewing three months ahead.
    await expect(page).toHaveURL(PROFILE_TAB, { timeout: 15_000 });
    const { token, userId } = await apiLogin(playwright, testInfo, account.email, account.password);
    const mine = await adminApi(
      request,
      token,
      'GET',
      `subscriptions/?filter[user]=${userId}&include=price.product`,
    );
    const [subscription] = (
      mine.body as { data: Resource<{ endDatetime: string; canceledAt: string | null; valid: boolean }>[] }
    ).data;
    expect(subscription?.attributes).toMatchObject({ valid: true, canceledAt: null });
    const end = new Date(subscription?.attributes.endDatetime ?? '');
    const threeMonthsAhead = new Date();
    threeMonthsAhead.setUTCMonth(threeMonthsAhead.getUTCMonth() + 3);
    expect(Math.abs(end.getTime() - threeMonthsAhead.getTime())).toBeLessThan(10 * 60_000);
    const endText = shownDate(end);
    await expect(indoor.getByText(`Active — renews on ${endText}`)).toBeVisible();
    await expect(indoor.getByRole('button', { name: /^Subscribe/ })).toHaveCount(0);
    await expect(
      subscriptionCard(page, 'Unlimited outdoor parking').getByText('Not subscribed'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
    await review(page, testInfo, 'subscriptions-profile-active');

    // Covered parking is free: an indoor booking through the API is complete at once, with nothing to pay.
    const ids = await seededIds(request);
    const apiStay = await indoorStay(request, 30);
    const created = await adminApi(
      request,
      token,
      'POST',
      'bookings/',
      wizardBookingDocument(ids, {
        lot: ids.indoor,
        email: account.email,
        rego: `SUB ${testInfo.project.name === 'phone' ? 'P' : 'D'}1`,
        stay: apiStay,
        offset: '+10:00',
        person: { title: 'Mr', firstName: account.firstName, lastName: account.lastName },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = (created.body as { data: Resource<Record<string, unknown>> }).data.attributes;
    expect(Number(booking.parkingCost)).toBeGreaterThan(0);
    expect(booking).toMatchObject({
      subscriptionDiscount: booking.parkingCost,
      totalCost: '0.00',
      status: 'complete',
      hadSubscription: true,
    });
    expect(booking.clientSecret ?? null).toBeNull();

    // The same through the booking wizard: Confirm booking on step 6 goes straight to step 8.
    const wizardStay = await indoorStay(request, 50);
    await page.goto(`/booking/step-1?start=${wizardStay.startDate}&end=${wizardStay.endDate}`);
    await appAttached(page);
    await page.locator('[data-lot="indoor"]').click();
    await expect(page.getByRole('radio', { name: /Indoor/ })).toBeChecked();
    const continueButton = main.getByRole('button', { name: 'Continue' });
    await continueButton.click();
    await expect(page).toHaveURL(/\/booking\/step-2$/);
    await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await continueButton.click();
    await expect(page).toHaveURL(/\/booking\/step-3$/);
    await main
      .getByRole('textbox', { name: 'Rego' })
      .fill(`SUB ${testInfo.project.name === 'phone' ? 'P' : 'D'}2`);
    await main.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Sedan' });
    await main.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await main.getByRole('textbox', { name: 'Model' }).fill('Camry');
    await main.getByRole('combobox', { name: 'Colour' }).selectOption('Silver');
    await continueButton.click();
    await expect(page).toHaveURL(/\/booking\/step-4$/);
    await qantasBothWays(page);
    await continueButton.click();
    await expect(page).toHaveURL(/\/booking\/step-5$/);
    // The extras step's own form: the address changes a moment before its screen replaces step 4's.
    await expect(page.getByRole('main').getByRole('form', { name: 'Promo code' })).toBeVisible();
    await continueButton.click();
    await expect(page).toHaveURL(/\/booking\/step-6$/);
    await expect(page.getByTestId('booking-total')).toHaveText('$0.00');
    await main.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(/\/booking\/step-8$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    const code = ((await page.getByTestId('booking-code').textContent()) ?? '').trim();
    const admin = await apiLogin(playwright, testInfo, demo.admin, DEMO_PASSWORD);
    const found = await adminApi(request, admin.token, 'GET', `bookings/?filter[bookingCode]=${code}`);
    const [wizardBooking] = (found.body as { data: Resource<Record<string, unknown>>[] }).data;
    expect(wizardBooking?.attributes).toMatchObject({
      totalCost: '0.00',
      status: 'complete',
      hadSubscription: true,
    });

    // Manage subscription: the local billing portal, where the subscription is cancelled.
    await page.goto(PROFILE_TAB);
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/local-billing\/bps_[0-9a-f]+$/);
    await expect(page).toHaveTitle('Manage subscriptions | SkyPark Airport Parking');
    const plan = main.getByRole('region', { name: 'Unlimited indoor parking' });
    await expect(plan).toContainText('$449.00 every 3 months');
    await expect(plan).toContainText(`Renews on ${endText}`);
    await review(page, testInfo, 'subscriptions-local-billing');

    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel unlimited indoor parking?' });
    await expect(confirm).toContainText(`until ${endText}`);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(confirm).toBeHidden();
    await expect(plan).toContainText(`Valid until ${endText}, then it ends. It will not renew.`);
    await expect(plan.getByRole('button', { name: 'Renew subscription' })).toBeVisible();
    // The confirmation snackbar is loaded on demand and grows in: check the page once it is there.
    await expect(page.getByText('Subscription cancelled', { exact: true })).toBeVisible();
    await review(page, testInfo, 'subscriptions-local-billing-cancelled');

    // Back on the profile: cancelled but still valid, until the end of the paid period.
    await main.getByRole('link', { name: 'Return to SkyPark' }).click();
    await expect(page).toHaveURL(PROFILE_TAB);
    await expect(indoor.getByText(`Cancelled — valid until ${endText}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
    await review(page, testInfo, 'subscriptions-profile-cancelled');
  });
});
