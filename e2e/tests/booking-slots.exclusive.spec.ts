import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAdmin } from '../support/back-office';
import { adminApi, adminToken, keepScreenshot, quietStay } from '../support/booking';
import { JSONAPI, seededIds } from '../support/paid-booking';
import { detailsAndCar, hobartInstant } from '../support/wizard';
import { appAttached } from '../support/app-attached';

// Issue 24, item 4: a car park's desk takes so many cars a quarter hour. Step 4 tells how busy the chosen
// drop-off time is and suggests quieter times nearby; a full slot is refused beside the time. Exclusive: the
// slot limit on the indoor car park changes what every visitor may book (it is put back after).

interface LotResource {
  id: string;
  attributes: { slug: string; slotCapacity: number | null };
}

test.describe('drop-off slots', () => {
  test('step 4 shows a full drop-off slot with quieter times, refuses it beside the time, and takes a suggestion', async ({
    page,
    request,
  }, testInfo) => {
    // A booking made by the wizard up to step 4, then the diary: longer than one screen's test.
    test.setTimeout(120_000);
    const token = await adminToken(request);
    const lots = (await adminApi(request, token, 'GET', 'lots/')).body as { data: LotResource[] };
    const indoor = lots.data.find((lot) => lot.attributes.slug === 'indoor');
    if (!indoor) throw new Error('No indoor lot in the demo data');
    const original = indoor.attributes.slotCapacity;
    const setCap = (slotCapacity: number | null) =>
      adminApi(request, token, 'PATCH', `lots/${indoor.id}/`, {
        data: { type: 'lots', id: indoor.id, attributes: { slotCapacity } },
      });
    const stay = quietStay(75, 3);
    const ids = await seededIds(request);
    const made: string[] = [];
    // The demo has bookings on these days too: the limit leaves every slot of both days two places, then the
    // 10:00 am slot of the departure day is filled up to it.
    const slotsOf = async (date: string) =>
      (
        (await adminApi(request, token, 'GET', `lots/${indoor.id}/slots/?date=${date}`)).body as {
          data: Array<{ attributes: { startDatetime: string; cars: number } }>;
        }
      ).data;
    const departureDay = await slotsOf(stay.startDate);
    const busiest = Math.max(
      ...[...departureDay, ...(await slotsOf(stay.endDate))].map((s) => s.attributes.cars),
    );
    const cap = busiest + 2;
    const tenAm = hobartInstant(stay.startDate, '10:00').toISOString();
    const atTen = departureDay.find((s) => new Date(s.attributes.startDatetime).toISOString() === tenAm);
    expect((await setCap(cap)).status).toBe(200);
    try {
      for (let n = atTen?.attributes.cars ?? 0; n < cap; n += 1) {
        const created = await request.post('/backend/api/v1/bookings/', {
          headers: { ...JSONAPI, authorization: `Token ${token}` },
          data: {
            data: {
              type: 'bookings',
              attributes: {
                title: 'Mr',
                firstName: 'Slot',
                lastName: `Taker ${n}`,
                phoneNumber: '0400 111 222',
                email: `slot-taker-${n}-${Date.now()}@example.com`,
                business: '',
                rego: `SLT${n}`,
                make: 'Toyota',
                model: 'Yaris',
                colour: 'Red',
                startDatetime: hobartInstant(stay.startDate, `10:0${n % 10}`).toISOString(),
                // Each picks up in an early slot of its own on the return day.
                endDatetime: new Date(
                  hobartInstant(stay.endDate, '05:00').getTime() + n * 900_000,
                ).toISOString(),
                flightNumberOut: '',
                flightNumberIn: '',
                busDepartureTime: null,
                passengersOut: 1,
                passengersIn: 1,
              },
              relationships: {
                lot: { data: { type: 'lots', id: indoor.id } },
                vehicleType: { data: { type: 'vehicle-types', id: ids.vehicleType } },
                airlineOut: { data: { type: 'airlines', id: ids.airline } },
                airlineIn: { data: { type: 'airlines', id: ids.airline } },
              },
            },
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        made.push(((await created.json()) as { data: { id: string } }).data.id);
      }

      await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
      await appAttached(page);
      await page.locator('[data-lot="indoor"]').click();
      await expect(page.getByRole('radio', { name: /Indoor/ })).toBeChecked();
      // Step 1 tells the departure day's full slot before any time is chosen.
      await expect(page.getByTestId('busy-desk-times')).toContainText('10:00 am fully booked');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Continue' }).click();
      await detailsAndCar(page, `slot-traveller-${Date.now()}@example.com`);

      await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Not flying' });
      await main.getByLabel('Drop-off time').fill('10:05');
      await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Not flying' });
      await main.getByLabel('Pick-up time').fill('16:00');
      const busy = page.getByTestId('slot-busyness-drop-off');
      await expect(busy).toContainText('Fully booked');
      await expect(busy).toContainText(`${cap} of ${cap} places taken at the desk from 10:00 am to 10:15 am`);
      await expect(busy).toContainText('Quieter times nearby:');
      await expect(page.getByTestId('slot-busyness-pick-up')).toContainText(
        'places taken at the desk from 4:00 pm',
      );
      await expect(page.getByTestId('slot-busyness-pick-up')).not.toContainText('Fully booked');

      // Continuing with the full slot is refused beside the time.
      await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(
        main.getByText('This drop-off time is fully booked. Please choose another time.'),
      ).toBeVisible();
      await expect(main.getByLabel('Drop-off time')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/booking\/step-4$/);
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'step-4-slot-full');

      // The nearest quieter time, taken: the drop-off moves there and the step goes on.
      await busy.getByRole('button', { name: 'Use 9:45 am for the drop-off' }).click();
      await expect(main.getByLabel('Drop-off time')).toHaveValue('09:45');
      await expect(busy).toContainText('places taken at the desk from 9:45 am to 10:00 am');
      await expect(busy).not.toContainText('Fully booked');
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/booking\/step-5$/);

      // The back office's diary shows the desk's load of that day, the full slot marked.
      await openAdmin(page, `/admin/diary?diary_date=${stay.startDate}`);
      const load = page.getByRole('list', { name: 'Indoor slot load' });
      await expect(
        load.getByRole('listitem', { name: `10:00 am: ${cap} cars of ${cap}, Fully booked` }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'diary-slot-load');
    } finally {
      for (const id of made) await adminApi(request, token, 'DELETE', `bookings/${id}/`);
      expect((await setCap(original)).status).toBe(200);
    }
  });
});
