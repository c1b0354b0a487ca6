import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  WaitlistConfirmationAttributes,
  WaitlistPlaceAttributes,
} from '@parking/domain/api-contract/waitlist';
import { apiRequest } from '@/lib/api/client';
import type { SingleDocument } from '@/lib/api/jsonapi';

const placePath = (token: string) => `waitlist-places/${encodeURIComponent(token)}`;

/** The traveller's entry as the emailed link opens it (GET waitlist-places/{token}/). */
export const waitlistPlaceQuery = (token: string) =>
  queryOptions({
    queryKey: ['waitlist-place', token],
    queryFn: async ({ signal }) =>
      (await apiRequest<SingleDocument<WaitlistPlaceAttributes>>(placePath(token), { signal })).data
        .attributes,
    retry: false,
  });

/** Leaving the list from the link (DELETE waitlist-places/{token}/): the page shows the entry as it is then. */
export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<SingleDocument<WaitlistPlaceAttributes>>(placePath(token), { method: 'DELETE' })).data
        .attributes,
    onSuccess: (place) => queryClient.setQueryData(waitlistPlaceQuery(token).queryKey, place),
  });
}

/**
 * The confirmation link opened (POST waitlist-confirmations/ with its token): the entry as it is then. A query
 * rather than a mutation fired from an effect: asked once per token, and asking again changes nothing on the
 * server, so a second render or a reload shows the same.
 */
export const waitlistConfirmationQuery = (token: string) =>
  queryOptions({
    queryKey: ['waitlist-confirmation', token],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SingleDocument<WaitlistConfirmationAttributes>>('waitlist-confirmations', {
          method: 'POST',
          signal,
          body: { data: { type: 'waitlist-confirmations', attributes: { token } } },
        })
      ).data.attributes,
    retry: false,
    staleTime: Infinity,
  });
