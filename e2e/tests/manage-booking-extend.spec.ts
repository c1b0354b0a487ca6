/**
 * Extend while away (issue 41): the car is checked in at the desk; its traveller opens Manage my booking,
 * moves the return later, pays the difference by card (the local provider's form) and sees the new return.
 */
import { expect, test, type TestInfo } from '@playwright/test';
import { apiLogin, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';
import { addDays, API, JSONAPI, paidBooking, seededIds } from '../support/paid-booking';
import { findMyBooking } from '../support/manage-booking';

const money = (amount: number) => `$${amount.toFixed(2)}`;
const shown = (date: string) => `${Number(date.slice(8))}/${Number(date.slice(5, 7))}/${date.slice(0, 4)}`;

test('a checked-in car’s traveller moves the return later and pays the difference by card', async ({
  page,
  request,
  playwright,
}, testInfo: TestInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail(testInfo, 'extend');
  const booking = await paidBooking(request, { email, fromDay: 66, rego: 'EXT1' });
  const ids = await seededIds(request);

  // The desk checks the car in (staff's custody record).
  const staff = await apiLogin(playwright, testInfo, 'admin@example.com', 'demo-pass-1');
  const auth = { ...JSONAPI, authorization: `Token ${staff.token}` };
  const regions = await request.get(`${API}/lot-regions/?filter[lot]=${ids.outdoor}`, { headers: auth });
  const region = ((await regions.json()) as { data: Array<{ id: string }> }).data[0];
  expect(region, 'a region of the outdoor lot').toBeDefined();
  const checkedIn = await request.post(`${API}/bookings/${booking.id}/custody/check-ins/`, {
    headers: auth,
    data: {
      data: {
        type: 'custody-check-ins',
        attributes: { lotRegionRow: 1, timeParked: new Date().toISOString(), kilometers: 12_000 },
        relationships: { lotRegion: { data: { type: 'lot-regions', id: region?.id ?? '' } } },
      },
    },
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(201);

  const main = await findMyBooking(page, booking.code, email);
  await expect(main.getByRole('heading', { name: `Booking ${booking.code}` })).toBeVisible();

  // The car is with us: the return may move later, nothing else; an earlier one needs no change.
  const panel = main.getByRole('region', { name: 'Extend your stay' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Coming back earlier needs no change');
  await expect(main.getByRole('form', { name: 'Change booking' })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Cancel your booking' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const form = panel.getByRole('form', { name: 'Extend your stay' });
  const field = form.getByLabel('New pick-up date and time');
  // Earlier than booked: said beside the field, nothing asked of the server.
  await field.fill(`${addDays(booking.stay.endDate, -1)}T18:00`);
  await form.getByRole('button', { name: 'Review new pick-up' }).click();
  await expect(form).toContainText('Coming back earlier needs no change: ask for your car when you land');

  const newEnd = addDays(booking.stay.endDate, 2);
  await field.fill(`${newEnd}T18:00`);
  await form.getByRole('button', { name: 'Review new pick-up' }).click();
  const review = form.getByRole('status');
  await expect(review).toContainText('To pay now:');
  const newTotal = Number(/New total: \$([\d,.]+)/.exec((await review.textContent()) ?? '')?.[1]);
  const difference = Math.round((newTotal - Number(booking.total)) * 100) / 100;
  expect(difference).toBeGreaterThan(0);
  await expect(review).toContainText(`To pay now: ${money(difference)}`);
  await keepScreenshot(page, testInfo, 'manage-booking-extend-review');
  await form.getByRole('button', { name: 'Extend my stay' }).click();

  // The difference by card, in the panel of the change waiting for its payment (the same flow as any change).
  const waiting = main.getByRole('region', { name: 'Your change waiting for payment' });
  await expect(waiting.getByRole('region', { name: 'Changed to' })).toContainText(
    `Pick-up ${shown(newEnd)}, 6:00 pm`,
  );
  const cardForm = waiting.getByRole('form', { name: 'Card payment' });
  await cardForm.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await cardForm.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 30');
  await cardForm.getByRole('textbox', { name: 'CVC' }).fill('123');
  await cardForm.getByRole('checkbox').check();
  await expectNoSeriousA11yViolations(page);
  await cardForm.getByRole('button', { name: `Pay ${money(difference)}` }).click();

  await expect(
    main.getByRole('status').filter({ hasText: `your payment of ${money(difference)} has been received` }),
  ).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Parking', exact: true })).toContainText(
    `${shown(newEnd)}, 6:00 pm`,
  );
  await expect(main.getByRole('region', { name: 'Charges', exact: true })).toContainText(
    `Total (AUD)${money(newTotal)}`,
  );
  // Still with us until the new pick-up: a later one still may be asked for.
  await expect(panel).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'manage-booking-extended');

  // The desk's Edit History has it.
  const history = await request.get(`${API}/booking-logs/?filter[booking]=${booking.id}`, { headers: auth });
  expect(history.ok(), await history.text()).toBe(true);
  const actions = ((await history.json()) as { data: Array<{ attributes: { action: string } }> }).data.map(
    (log) => log.attributes.action,
  );
  expect(actions).toContain('extended');
});
