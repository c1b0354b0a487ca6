/**
 * Server documents linked from the app (issue 22, item 3): the calendar file, the invoice and the back
 * office's CSV files open as documents (a download, or the PDF in its own tab), never the app's
 * not-found page, and no empty tab is left behind for a file that downloads.
 */
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { login, demo, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { keepScreenshot } from '../support/booking';
import { paidBooking } from '../support/paid-booking';

/** The wizard as it stands after a paid booking: step 8 with the booking saved (what step 7 leaves). */
async function openSuccessPage(page: Page, booking: Awaited<ReturnType<typeof paidBooking>>, email: string) {
  const state = {
    version: 1,
    id: `e2e-${booking.id}`,
    completed: 7,
    finished: true,
    quote: {
      startDate: booking.stay.startDate,
      endDate: booking.stay.endDate,
      lotId: '',
      lotSlug: 'outdoor',
      lotName: 'Outdoor',
      price: booking.total,
    },
    details: {
      title: 'Ms',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '0400 123 456',
      email,
      business: '',
    },
    car: null,
    flights: null,
    extras: { ids: [], prices: {}, names: {}, promoCode: '', discountRate: '0' },
    booking: {
      id: booking.id,
      bookingCode: booking.code,
      clientSecret: booking.clientSecret,
      totalCost: booking.total,
      amountPaid: booking.total,
      status: 'complete',
      email,
    },
  };
  await page.addInitScript((stored) => {
    window.sessionStorage.setItem('skypark.bookingWizard', stored);
  }, JSON.stringify(state));
  await page.goto('/booking/step-8');
  // The step's code is loaded on demand: a loaded machine can take longer than an expectation's 5 s.
  await expect(page.getByTestId('booking-code')).toHaveText(booking.code, { timeout: 20_000 });
}

test.describe('server documents', () => {
  test('the success page’s Add to calendar downloads the .ics and Download invoice opens the PDF', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'documents');
    const booking = await paidBooking(request, { email, fromDay: 50, rego: 'DOC1' });
    await openSuccessPage(page, booking, email);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Manage my booking' })).toHaveAttribute(
      'href',
      `/manage-booking?code=${booking.code}`,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`booking-${booking.code}.ics`);
    const ics = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(ics).toString('utf8')).toContain('BEGIN:VCALENDAR');
    // Still the success page: the router did not take the link to its not-found page, and no tab opened.
    await expect(page).toHaveURL(/\/booking\/step-8$/);
    await expect(page.getByText('404 Not Found')).toHaveCount(0);
    await expect(page.getByTestId('booking-code')).toHaveText(booking.code);
    expect(context.pages()).toHaveLength(1);

    // The invoice opens as a PDF in a tab of its own.
    const [invoice] = await Promise.all([
      context.waitForEvent('page'),
      main.getByRole('link', { name: 'Download invoice' }).click(),
    ]);
    await expect.poll(() => invoice.url()).toContain(`/backend/api/v1/bookings/${booking.id}/invoice/`);
    const pdf = await page.request.get(invoice.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await invoice.close();
    await expect(page).toHaveURL(/\/booking\/step-8$/);
    await keepScreenshot(page, testInfo, 'success-documents');
    await expectNoSeriousA11yViolations(page);
  });

  test('the success page’s wallet links download the pass and open Google’s save link (issue 41)', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'wallet');
    const booking = await paidBooking(page.request, { email, fromDay: 52, rego: 'WAL1' });
    await openSuccessPage(page, booking, email);
    const main = page.getByRole('main');
    const wallets = main.getByRole('group', { name: 'Add your booking to a wallet' });
    const apple = wallets.getByRole('link', { name: 'Add to Apple Wallet' });
    const google = wallets.getByRole('link', { name: 'Add to Google Wallet' });
    await expect(google).toHaveAttribute(
      'href',
      /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    await expect(google).toHaveAttribute('target', '_blank');
    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toBe(`booking-${booking.code}.pkpass`);
    const zip = unzipSync(new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray())));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature']));
    const pass = JSON.parse(strFromU8(zip['pass.json'] ?? new Uint8Array())) as {
      barcodes: Array<{ message: string }>;
    };
    expect(pass.barcodes[0]?.message).toBe(booking.code);
    // The save link's JWT is Google's: aud google, typ savetowallet, the booking's code in its object.
    const jwt = (await google.getAttribute('href'))?.split('/').at(-1) ?? '';
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      aud: string;
      typ: string;
      payload: { genericObjects: Array<{ barcode: { value: string } }> };
    };
    expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet' });
    expect(claims.payload.genericObjects[0]?.barcode.value).toBe(booking.code);
    await expect(page).toHaveURL(/\/booking\/step-8$/);
    await keepScreenshot(page, testInfo, 'success-wallets');
    await expectNoSeriousA11yViolations(page);
  });

  test('the back office’s KPI Summary and Export CSV download their files, with no empty tab left', async ({
    page,
    context,
  }) => {
    test.skip(test.info().project.name !== 'desktop', 'back-office desk work: desktop only');
    await login(page, demo.admin);
    await page.goto('/admin/reports?start_date=2026-01-01&end_date=2026-02-10');
    // Opened in a new tab (back-office §2), which closes itself once the file downloads.
    const [kpi] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'KPI Summary' }).click(),
    ]);
    expect(kpi.suggestedFilename()).toBe('kpi-summary-2026-02.csv');
    await expect(page).toHaveURL(/\/admin\/reports\?/);
    await expect.poll(() => context.pages().length).toBe(1);

    await page.goto('/admin/bookings?rego=a');
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).not.toHaveAttribute('aria-disabled', 'true');
    const [csv] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    await expect(page).toHaveURL(/\/admin\/bookings/);
    await expect(page.getByText('404 Not Found')).toHaveCount(0);
    await expect.poll(() => context.pages().length).toBe(1);
  });
});
