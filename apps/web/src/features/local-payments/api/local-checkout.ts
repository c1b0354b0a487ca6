/** The local provider's checkout session (its page's data) and paying for it with a card. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CardInput } from '@parking/domain/cards';
import { digitsOnly } from '@parking/domain/cards';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';

export interface LocalCheckoutSession {
  id: string;
  /** Stripe's words: 'open' until paid, then 'complete'; anything else can no longer be paid. */
  status: string;
  email: string;
  productName: string;
  productDescription: string;
  amount: string;
  interval: string;
  intervalCount: number;
  successUrl: string;
  cancelUrl: string;
}

const sessionPath = (sessionId: string) => `local-checkout-sessions/${encodeURIComponent(sessionId)}`;

export const localCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['local-checkout-sessions', sessionId],
    queryFn: async ({ signal }): Promise<LocalCheckoutSession> => {
      const document = await apiRequest<SingleDocument<Omit<LocalCheckoutSession, 'id'>>>(
        sessionPath(sessionId),
        { signal },
      );
      return { ...document.data.attributes, id: document.data.id };
    },
  });

/** POST …/complete/ with the card: the simulated issuer's answer, `{successUrl}` or its refusal as an error. */
export function useCompleteLocalCheckout(sessionId: string) {
  return useMutation({
    mutationFn: async (card: CardInput) => {
      const document = await apiRequest<SingleDocument<{ successUrl: string }>>(
        `${sessionPath(sessionId)}/complete`,
        {
          method: 'POST',
          body: writeDocument('local-checkout-sessions', {
            number: digitsOnly(card.number),
            expiry: card.expiry,
            cvc: card.cvc,
          }),
        },
      );
      return document.data.attributes;
    },
  });
}
