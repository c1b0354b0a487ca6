import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import {
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

const API = '/backend/api/v1';
const JSONAPI = { 'content-type': 'application/vnd.api+json' };
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

/**
 * Logs in through the API in a context of its own: a login sets the session cookie, and a second
 * login sharing that cookie would be a cookie-authorised write without the CSRF header.
 */
async function apiLogin(
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const context = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const response = await context.post(`${API}/sessions/`, {
      headers: JSONAPI,
      data: { data: { type: 'sessions', attributes: { email, password } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as {
      data: { attributes: { token: string }; relationships: { user: { data: { id: string } } } };
    };
    return { token: body.data.attributes.token, userId: body.data.relationships.user.data.id };
  } finally {
    await context.dispose();
  }
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

/** The ids a booking needs, from the seeded data: the indoor lot, a vehicle type, an airline that flies. */
async function seededIds(request: APIRequestContext) {
  const list = async <A>(url: string) =>
    ((await (await request.get(`${API}/${url}`)).json()) as { data: Resource<A>[] }).data;
  const lots = await list<{ slug: string }>('lots/');
  const types = await list<{ name: string }>('vehicle-types/?sort=name');
  const airlines = await list<{ name: string }>('airlines/?page[size]=100');
  const indoor = lots.find((lot) => lot.attributes.slug === 'indoor');
  const vehicleType = types.find((type) => type.attributes.name === 'Sedan') ?? types[0];
  const airline =
    airlines.find((item) => item.attributes.name === 'Qantas') ??
    airlines.find((item) => item.attributes.name !== 'Not flying');
  if (!indoor || !vehicleType || !airline) throw new Error('seed data missing');
  return { indoor: indoor.id, vehicleType: vehicleType.id, airline: airline.id };
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
    const rel = (type: string, id: string) => ({ data: { type, id } });
    const created = await adminApi(request, token, 'POST', 'bookings/', {
      data: {
        type: 'bookings',
        attributes: {
          title: 'Mr',
          firstName: account.firstName,
          lastName: account.lastName,
          phoneNumber: '0400 123 456',
          email: account.email,
          business: '',
          rego: `SUB ${testInfo.project.name === 'phone' ? 'P' : 'D'}1`,
          make: 'Toyota',
          model: 'Corolla',
          colour: 'White',
          startDatetime: `${apiStay.startDate}T10:00:00+10:00`,
          endDatetime: `${apiStay.endDate}T18:00:00+10:00`,
          flightNumberOut: 'QF1502',
          flightNumberIn: 'QF1511',
          busDepartureTime: '09:00:00',
          passengersOut: 1,
          passengersIn: 1,
        },
        relationships: {
          lot: rel('lots', ids.indoor),
          vehicleType: rel('vehicle-types', ids.vehicleType),
          airlineOut: rel('airlines', ids.airline),
          airlineIn: rel('airlines', ids.airline),
        },
      },
    });
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
    await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Qantas' });
    const outFlight = main.getByRole('combobox', { name: 'Departure flight' });
    await expect(outFlight.locator('option')).not.toHaveCount(2);
    await outFlight.selectOption({ index: 1 });
    await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Qantas' });
    const inFlight = main.getByRole('combobox', { name: 'Return flight' });
    await expect(inFlight.locator('option')).not.toHaveCount(2);
    await inFlight.selectOption({ index: 1 });
    await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
    await continueButton.click();
    await expect(page).toHaveURL(/\/booking\/step-5$/);
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
