import { expect, type Page } from '@playwright/test';

const TIME_ZONE = 'Australia/Hobart';

/** The instant of a date and time ('YYYY-MM-DD', 'HH:mm') at the car park (Hobart, +10 or +11). */
export function hobartInstant(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '');
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(guess.getTime() - minutes * 60_000);
}

/** Step 2 and step 3 answered as a guest, from step 2 to step 4. */
export async function detailsAndCar(page: Page, email: string): Promise<void> {
  const main = page.getByRole('main');
  const next = () => main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/booking\/step-2$/);
  await main.getByRole('combobox', { name: 'Title' }).selectOption('Ms');
  await main.getByRole('textbox', { name: 'First name' }).fill('Tess');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Today');
  await main.getByRole('textbox', { name: 'Phone number' }).fill('0400 555 222');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await next();
  await expect(page).toHaveURL(/\/booking\/step-3$/);
  await main.getByRole('textbox', { name: 'Rego' }).fill('TDY123');
  await main.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Sedan' });
  await main.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
  await main.getByRole('textbox', { name: 'Model' }).fill('Corolla');
  await main.getByRole('combobox', { name: 'Colour' }).selectOption('White');
  await next();
  await expect(page).toHaveURL(/\/booking\/step-4$/);
}

/** Step 4 answered with Qantas flights both ways (the first of each list) and the departure confirmed. */
export async function qantasBothWays(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Departure airline' }).selectOption({ label: 'Qantas' });
  const outFlight = main.getByRole('combobox', { name: 'Departure flight' });
  await expect(outFlight.locator('option')).not.toHaveCount(2);
  await outFlight.selectOption({ index: 1 });
  await main.getByRole('combobox', { name: 'Return airline' }).selectOption({ label: 'Qantas' });
  const inFlight = main.getByRole('combobox', { name: 'Return flight' });
  await expect(inFlight.locator('option')).not.toHaveCount(2);
  await inFlight.selectOption({ index: 1 });
  await main.getByRole('checkbox', { name: /I confirm my departure/ }).check();
}
