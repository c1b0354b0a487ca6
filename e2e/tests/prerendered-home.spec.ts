import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, login, openAccountMenu } from '../support/accounts';
import { appAttached, holdAppScript } from '../support/app-attached';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { quietStay } from '../support/booking';

// The server sends the home page rendered (apps/server/src/http/prerender.ts, apps/web/src/entry-server.tsx)
// to visitors without a session; the browser's app then hydrates that HTML.
test.describe('pre-rendered home page', () => {
  test.describe('with no script run', () => {
    test.use({ javaScriptEnabled: false });

    test('arrives rendered: header, heading, quote form and content are in the HTML', async ({ page }) => {
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      const html = (await response?.text()) ?? '';
      expect(html).toContain('id="prerendered-state"');
      // Nothing holds the first paint back for a round trip: the font rules come inline, not as a stylesheet.
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html).toMatch(/<style>@font-face\{font-family:Inter Variable/);

      await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText('WELCOME10');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\w/);
      const quote = page.getByRole('form', { name: 'Get a quote' });
      await expect(quote.getByLabel('Departure date')).toBeVisible();
      await expect(quote.getByLabel('Return date')).toBeVisible();
      await expect(quote.getByRole('button', { name: 'Get a quote' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'How it works' })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('heading', { name: 'Booked with us before?' }),
      ).toBeVisible();
      // Styled by the CSS sent with it: the heading is the theme's navy, not the browser's black.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(15, 45, 82)');
      // The HTML is in the order a phone shows it (the form, then the carousel): a page drawn while it is
      // still arriving only grows below what is shown, with no form appearing above the carousel to push
      // it down (Lighthouse measured that shift at 0.05).
      const formFirst = await quote.evaluate((form) => {
        const carousel = document.querySelector('[aria-roledescription="carousel"]');
        return (
          carousel !== null &&
          (form.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
        );
      });
      expect(formFirst).toBe(true);
    });
  });

  /** The console errors and uncaught exceptions of `page` from now on (a hydration mismatch logs one). */
  function pageProblems(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return problems;
  }

  const hydrated = appAttached;
  // Stays every car park can take whatever today is: clear of the demo's Christmas and New Year closures.
  const open = quietStay(20, 5);
  const later = quietStay(30, 4);

  const inDays = (days: number) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Hobart',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(Date.now() + days * 86_400_000));

  test('the app takes the page over as it is: no element re-created, a date typed meanwhile kept, no error', async ({
    page,
  }) => {
    const problems = pageProblems(page);
    const release = await holdAppScript(page);
    // Not 'domcontentloaded': that waits for the (held) module script.
    await page.goto('/', { waitUntil: 'commit' });
    // An element React re-created (a hydration mismatch renders the page again from scratch) loses the mark.
    await page
      .getByRole('heading', { level: 1 })
      .evaluate((heading) => heading.setAttribute('data-before-hydration', 'yes'));
    const quote = page.getByRole('form', { name: 'Get a quote' });
    await quote.getByLabel('Departure date').fill(inDays(40));
    release();
    await hydrated(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('data-before-hydration', 'yes');
    await expect(quote.getByLabel('Departure date')).toHaveValue(inDays(40));
    await expectNoSeriousA11yViolations(page);
    await quote.getByRole('button', { name: 'Get a quote' }).click();
    // The wizard's first step takes the dates (and drops them from its address once it has them: with the
    // quote already fetched by the home form, that can be at once).
    await expect(page).toHaveURL(/\/booking\/step-1/);
    await expect(page.getByRole('form', { name: 'Get Quote' }).getByLabel('Departure date')).toHaveValue(
      inDays(40),
    );
    expect(problems).toEqual([]);
  });

  test('hydrating compiles no CSS: every class the components ask for came with the page', async ({
    page,
  }) => {
    // entry-server.tsx sends the inner classes of composed components (a Button on a ButtonBase) too,
    // which the markup does not name: without them the browser compiled and inserted ~140 rules while
    // hydrating, most of its commit.
    // A phone, as Lighthouse's: on a wider screen the reviews carousel shows more reviews side by side once
    // it has measured the screen (a grid class of its own, after hydration).
    await page.setViewportSize({ width: 412, height: 823 });
    // Idle once hydrated: the page then fetches the quote step's code (quote-speed.spec.ts), after its commit.
    await page.goto('/', { waitUntil: 'networkidle' });
    await hydrated(page);
    const insertedByTheBrowser = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')).reduce(
        (rules, style) => rules + (style.sheet?.cssRules.length ?? 0),
        0,
      ),
    );
    expect(insertedByTheBrowser).toBe(0);
  });

  test('a quote asked for before the app has started still reaches the wizard with its dates', async ({
    page,
  }) => {
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const quote = page.getByRole('form', { name: 'Get a quote' });
    await quote.getByLabel('Departure date').fill(later.startDate);
    await quote.getByLabel('Return date').fill(later.endDate);
    await quote.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/booking/step-1\\?start=${later.startDate}&end=${later.endDate}$`),
    );
    release();
    await expect(page.getByLabel('Departure date')).toHaveValue(later.startDate);
    await expect(page.getByLabel('Return date')).toHaveValue(later.endDate);
  });

  test('a signed-in customer gets the page made for them, whether the session is a cookie or a saved token', async ({
    page,
  }) => {
    await login(page, demo.customer);
    const reload = await page.reload();
    // A session cookie: the plain app, rendered in the browser for this customer.
    expect(await reload?.text()).not.toContain('id="prerendered-state"');
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();

    // Only the saved token left: the server cannot tell and pre-renders the visitor's page; the browser
    // renders the customer's instead of taking that one over.
    await page.context().clearCookies();
    const again = await page.reload();
    expect(await again?.text()).toContain('id="prerendered-state"');
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'My Bookings' })).toBeVisible();
  });

  test.describe("the wizard's first step and content pages", () => {
    test("arrive rendered: the quotes of the dates asked for, and a content page's text", async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(`/booking/step-1?start=${open.startDate}&end=${open.endDate}`);
      expect(await response?.text()).toContain('id="prerendered-state"');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get Quote');
      await expect(page.getByRole('radio', { name: /Outdoor/ })).toHaveAccessibleName(/for 5 days/);
      await expect(page.getByRole('radio', { name: /Indoor/ })).toHaveAccessibleName(/\$\d+/);
      // Drawn as the step will be once started: the car park it chooses, and Continue to press.
      await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
      await expect(page.getByRole('main').getByRole('button', { name: 'Continue' })).toBeEnabled();
      // The price calendar comes with them: no placeholder pulsing until a request made after load is answered.
      await expect(page.getByRole('list', { name: 'Prices of nearby departure days' })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading the price calendar' })).toHaveCount(0);

      const faq = await page.goto('/faq');
      expect(await faq?.text()).toContain('id="prerendered-state"');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
      // A path the content backend does not know is the browser's 404 page, never pre-rendered.
      expect(await (await page.goto('/no-such-page'))?.text()).not.toContain('id="prerendered-state"');
      await context.close();
    });

    test('the app takes step 1 over as it is, and the traveller books on from it', async ({ page }) => {
      const problems = pageProblems(page);
      const release = await holdAppScript(page);
      await page.goto(`/booking/step-1?start=${open.startDate}&end=${open.endDate}`, { waitUntil: 'commit' });
      const outdoor = page.getByRole('radio', { name: /Outdoor/ });
      await expect(outdoor).toHaveAccessibleName(/for 5 days/);
      await outdoor.evaluate((radio) => radio.setAttribute('data-before-hydration', 'yes'));
      release();
      await hydrated(page);
      await expect(outdoor).toHaveAttribute('data-before-hydration', 'yes');
      await expect(outdoor).toBeChecked();
      await page.getByRole('main').getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/booking\/step-2$/);
      expect(problems).toEqual([]);
    });

    test('the app takes the FAQ over question by question, as it is, in the font it was painted in', async ({
      page,
    }) => {
      const problems = pageProblems(page);
      const release = await holdAppScript(page);
      await page.goto('/faq', { waitUntil: 'commit' });
      const questions = page.getByRole('main').getByRole('button', { expanded: false });
      await expect(questions).toHaveCount(8);
      await questions.evaluateAll((buttons) =>
        buttons.forEach((button) => button.setAttribute('data-before-hydration', 'yes')),
      );
      release();
      await hydrated(page);
      // Each question is attached in a task of its own (HydrateLater), to the button the server drew.
      const last = page.getByRole('button', { name: 'How does the unlimited parking subscription work?' });
      await expect(last).toHaveAttribute('data-before-hydration', 'yes');
      await expect(async () => {
        await last.click();
        await expect(last).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
      }).toPass();
      await expect(page.locator('[data-before-hydration]')).toHaveCount(8);
      // Inter never swaps in after the first paint (a second layout, and the answers moved: apps/web/src/fonts.css).
      const displays = await page.evaluate(() => {
        const seen: string[] = [];
        document.fonts.forEach((font) => seen.push(font.display));
        return seen;
      });
      expect(displays.length).toBeGreaterThan(0);
      expect(new Set(displays)).toEqual(new Set(['optional']));
      expect(problems).toEqual([]);
    });

    test("the first click is answered by the app, however soon: the page's clicks wait for it to take over", async ({
      page,
    }) => {
      // The home page's "Get a quote" as the visitor's very first move: the pointer reaching the button starts
      // the app, and the click is given to it (the wizard opens in the same document, not by a new page load).
      // A slow phone (or a busy CI machine): the app's start takes longer than a click waits for the app's script
      // to arrive (HOLD_LIMIT_MS). The script was fetched ahead once the page had loaded, so the click still waits
      // for the app. Here the start is made slow by serving the script again 2 s late (routing turns the
      // browser's cache off, so the import fetches it anew).
      const app = /data-app="([^"]+)"/.exec(await (await page.request.get('/')).text())?.[1];
      expect(app).toBeDefined();
      let slowStart = false;
      await page.route('**/assets/*.js', async (route) => {
        if (slowStart && route.request().url().endsWith(String(app))) await page.waitForTimeout(2000);
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
      slowStart = true;
      await page
        .getByRole('form', { name: 'Get a quote' })
        .getByRole('button', { name: 'Get a quote' })
        .click();
      await expect(page).toHaveURL(/\/booking\/step-1/);
      await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await page.unrouteAll();

      // Step 1 sent for a first visit (a new tab: this one has a booking under way): Continue pressed at once
      // takes the traveller on.
      const tab = await page.context().newPage();
      await tab.goto(`/booking/step-1?start=${open.startDate}&end=${open.endDate}`, {
        waitUntil: 'networkidle',
      });
      // Not taken over yet: nothing has reached for the page.
      expect(await tab.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
      await tab.getByRole('main').getByRole('button', { name: 'Continue' }).click();
      await expect(tab).toHaveURL(/\/booking\/step-2$/);
      await tab.close();
    });

    test('a car park chosen before the app has taken the step over is the one booked', async ({ page }) => {
      const release = await holdAppScript(page);
      // A stay every car park can take whatever today is (a closed day's cards cannot be chosen).
      const { startDate, endDate } = quietStay(45, 4);
      await page.goto(`/booking/step-1?start=${startDate}&end=${endDate}`, { waitUntil: 'commit' });
      // The browser checks the radio of the card clicked, with no script run yet.
      await page.locator('[data-lot="indoor"]').click();
      await expect(page.getByRole('radio', { name: /Indoor/ })).toBeChecked();
      release();
      await hydrated(page);
      await expect(page.getByRole('radio', { name: /Indoor/ })).toBeChecked();
      await expect(page.getByRole('radio', { name: /Outdoor/ })).not.toBeChecked();
      // The booking has it too: the price calendar follows the chosen car park.
      await expect(page.getByRole('region', { name: 'Flexible dates?' })).toContainText('Indoor');
    });

    test('the login form arrives rendered, and what was typed before the app took it over logs in', async ({
      page,
    }) => {
      const problems = pageProblems(page);
      const release = await holdAppScript(page);
      const response = await page.goto('/login', { waitUntil: 'commit' });
      expect(await response?.text()).toContain('id="prerendered-state"');
      const form = page.getByRole('form', { name: 'Login' });
      // Typed (or filled in by a password manager) while the app is still on its way.
      await form.getByLabel('Email').fill(demo.customer);
      await form.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      release();
      await hydrated(page);
      await expect(form.getByLabel('Email')).toHaveValue(demo.customer);
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await openAccountMenu(page);
      expect(problems).toEqual([]);
    });

    test('a booking under way in the tab is drawn afresh, not as the page sent for a first visit', async ({
      page,
    }) => {
      await page.goto(`/booking/step-1?start=${open.startDate}&end=${open.endDate}`);
      await hydrated(page);
      await expect(page.getByRole('radio', { name: /Outdoor/ })).toBeChecked();
      // The tab keeps the wizard's state (with these dates): a reload of the bare step shows them.
      const reload = await page.goto('/booking/step-1');
      expect(await reload?.text()).toContain('id="prerendered-state"');
      await expect(page.getByLabel('Departure date')).toHaveValue(open.startDate);
      await expect(page.getByLabel('Return date')).toHaveValue(open.endDate);
    });
  });
});
