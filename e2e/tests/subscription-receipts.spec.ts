import { expect, test } from '@playwright/test';
import { apiLogin, loginOnPage, registerByApi, uniqueEmail } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { adminApi, keepScreenshot, quietStay } from '../support/booking';
import { linkFromMail, mailTo } from '../support/mail';
import { appAttached } from '../support/app-attached';

// Issue 40, item 5: a subscription payment emails a tax invoice, and a stay the subscription covers says so on
// its car park card ("Covered by your Unlimited indoor parking subscription") rather than a bare $0.

interface Resource<A = Record<string, unknown>> {
  id: string;
  attributes: A;
  relationships?: Record<string, { data: { id: string }[] | { id: string } | null }>;
}

test('a subscription payment emails a tax invoice, and a covered stay names the subscription @phone', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.setTimeout(90_000);
  const account = await registerByApi(request, uniqueEmail(testInfo, 'receipt'));
  await page.goto(await linkFromMail(request, account.email, '/confirm-email'));
  await expect(page.getByText('Your account has now been confirmed.')).toBeVisible();

  // Subscribed through the API as the customer (the checkout page itself is the subscriptions journey's).
  const { token, userId } = await apiLogin(playwright, testInfo, account.email, account.password);
  const listed = await adminApi(request, token, 'GET', 'products/?include=prices');
  const indoor = (listed.body as { data: Resource<{ metadata: { codename: string } }>[] }).data.find(
    (product) => product.attributes.metadata.codename === 'unlimited_indoor_parking',
  );
  const prices = indoor?.relationships?.prices?.data;
  const priceId = Array.isArray(prices) ? prices[0]?.id : undefined;
  expect(priceId).toBeTruthy();
  const checkout = await adminApi(request, token, 'POST', 'checkout-sessions/', {
    data: {
      type: 'checkout-sessions',
      relationships: {
        user: { data: { type: 'users', id: userId } },
        price: { data: { type: 'prices', id: priceId } },
      },
    },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  const sessionId = String((checkout.body as { data: Resource }).data.attributes.sessionId);
  const paid = await adminApi(request, token, 'POST', `local-checkout-sessions/${sessionId}/complete/`, {
    data: {
      type: 'local-checkout-sessions',
      attributes: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);

  // The tax invoice arrives (through the job queue): the plan, the amount and its GST.
  await expect
    .poll(async () => (await mailTo(request, account.email)).map((mail) => mail.subject))
    .toContainEqual(
      expect.stringMatching(/invoice S\d+-\d{8}: your Unlimited indoor parking subscription$/i),
    );
  const invoice = (await mailTo(request, account.email)).find((mail) => /invoice S\d+/i.test(mail.subject));
  expect(invoice?.text).toContain(
    'we have received your payment of $449.00 for your Unlimited indoor parking',
  );
  expect(invoice?.text).toMatch(/Total paid: \$449\.00, GST included \$40\.82\./);

  // Step 1 for an indoor stay inside the subscription: the card names it, with no bare $0.
  await page.goto('/login');
  await loginOnPage(page, account.email, account.password);
  const stay = quietStay(testInfo.project.name === 'phone' ? 25 : 20, 3);
  await page.goto(`/booking/step-1?start=${stay.startDate}&end=${stay.endDate}`);
  await appAttached(page);
  const card = page.locator('[data-lot="indoor"]');
  await expect(card).toContainText('Covered by your Unlimited indoor parking subscription');
  await expect(card).not.toContainText('$0');
  // The outdoor car park is not covered: its price as ever.
  await expect(page.locator('[data-lot="outdoor"]')).toContainText(/\$\d/);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, testInfo, 'step-1-covered-by-subscription');
});
