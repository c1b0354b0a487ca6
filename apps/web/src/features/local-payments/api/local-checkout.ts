/** The local provider's checkout session (its page's data) and paying for it with a card. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  LocalCheckoutCompletionAttributes,
  LocalCheckoutSessionAttributes,
} from '@parking/domain/api-contract/accounts';
import type { CardInput } from '@parking/domain/cards';
import { digitsOnly } from '@parking/domain/cards';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';

/** The checkout's page (the API contract's attributes and the id); only an 'open' one can be paid. */
export type LocalCheckoutSession = LocalCheckoutSessionAttributes & { id: string };

const sessionPath = (sessionId: string) => `local-checkout-sessions/${encodeURIComponent(sessionId)}`;

export const localCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['local-checkout-sessions', sessionId],
    queryFn: async ({ signal }): Promise<LocalCheckoutSession> => {
      const document = await apiRequest<SingleDocument<LocalCheckoutSessionAttributes>>(
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
      const document = await apiRequest<SingleDocument<LocalCheckoutCompletionAttributes>>(
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
