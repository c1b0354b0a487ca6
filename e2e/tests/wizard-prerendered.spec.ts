/**
 * A wizard step past the first, loaded directly (a reload, a phone that dropped the tab), arrives drawn by the
 * server from the traveller's answers (the wizard's cookie: apps/web/src/entry-server.tsx,
 * apps/server/src/http/prerender.ts), and the app takes it over as it is when the traveller reaches for it
 * (issue 39: Lighthouse mobile 98-100 for steps 2-8 where the browser-drawn steps scored 49-72). Only the tab
 * whose answers drew it is taken over as it is; another tab's answers are drawn afresh.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appAttached, holdAppScript } from '../support/app-attached';
import { quietStay } from '../support/booking';
import { API as PAID_API, JSONAPI, seededIds, wizardBookingDocument } from '../support/paid-booking';

const API = '/backend/api/v1';

interface Named {
  id: string;
  attributes: { name: string };
}

async function named(request: APIRequestContext, path: string, name: RegExp): Promise<Named> {
  const body = (await (await request.get(`${API}/${path}`)).json()) as { data: Named[] };
  const found = body.data.find((item) => name.test(item.attributes.name));
  if (!found) throw new Error(`no ${path} named ${name}`);
  return found;
}

/** The wizard's stored answers with steps 1-4 done (apps/web's WizardState), as the wizard writes them. */
async function answersUpToFlights(request: APIRequestContext, id: string, rego: string): Promise<string> {
  const [lot, vehicleType, airline] = await Promise.all([
    named(request, 'lots', /^Outdoor$/),
    named(request, 'vehicle-types', /^Sedan$/),
    named(request, 'airlines', /^Jetstar$/),
  ]);
  const stay = quietStay(50, 4);
  return JSON.stringify({
    version: 1,
    id,
    completed: 4,
    finished: false,
    quote: { ...stay, lotId: lot.id, lotSlug: 'outdoor', lotName: 'Outdoor', price: '52.00' },
    details: {
      title: 'Ms',
      firstName: 'Grace',
      lastName: 'Racer',
      phoneNumber: '0400 123 456',
      email: 'grace.prerendered@example.com',
      business: '',
    },
    car: {
      vehicle: '',
      rego,
      make: 'Toyota',
      model: 'Corolla',
      colour: 'White',
      vehicleType: vehicleType.id,
      vehicleTypeName: 'Sedan',
    },
    flights: {
      sameDay: false,
      airlineOut: airline.id,
      notFlyingOut: false,
      flightOut: '',
      flightNumberOut: 'JQ701',
      flightTimeOut: '06:00:00',
      busDepartureTime: '05:00:00',
      airlineIn: airline.id,
      notFlyingIn: false,
      flightIn: '',
      flightNumberIn: 'JQ702',
      flightTimeIn: '18:00:00',
      passengersOut: 2,
      passengersIn: 2,
      confirmed: true,
      airlineOutName: 'Jetstar',
      airlineInName: 'Jetstar',
      flightOutLabel: 'JQ701',
      flightInLabel: 'JQ702',
    },
    extras: { ids: [], prices: {}, names: {}, promoCode: '', discountRate: '0' },
    booking: null,
  });
}

/** This tab's answers (sessionStorage, before any script runs) and the wizard's cookie, as the wizard keeps them. */
async function keepAnswers(page: Page, baseURL: string | undefined, tab: string, cookie: string) {
  // The wizard's own cookie from an earlier step of this test goes: the one given here is the tab's.
  await page.context().clearCookies({ name: 'skypark_wizard' });
  await page
    .context()
    .addCookies([{ name: 'skypark_wizard', value: encodeURIComponent(cookie), url: `${baseURL}/booking` }]);
  await page.addInitScript((stored) => window.sessionStorage.setItem('skypark.bookingWizard', stored), tab);
}

test.describe('a wizard step loaded directly', () => {
  test(
    'arrives drawn from the answers, and an extra ticked before the app has started is booked',
    { tag: '@phone' },
    async ({ page, request, baseURL }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const answers = await answersUpToFlights(request, 'prerendered-tab', 'PRE123');
      await keepAnswers(page, baseURL, answers, answers);
      const release = await holdAppScript(page);

      const response = await page.goto('/booking/step-5', { waitUntil: 'commit' });
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(await response?.text()).toContain('id="prerendered-wizard"');
      // Drawn by the server: the step, its running total and the extras priced for the answers' Sedan.
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(main).toContainText('Prices are for your vehicle type: Sedan.');
      const wash = main.getByRole('checkbox').first();
      await expect(wash).not.toBeChecked();
      const summary = page.getByRole('complementary', { name: 'Your booking' });
      await expect(summary).toContainText('PRE123 · Toyota Corolla');
      const total = () => summary.textContent();
      const before = await total();
      await page.locator('h1').evaluate((heading) => (heading.dataset.marker = 'server'));

      // Ticked before the app's script has even arrived: held for the app, not ticked by the browser alone.
      await wash.click();
      await expect(wash).not.toBeChecked();
      release();
      await appAttached(page);
      await expect(wash).toBeChecked();
      await expect.poll(total).not.toBe(before);
      const stored = await page.evaluate(() =>
        JSON.parse(window.sessionStorage.getItem('skypark.bookingWizard') ?? '{}'),
      );
      expect((stored as { extras: { ids: string[] } }).extras.ids).toHaveLength(1);
      // Taken over as it was: the server's heading is the one shown, and no hydration error.
      expect(await page.locator('h1').getAttribute('data-marker')).toBe('server');
      expect(problems).toEqual([]);
    },
  );

  test("another tab's answers in the cookie are not this tab's: the step is drawn afresh from this tab's", async ({
    page,
    request,
    baseURL,
  }) => {
    const other = await answersUpToFlights(request, 'other-tab', 'OTHER1');
    const mine = await answersUpToFlights(request, 'this-tab', 'MINE22');
    await keepAnswers(page, baseURL, mine, other);
    await page.goto('/booking/step-5');
    // The app starts at once (nobody reaches for the page) and shows this tab's car.
    await expect(page.locator('html')).toHaveAttribute('data-app', 'attached');
    const summary = page.getByRole('complementary', { name: 'Your booking' });
    await expect(summary).toContainText('MINE22 · Toyota Corolla');
    await expect(page.getByRole('main')).not.toContainText('OTHER1');
  });

  test(
    "what is typed before the app has started is the app's: the car, a promo code and the card",
    { tag: '@phone' },
    async ({ page, request, baseURL }) => {
      const main = page.getByRole('main');
      const upToFlights = JSON.parse(await answersUpToFlights(request, 'typed-tab', 'UNUSED1')) as Record<
        string,
        unknown
      >;

      // Step 3, the car: typed and chosen on the server's page, then Continue once the app has it.
      const atCar = JSON.stringify({ ...upToFlights, completed: 2, car: null, flights: null });
      await keepAnswers(page, baseURL, atCar, atCar);
      let release = await holdAppScript(page);
      await page.goto('/booking/step-3', { waitUntil: 'commit' });
      await main.getByRole('textbox', { name: 'Rego' }).fill('TYPED3');
      await main.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Sedan' });
      await main.getByRole('combobox', { name: 'Make' }).selectOption('Mazda');
      await main.getByRole('textbox', { name: 'Model' }).fill('CX-5');
      await main.getByRole('combobox', { name: 'Colour' }).selectOption('Blue');
      release();
      await appAttached(page);
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/booking\/step-4$/);
      await expect(page.getByRole('complementary', { name: 'Your booking' })).toContainText(
        'TYPED3 · Mazda CX-5',
      );
      await page.unrouteAll({ behavior: 'wait' });

      // Step 5, a promo code typed before the app: Apply applies it.
      const atCheckout = JSON.stringify({ ...upToFlights, id: 'typed-tab-5' });
      await keepAnswers(page, baseURL, atCheckout, atCheckout);
      release = await holdAppScript(page);
      await page.goto('/booking/step-5', { waitUntil: 'commit' });
      await main.getByRole('textbox', { name: 'Promo code' }).fill(' welcome10 ');
      release();
      await appAttached(page);
      await main.getByRole('button', { name: 'Apply' }).click();
      await expect(main.getByText(/Promo code WELCOME10 applied: 10% off the parking charge/)).toBeVisible();
      await page.unrouteAll({ behavior: 'wait' });

      // Step 7, the card typed (or filled in by the browser) before the app: the payment goes through.
      const ids = await seededIds(request);
      const created = await request.post(`${PAID_API}/bookings/`, {
        headers: JSONAPI,
        data: wizardBookingDocument(ids, {
          lot: ids.outdoor,
          email: 'typed.card@example.com',
          rego: 'TYPED7',
          stay: quietStay(55, 3),
          offset: '+11:00',
        }),
      });
      expect(created.status(), await created.text()).toBe(201);
      const saved = (
        (await created.json()) as {
          data: { id: string; attributes: { bookingCode: string; clientSecret: string; totalCost: string } };
        }
      ).data;
      const atPayment = JSON.stringify({
        ...upToFlights,
        id: 'typed-tab-7',
        completed: 6,
        booking: {
          id: saved.id,
          bookingCode: saved.attributes.bookingCode,
          clientSecret: saved.attributes.clientSecret,
          totalCost: saved.attributes.totalCost,
          amountPaid: '0.00',
          status: 'pending',
          email: 'typed.card@example.com',
        },
      });
      await keepAnswers(page, baseURL, atPayment, atPayment);
      release = await holdAppScript(page);
      await page.goto('/booking/step-7', { waitUntil: 'commit' });
      await main.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
      await main.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 30');
      await main.getByRole('textbox', { name: 'CVC' }).fill('123');
      release();
      await appAttached(page);
      await expect(main.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
      await main.getByRole('checkbox', { name: /I confirm my booking details are correct/ }).check();
      await main.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/booking\/step-8$/);
    },
  );
});
