import { expect, type Page } from '@playwright/test';

// What the specs of the back office's settings screens (admin-settings*.spec.ts) share.

export const main = (page: Page) => page.getByRole('main');
/**
 * A snackbar has come (success messages are a status, errors an alert). They queue, 6 seconds each
 * (public-site §9), so one may wait behind the last.
 */
export const expectSnackbar = (page: Page, text: string) =>
  expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: text })).toBeVisible({
    timeout: 15_000,
  });
export const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });

/** Ticks the list row whose first column reads `name`, then asks Actions to delete it. */
export async function deleteRow(page: Page, noun: string, name: string) {
  const row = main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.getByRole('checkbox').check();
  await actions(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Delete' });
  await expect(dialog).toContainText(`Are you sure you would like to delete this ${noun}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('link', { name, exact: true })).toHaveCount(0);
}

/** Every settings screen: its menu entry, list path, heading and a row the demo data always has. */
export const SETTINGS = [
  { label: 'Lots', path: '/admin/lots', heading: 'Lots', first: 'Indoor' },
  { label: 'Airlines', path: '/admin/airlines', heading: 'Airlines', first: 'Jetstar' },
  { label: 'Flights', path: '/admin/flights', heading: 'Flights', first: 'QF1502' },
  { label: 'Buses', path: '/admin/bustrips', heading: 'Buses', first: '4:30 am' },
  { label: 'Vehicle Types', path: '/admin/vehicletypes', heading: 'Vehicle Types', first: 'SUV' },
  { label: 'Extras', path: '/admin/extras', heading: 'Extras', first: 'Exterior wash' },
  { label: 'Rates', path: '/admin/rates', heading: 'Rates', first: '14 days' },
  {
    label: 'Pricing/Availability',
    path: '/admin/days',
    heading: 'Pricing/Availability',
    first: 'Christmas Eve',
  },
  {
    label: 'Blockout Periods',
    path: '/admin/blockout-periods',
    heading: 'Blockout Periods',
    first: 'Website maintenance',
  },
] as const;
