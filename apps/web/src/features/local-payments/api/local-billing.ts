/** The local provider's billing portal session: the customer's subscriptions, cancelled or renewed at period end. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LocalBillingSessionAttributes,
  LocalBillingSubscription,
} from '@parking/domain/api-contract/accounts';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';

/** A subscription in the portal, as the API contract has it. */
export type PortalSubscription = LocalBillingSubscription;

/** The portal's page: the API contract's attributes and the id. */
export type LocalBillingSession = LocalBillingSessionAttributes & { id: string };

const sessionPath = (sessionId: string) => `local-billing-sessions/${encodeURIComponent(sessionId)}`;
const queryKey = (sessionId: string) => ['local-billing-sessions', sessionId] as const;

export const localBillingQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKey(sessionId),
    queryFn: async ({ signal }): Promise<LocalBillingSession> => {
      const document = await apiRequest<SingleDocument<LocalBillingSessionAttributes>>(
        sessionPath(sessionId),
        { signal },
      );
      return { ...document.data.attributes, id: document.data.id };
    },
  });

/** Cancel at the end of the paid period, or take that back (Stripe's cancel_at_period_end). */
export function useSetCancelAtPeriodEnd(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      subscriptionId,
      cancelAtPeriodEnd,
    }: {
      subscriptionId: string;
      cancelAtPeriodEnd: boolean;
    }) =>
      apiRequest<unknown>(`${sessionPath(sessionId)}/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        method: 'POST',
        body: writeDocument('local-billing-subscriptions', { cancelAtPeriodEnd }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKey(sessionId) }),
  });
}

/** A subscription that still runs (and so can be cancelled or renewed). */
export const isLive = (subscription: PortalSubscription) =>
  subscription.status === 'active' || subscription.status === 'trialing';
