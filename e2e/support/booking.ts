import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demo } from './accounts';

const API = '/backend/api/v1';
const JSONAPI = { 'content-type': 'application/vnd.api+json' };
const TIME_ZONE = 'Australia/Hobart';

/** 'YYYY-MM-DD' of an instant in the car park's time zone. */
export function businessDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A stay of `days` days starting about `fromDay` days ahead, clear of the demo seed's Christmas and New
 * Year closures and surcharges (seed: apps/server/src/seed/demo.ts) and of its blockouts in the next
 * six weeks, so that every car park and extra can be booked.
 */
export function quietStay(fromDay = 45, days = 4): { startDate: string; endDate: string } {
  let start = addDays(businessDate(new Date()), fromDay);
  const festive = (date: string) => {
    const monthDay = date.slice(5);
    return monthDay >= '12-18' || monthDay <= '01-05';
  };
  for (let tries = 0; tries < 60; tries += 1) {
    const dates = Array.from({ length: days }, (_, index) => addDays(start, index));
    if (!dates.some(festive)) break;
    start = addDays(start, 1);
  }
  return { startDate: start, endDate: addDays(start, days - 1) };
}

/** A token of the demo admin, logged in through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${API}/sessions/`, {
    headers: JSONAPI,
    data: { data: { type: 'sessions', attributes: { email: demo.admin, password: DEMO_PASSWORD } } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { attributes: { token: string } } };
  return body.data.attributes.token;
}

/** A JSON:API call as the admin: `{ status, body }`. */
export async function adminApi(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  // No content type without a body: the server refuses an empty body that claims to be JSON.
  const response = await request.fetch(`${API}/${url}`, {
    method,
    headers: { authorization: `Token ${token}`, ...(data === undefined ? {} : JSONAPI) },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
}

/**
 * A full-page screenshot kept as a test artefact: attached to the report and written to
 * e2e/test-results/screens/{name}-{project}.png (390 px on the phone project, 1280 px on desktop).
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.join(import.meta.dirname, '..', 'test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${testInfo.project.name}.png`);
  // From the top, with no focus ring or open skip link in the picture.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
