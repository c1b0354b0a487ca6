/**
 * Emails fit a phone (issue 22, item 7): each email a traveller gets, as the server sent it, rendered
 * in Chromium at 320 and 390 px wide, scrolls no way but down (scrollWidth <= clientWidth).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { registerByApi, uniqueEmail } from '../support/accounts';
import { mailTo, type CapturedMail } from '../support/mail';
import { API, JSONAPI, paidBooking } from '../support/paid-booking';

const WIDTHS = [320, 390] as const;

/** The email's HTML laid out at `width`: how wide its content is and how wide the window. */
async function layoutAt(browser: Browser, html: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
  } finally {
    await context.close();
  }
}

async function keepEmailScreenshot(browser: Browser, testInfo: TestInfo, mail: CapturedMail, name: string) {
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  try {
    const page = await context.newPage();
    await page.setContent(mail.html, { waitUntil: 'load' });
    const dir = path.join(import.meta.dirname, '..', 'test-results', 'screens');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `email-${name}-320.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`email-${name}-320`, { path: file, contentType: 'image/png' });
  } finally {
    await context.close();
  }
}

async function waitForMail(
  request: Parameters<typeof mailTo>[0],
  to: string,
  subject: RegExp,
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(request, to)).find((mail) => subject.test(mail.subject));
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`no email "${subject.source}" to ${to}`);
  return found;
}

test.describe('emails on a phone', () => {
  test('the confirmation, cancellation and account emails fit 320 and 390 px without scrolling sideways', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    // A long address, as travellers have: it must wrap, not widen the email.
    const email = uniqueEmail(testInfo, 'email-layout-with-a-rather-long-address-name');
    const booking = await paidBooking(request, { email, fromDay: 82, rego: 'MAILW1' });
    const mails: Array<[string, CapturedMail]> = [
      ['confirmation', await waitForMail(request, email, /^Booking confirmed/)],
    ];

    // Cancelled through manage my booking, with the code and email.
    const session = await request.post(`${API}/manage-booking-sessions/`, {
      headers: JSONAPI,
      data: {
        data: { type: 'manage-booking-sessions', attributes: { bookingCode: booking.code, email } },
      },
    });
    expect(session.status(), await session.text()).toBe(201);
    const token = ((await session.json()) as { data: { attributes: { token: string } } }).data.attributes
      .token;
    const cancelled = await request.post(`${API}/manage-bookings/${booking.id}/cancellation/`, {
      headers: { ...JSONAPI, 'x-manage-token': token },
      data: { data: { type: 'cancellations', attributes: {} } },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    mails.push(['cancellation', await waitForMail(request, email, /has been cancelled$/)]);

    // The account emails: confirm the address, and reset the password.
    const account = await registerByApi(request, uniqueEmail(testInfo, 'email-layout-account'));
    mails.push(['confirm-email', await waitForMail(request, account.email, /./)]);
    const reset = await request.post(`${API}/password-resets/`, {
      headers: JSONAPI,
      data: { data: { type: 'password-resets', attributes: { email: account.email } } },
    });
    expect(reset.status(), await reset.text()).toBeLessThan(300);
    await expect.poll(async () => (await mailTo(request, account.email)).length).toBe(2);
    const [, resetMail] = await mailTo(request, account.email);
    if (resetMail) mails.push(['password-reset', resetMail]);
    expect(mails).toHaveLength(4);

    for (const [name, mail] of mails) {
      for (const width of WIDTHS) {
        const layout = await layoutAt(browser, mail.html, width);
        expect(layout.clientWidth, `${name} at ${width} px`).toBe(width);
        expect(layout.scrollWidth, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(
          layout.clientWidth,
        );
      }
      await keepEmailScreenshot(browser, testInfo, mail, name);
    }
  });
});
