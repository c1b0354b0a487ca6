/**
 * Lighthouse on the wizard's steps 2-8 (`npm run bench`, bench/web.ts). A step past the first shows only
 * with the steps before it answered: the wizard keeps them in sessionStorage (apps/web's wizard-context,
 * key skypark.bookingWizard), so each step is opened with a wizard state stored before the page's scripts
 * run, and in the wizard's cookie, which the server draws the step from (Chromium through puppeteer-core,
 * which Lighthouse itself drives; Lighthouse's Node API, mobile as its CLI). The states name the benchmark database's own lot, vehicle type and airline; steps 7 and 8 show a
 * real online booking made through the API first (its payment form needs Stripe.js, which this machine
 * cannot download: step 7 is scored as it shows without it).
 */
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { addDaysToDate, businessDate, businessInstant } from '@parking/domain/dates';
import { WIZARD_COOKIE, WIZARD_COOKIE_PATH, wizardCookieValue } from '@parking/domain/wizard-cookie';
import { API } from './knobs';
import { JSONAPI, onlineBookingDoc } from './server-process';
import { TIME_ZONE } from './setup';
import type { LighthouseFigure } from './web';

const WIZARD_STORAGE_KEY = 'skypark.bookingWizard';

export interface WizardIds {
  lotId: number;
  lotName: string;
  lotSlug: string;
  vehicleTypeId: number;
  vehicleTypeName: string;
  airlineId: number;
  airlineName: string;
}

interface SavedBooking {
  id: string;
  bookingCode: string;
  clientSecret: string | null;
  totalCost: string;
  status: string;
  email: string;
}

/** The wizard's stored state with the steps before `step` answered (apps/web's WizardState, version 1). */
function wizardState(
  step: number,
  ids: WizardIds,
  stay: { startDate: string; endDate: string },
  booking: SavedBooking | null,
) {
  const completed = step - 1;
  return {
    version: 1,
    id: `bench-${step}`,
    completed,
    finished: step === 8,
    quote: {
      ...stay,
      lotId: String(ids.lotId),
      lotSlug: ids.lotSlug,
      lotName: ids.lotName,
      price: '52.00',
    },
    details:
      completed >= 2
        ? {
            title: 'Ms',
            firstName: 'Grace',
            lastName: 'Racer',
            phoneNumber: '0400 123 456',
            email: booking?.email ?? 'grace.racer@example.com',
            business: '',
          }
        : null,
    car:
      completed >= 3
        ? {
            vehicle: '',
            rego: 'GRACE1',
            make: 'Toyota',
            model: 'Corolla',
            colour: 'White',
            vehicleType: String(ids.vehicleTypeId),
            vehicleTypeName: ids.vehicleTypeName,
          }
        : null,
    flights:
      completed >= 4
        ? {
            sameDay: false,
            airlineOut: String(ids.airlineId),
            notFlyingOut: false,
            flightOut: '',
            flightNumberOut: 'QF1502',
            flightTimeOut: '06:00:00',
            busDepartureTime: '05:00:00',
            airlineIn: String(ids.airlineId),
            notFlyingIn: false,
            flightIn: '',
            flightNumberIn: 'QF1511',
            flightTimeIn: '18:00:00',
            passengersOut: 2,
            passengersIn: 2,
            confirmed: true,
            airlineOutName: ids.airlineName,
            airlineInName: ids.airlineName,
            flightOutLabel: 'QF1502',
            flightInLabel: 'QF1511',
          }
        : null,
    extras: { ids: [], prices: {}, names: {}, promoCode: '', discountRate: '0' },
    booking: step >= 7 ? booking : null,
  };
}

/** A guest's online booking through the API (wizard step 6's save), for steps 7 and 8 to show. */
async function saveBooking(
  base: string,
  ids: WizardIds,
  startDate: string,
  endDate: string,
): Promise<SavedBooking> {
  const document = onlineBookingDoc(
    { lotId: ids.lotId, vehicleTypeId: ids.vehicleTypeId, airlineId: ids.airlineId },
    businessInstant(startDate, '06:00:00', TIME_ZONE),
    businessInstant(endDate, '18:00:00', TIME_ZONE),
    987_654,
  );
  const response = await fetch(`${base}${API}/bookings/`, {
    method: 'POST',
    headers: { 'content-type': JSONAPI, accept: JSONAPI },
    body: JSON.stringify(document),
  });
  const body = (await response.json()) as {
    data?: { id: string; attributes: Record<string, unknown>; meta?: Record<string, unknown> };
    meta?: Record<string, unknown>;
  };
  if (response.status !== 201 || !body.data)
    throw new Error(`the booking for steps 7-8 answered ${response.status}`);
  const attributes = body.data.attributes;
  const secret = body.data.meta?.clientSecret ?? body.meta?.clientSecret ?? attributes.clientSecret ?? null;
  return {
    id: body.data.id,
    bookingCode: String(attributes.bookingCode ?? ''),
    clientSecret: typeof secret === 'string' ? secret : null,
    totalCost: String(attributes.totalCost ?? '0.00'),
    status: String(attributes.status ?? 'pending'),
    email: String(attributes.email ?? ''),
  };
}

/** Why a report has no performance score: Lighthouse's runtime error, or the first metric that failed. */
function unscoredBecause(report: {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { errorMessage?: string }>;
}): { error?: string } {
  if (report.categories.performance?.score != null) return {};
  if (report.runtimeError) return { error: `${report.runtimeError.code}: ${report.runtimeError.message}` };
  const failed = Object.entries(report.audits).find(([, audit]) => audit.errorMessage);
  return failed ? { error: `${failed[0]}: ${failed[1].errorMessage}` } : {};
}

/** Lighthouse (mobile) on /booking/step-2 … step-8, each opened with its wizard state. */
export async function wizardStepScores(base: string, ids: WizardIds): Promise<LighthouseFigure[]> {
  const startDate = addDaysToDate(businessDate(new Date(), TIME_ZONE), 160);
  const stay = { startDate, endDate: addDaysToDate(startDate, 3) };
  const booking = await saveBooking(base, ids, stay.startDate, stay.endDate);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const figures: LighthouseFigure[] = [];
  try {
    for (let step = 2; step <= 8; step += 1) {
      const page = await browser.newPage();
      const state = JSON.stringify(wizardState(step, ids, stay, booking));
      // The wizard writes its answers to its cookie too, which the server draws the step from (issue 39).
      const cookie = wizardCookieValue(state);
      if (cookie)
        await page.setCookie({ name: WIZARD_COOKIE, value: cookie, url: `${base}${WIZARD_COOKIE_PATH}` });
      await page.evaluateOnNewDocument(
        // Runs in the page: its sessionStorage, before the app's scripts read it.
        (key: string, value: string) =>
          (
            globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
          ).sessionStorage.setItem(key, value),
        WIZARD_STORAGE_KEY,
        state,
      );
      const path = `/booking/step-${step}`;
      const result = await lighthouse(
        `${base}${path}`,
        { onlyCategories: ['performance', 'accessibility', 'best-practices'], logLevel: 'error' },
        undefined,
        page,
      );
      const report = result?.lhr;
      if (!report) throw new Error(`Lighthouse gave no report for ${path}`);
      const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
      const metric = (name: string) => Math.round(report.audits[name]?.numericValue ?? NaN);
      figures.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
        // Where the page ended up: a step shown without its state would send the traveller back to step 1.
        finalUrl: report.finalDisplayedUrl,
        ...unscoredBecause(report),
      });
      if (report.categories.performance?.score == null)
        console.warn(
          `Lighthouse could not score ${path}: ${unscoredBecause(report).error ?? 'no reason given'}`,
        );
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
