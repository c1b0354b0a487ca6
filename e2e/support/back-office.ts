import type { Page } from '@playwright/test';
import { demo, login } from './accounts';

// What the specs of the staff back office (admin-back-office*.spec.ts) share.

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');

/** Logs in as `email` (the demo admin by default) and opens `path`. */
export async function openAdmin(page: Page, path: string, email: string = demo.admin) {
  await login(page, email);
  await page.goto(path);
}

/**
 * Types into a DD/MM/YYYY (and HH:mm) field as a keyboard user does: its sections are spinbuttons, and
 * typing a section's digits moves on to the next.
 */
export async function typeDate(page: Page, label: string, date: string, time = '') {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${ddmmyyyy(date).replace(/\//g, '')}${time.replace(':', '')}`);
  await page.keyboard.press('Tab');
}

/** The value a date field shows, section by section: '24/11/2026'. */
export const dateShown = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).evaluate((group) => group.textContent?.replace(/\s/g, '') ?? '');

/** A JSON:API document of one resource, as the back-office specs read it. */
export interface BookingDocument {
  data: {
    id: string;
    attributes: Record<string, string | number | null>;
    relationships: Record<string, { data: { id: string } | null }>;
  };
}
