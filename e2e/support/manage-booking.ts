import type { Locator, Page } from '@playwright/test';

/**
 * Opens Manage my booking and asks for a booking by its code and email address, as the traveller does; answers the
 * page's main region, where the booking (or the refusal) then shows.
 */
export async function findMyBooking(page: Page, code: string, email: string): Promise<Locator> {
  await page.goto('/manage-booking');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Booking code' }).fill(code);
  await main.getByRole('textbox', { name: 'Email address' }).fill(email);
  await main.getByRole('button', { name: 'Find my booking' }).click();
  return main;
}
