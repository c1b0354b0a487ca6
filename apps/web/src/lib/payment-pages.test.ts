import { describe, expect, it } from 'vitest';
import { ownSitePath, paymentPageHref } from './payment-pages';

describe('payment pages', () => {
  it('opens Stripe’s hosted pages as given', () => {
    expect(paymentPageHref('https://checkout.stripe.com/c/pay/cs_test_1#fid')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1#fid',
    );
    expect(paymentPageHref('https://billing.stripe.com/p/session/test_1')).toBe(
      'https://billing.stripe.com/p/session/test_1',
    );
  });

  it('opens the local provider’s pages on the origin the visitor is on', () => {
    expect(paymentPageHref('http://localhost:8000/local-checkout/cs_1')).toBe('/local-checkout/cs_1');
    expect(paymentPageHref('https://parking.test/local-billing/bps_1')).toBe('/local-billing/bps_1');
  });

  it('keeps URLs of this site as paths, and nothing else', () => {
    expect(ownSitePath('http://localhost:8000/profile?tab=subscribe')).toBe('/profile?tab=subscribe');
    expect(ownSitePath('/admin/customers')).toBe('/admin/customers');
    expect(ownSitePath('javascript:alert(1)')).toBe('/');
    expect(ownSitePath('//evil.example/steal')).toBe('/steal');
  });
});
