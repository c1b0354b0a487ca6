import {
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { apiLogin, login, registerByApi, uniqueEmail } from './accounts';
import { linkFromMail } from './mail';
import { paidBooking } from './paid-booking';

/**
 * A customer of this test alone, with a confirmed email (My Bookings needs one) and a booking paid through the API,
 * signed in on `page`; answers the account, its API token and the booking.
 */
export async function signedInCustomerWithBooking(
  fixtures: { page: Page; request: APIRequestContext; playwright: PlaywrightWorkerArgs['playwright'] },
  testInfo: TestInfo,
  name: string,
  stay: { fromDay: number; rego: string },
) {
  const { page, request, playwright } = fixtures;
  const account = await registerByApi(request, uniqueEmail(testInfo, name));
  await page.goto(await linkFromMail(request, account.email, '/confirm-email'));
  await expect(page.getByText('Your account has now been confirmed.')).toBeVisible({ timeout: 15_000 });
  const token = (await apiLogin(playwright, testInfo, account.email, account.password)).token;
  const booking = await paidBooking(request, { email: account.email, token, ...stay });
  await login(page, account.email, account.password);
  return { account, token, booking };
}
