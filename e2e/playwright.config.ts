import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two runs share a machine (a developer's and another's).
const PORT = Number(process.env.E2E_PORT ?? 8010);
const baseURL = `http://127.0.0.1:${PORT}`;

// Every run starts the server on an empty data directory, so it migrates and seeds the demo data
// afresh and no run sees another's bookings. Playwright loads this file again in each worker process:
// the directory is created once, by the runner, and handed to the workers through the environment.
// Setting E2E_DATA_DIR yourself reuses (and keeps) a directory, which helps when debugging.
const DATA_DIR_VARIABLE = 'E2E_DATA_DIR';
let dataDir = process.env[DATA_DIR_VARIABLE];
if (!dataDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'parking-e2e-'));
  dataDir = created;
  process.env[DATA_DIR_VARIABLE] = created;
  // By 'exit' Playwright has already stopped the server, so nothing still writes to the directory.
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}

const isCI = Boolean(process.env.CI);
const EXCLUSIVE = /\.exclusive\.spec\.ts$/;
// The journeys whose screens change shape on a phone run again at 390 px with touch: the tests tagged
// @phone (the wizard, the customer's pages, the header's menus and dialog, content pages, the back office's
// phone layout). A journey that says nothing new at a second size (its forms, emails, refusals and labels are
// the same) runs once, on the desktop; the email spec renders both widths itself.
const PHONE_JOURNEYS = [
  'accounts',
  'admin-desk-rows',
  'admin-phone',
  'app-shell',
  'booking',
  'booking-phone-layout',
  'content',
  'customer-area',
  'manage-booking',
  'manage-booking-findable',
  'money-labels',
  'running-total',
  'subscription-receipts',
  'unavailable-reasons',
  'wizard-prerendered',
].map((name) => `**/${name}.spec.ts`);
const PHONE_ONLY = [/admin-phone\.spec\.ts$/, /booking-phone-layout\.spec\.ts$/];

export default defineConfig({
  testDir: './tests',
  // E2E_OUTPUT_DIR keeps a second run on the same machine from clearing this one's artefacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  // One retry, with CI set or not (.ci/run does not set it): on a loaded 2-core machine a journey now and then
  // misses a 5 s expectation (a date typed while the server is busy), and passes again alone; a test that fails
  // twice fails the run, and a flaky one is reported as such.
  retries: 1,
  // Two, with CI set too: the embedded database runs one transaction at a time, so more would only queue
  // behind it, but with one the server waits idle while the browser works (the run stays inside CI's time).
  workers: 2,
  timeout: 30_000,
  // An expectation waits up to 10 s (it returns as soon as it holds, so a passing journey takes no longer): under
  // two workers on 2 cores a back-office screen's first paint after a click (its code, its data, axe's last run
  // still settling) now and then took 5-6 s, and a 5 s wait failed journeys that were right.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    // The system Chromium; Playwright must never try to download a browser.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    locale: 'en-AU',
    timezoneId: 'Australia/Hobart',
    // On failure only, and the trace on the retry only: recording every action's DOM snapshot for every test
    // (to keep it when one fails) made each journey half as fast again on a 2-core machine, and under two
    // workers pushed 5 s expectations past their time. A test that fails twice leaves its trace.
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [EXCLUSIVE, ...PHONE_ONLY],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testMatch: PHONE_JOURNEYS,
      grep: /@phone/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      // Tests that change what every visitor sees (a full car park, an online-form blockout) run alone,
      // once the others have finished, so that no other journey meets their changes.
      name: 'exclusive',
      testMatch: EXCLUSIVE,
      // One at a time: each changes what the others would meet (a full car park, staff made to set up
      // two-factor sign-in).
      workers: 1,
      dependencies: ['desktop', 'phone'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production build: the server serves apps/web/dist itself (npm run test:e2e builds both first).
    command: 'node ../apps/server/dist/main.js',
    cwd: import.meta.dirname,
    url: `${baseURL}/backend/health/`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Request logs would drown the test list; start-up failures and crashes arrive on stderr.
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // Journeys log in, register and ask for emails many times from 127.0.0.1; the real limits
      // would lock them out.
      RATE_LIMIT_LOGIN_FAILURES: '1000',
      RATE_LIMIT_REGISTRATIONS: '1000',
      RATE_LIMIT_REGISTRATIONS_PER_EMAIL: '1000',
      RATE_LIMIT_ACCOUNT_REQUESTS: '1000',
      RATE_LIMIT_EMAIL_REQUESTS: '1000',
      RATE_LIMIT_IP_REQUESTS: '1000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
      RATE_LIMIT_UNPAID_HOLDS: '1000',
      RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE: '1000',
    },
  },
});
