import { expect, test } from '@playwright/test';
import { login, demo, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, adminToken, keepScreenshot } from '../support/booking';
import { appAttached } from '../support/app-attached';

test.describe('home page and content pages', () => {
  test(
    'the quote form is in the first screen (before the carousel on a phone), both dates today (public-site §2)',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/');
      await appAttached(page);
      const quote = page.getByRole('form', { name: 'Get a quote' });
      const submit = quote.getByRole('button', { name: 'Get a quote' });
      await expect(submit).toBeVisible();
      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      const button = await submit.boundingBox();
      // The whole form, its button included, shows without scrolling.
      expect((button?.y ?? Infinity) + (button?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      if (testInfo.project.name === 'phone') {
        const carousel = await page.getByRole('region', { name: 'How it works' }).boundingBox();
        expect(carousel?.y ?? 0).toBeGreaterThan(button?.y ?? Infinity);
      }
      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Australia/Hobart',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date());
      await expect(quote.getByLabel('Departure date')).toHaveValue(today);
      await expect(quote.getByLabel('Return date')).toHaveValue(today);
      await keepScreenshot(page, testInfo, 'home-first-screen');
    },
  );

  test(
    'the home page: carousel, quote form, call to action, columns, location and quotes from the content backend',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/');
      await appAttached(page);
      await expect(page).toHaveTitle('Home | SkyPark Airport Parking');
      // The header's announcement and menu come from the content backend.
      await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText('WELCOME10');

      const carousel = page.getByRole('region', { name: 'How it works' });
      await expect(carousel.getByRole('heading', { name: 'Park and leave the keys' })).toBeVisible();
      await carousel.getByRole('button', { name: 'Pause the slides' }).click();
      await carousel.getByRole('button', { name: /Show step 2/ }).click();
      await expect(carousel.getByRole('heading', { name: 'A lift to airport check-in' })).toBeVisible();
      await carousel.getByRole('button', { name: /Show step 3/ }).click();
      await expect(carousel.getByRole('heading', { name: 'Enjoy the trip' })).toBeVisible();

      const quote = page.getByRole('form', { name: 'Get a quote' });
      await expect(quote.getByRole('button', { name: 'Get a quote' })).toBeEnabled();
      await quote.getByLabel('Departure date').fill('2020-01-01');
      await expect(quote.getByText('Date must be in the future')).toBeVisible();
      await expect(quote.getByRole('button', { name: 'Get a quote' })).toBeDisabled();

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Booked with us before?' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Log On' })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Valet from the door' })).toBeVisible();
      await expect(main.getByRole('img', { name: /Map: SkyPark Airport Parking/ })).toBeVisible();
      const directions = main.getByRole('link', { name: /Get Directions/ });
      await expect(directions).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
      );
      await expect(directions).toHaveAttribute('target', '_blank');
      await expect(main.getByRole('heading', { name: 'What travellers say' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Get a quote' })).toHaveAttribute(
        'href',
        '/booking/step-1',
      );
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }),
      ).toHaveAttribute('href', '/privacy-policy');
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'home-content');
    },
  );

  test('a signed-in customer is offered Subscribe and Save with a contact-us button', async ({ page }) => {
    await login(page, demo.customer);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Subscribe and Save' })).toBeVisible();
    await main.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });

  test(
    'content pages in their layouts: feature image, page with an accordion',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/about-us');
      await appAttached(page);
      await expect(page).toHaveTitle('About us | SkyPark Airport Parking');
      await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
      await expect(page.getByRole('img', { name: /valet driver handing car keys/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'How we look after your car' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'about-us');

      await page
        .getByRole('banner')
        .getByRole('link', { name: 'FAQ' })
        .or(page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }))
        .first()
        .click();
      await expect(page).toHaveURL('/faq');
      await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
      const question = page.getByRole('button', { name: 'What happens if I miss my bus?' });
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(/\$10 per car administration fee/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, testInfo, 'faq');

      await page.goto('/terms-and-conditions');
      await appAttached(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    },
  );

  test('the contact page sends a message that staff can read', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'contact');
    await page.goto('/contact-us');
    await appAttached(page);
    await expect(page).toHaveTitle('Contact us | SkyPark Airport Parking');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(
      page.getByRole('main').getByRole('link', { name: 'bookings@skypark.example' }),
    ).toHaveAttribute('href', 'mailto:bookings@skypark.example');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('This field is required.')).toHaveCount(2);
    await expect(form.getByText('Email address required')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('Priya Shah');
    await form.getByRole('textbox', { name: 'Email' }).fill('priya-at-example');
    await form.getByRole('textbox', { name: 'Message' }).fill('Can I leave a roof box on the car?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Email must be valid')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Submission was successful.').first()).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await keepScreenshot(page, testInfo, 'contact-us');

    const token = await adminToken(request);
    const messages = await adminApi(
      request,
      token,
      'GET',
      `contact-submissions/?filter[email]=${encodeURIComponent(email)}`,
    );
    expect(
      (messages.body as { data: { attributes: { name: string; message: string } }[] }).data.map(
        (row) => row.attributes,
      ),
    ).toEqual([
      expect.objectContaining({ name: 'Priya Shah', message: 'Can I leave a roof box on the car?' }),
    ]);
  });

  test('an unknown path shows 404 Not Found and the Page not found snackbar', async ({ page }, testInfo) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Not Found | SkyPark Airport Parking');
    // Once the snackbar has finished appearing: mid-fade, its text is faint.
    await page.waitForTimeout(400);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, testInfo, 'not-found');
  });
});
