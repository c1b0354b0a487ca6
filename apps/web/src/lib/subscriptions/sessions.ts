/**
 * Subscribe and Manage subscription (public-site §7): the server opens a checkout or billing-portal
 * session with the payment provider and answers its URL, which the browser then opens. With Stripe that
 * is Stripe's hosted page; with the local provider it is this site's own /local-checkout or /local-billing.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  BillingSessionAttributes,
  CheckoutSessionAttributes,
} from '@parking/domain/api-contract/accounts';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';
import { paymentPageHref } from '@/lib/payment-pages';
import { redirectTo } from '@/lib/redirect';

/** POST checkout-sessions with the user and the product's (last) price: `{sessionId, url}`. */
async function createCheckoutSession(userId: string, priceId: string): Promise<CheckoutSessionAttributes> {
  const document = await apiRequest<SingleDocument<CheckoutSessionAttributes>>('checkout-sessions', {
    method: 'POST',
    body: writeDocument(
      'checkout-sessions',
      {},
      { relationships: { user: { type: 'users', id: userId }, price: { type: 'prices', id: priceId } } },
    ),
  });
  return document.data.attributes;
}

/** POST billing-sessions with the user: `{url}` of the provider's billing portal. */
async function createBillingSession(userId: string): Promise<BillingSessionAttributes> {
  const document = await apiRequest<SingleDocument<BillingSessionAttributes>>('billing-sessions', {
    method: 'POST',
    body: writeDocument('billing-sessions', {}, { relationships: { user: { type: 'users', id: userId } } }),
  });
  return document.data.attributes;
}

export type ProviderVisit = { kind: 'subscribe'; priceId: string } | { kind: 'manage' };

/**
 * Opens the provider's checkout or billing portal for `userId`. `leaving` stays set from the answer
 * until the browser has left, so that the buttons keep their wait instead of coming back to life; a
 * return through the browser's Back button (page restored from its cache) clears it.
 */
export function useProviderVisit(userId: string) {
  const [leaving, setLeaving] = useState<ProviderVisit | null>(null);
  const mutation = useMutation({
    mutationFn: async (visit: ProviderVisit) =>
      visit.kind === 'subscribe'
        ? createCheckoutSession(userId, visit.priceId)
        : createBillingSession(userId),
    onSuccess: ({ url }, visit) => {
      setLeaving(visit);
      redirectTo(paymentPageHref(url));
    },
  });

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const busy = mutation.isPending ? mutation.variables : leaving;
  return { open: mutation.mutate, error: mutation.error, reset: mutation.reset, busy };
}
