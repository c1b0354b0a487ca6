/** Paying for a saved booking (public-site §7 "Card payment"): the provider, the local card form, the confirmation. */
import { queryOptions } from '@tanstack/react-query';
import type { PaymentConfigAttributes } from '@parking/domain/api-contract/payments';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';

export const paymentConfigQuery = queryOptions({
  queryKey: ['payment-config'],
  queryFn: async ({ signal }): Promise<PaymentConfigAttributes> => {
    const document = await apiRequest<SingleDocument<PaymentConfigAttributes>>('payment-config', { signal });
    return document.data.attributes;
  },
  staleTime: Infinity,
});

/** The local simulation's card endpoint: the simulated issuer accepts or declines. */
export function payWithLocalCard(card: {
  clientSecret: string;
  number: string;
  expiry: string;
  cvc: string;
}) {
  return apiRequest<unknown>('local-payments', {
    method: 'POST',
    body: writeDocument('local-payments', card),
  });
}

/** Tells the server the payment went through; it asks the provider before marking the booking paid. */
export function confirmPayment(clientSecret: string) {
  return apiRequest<unknown>('payment-confirmations', {
    method: 'POST',
    body: writeDocument('payment-confirmations', { clientSecret }),
  });
}
