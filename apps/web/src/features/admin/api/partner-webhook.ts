/**
 * A partner's webhook (issue 42, Admins): GET partners/:id/webhook/ answers the address the partner registered
 * (never its secret) and its last pushes; POST partners/:id/webhook/push/ pushes its whole horizon now, through
 * the job queue (202; 409 when it has no webhook or is paused).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerWebhookAttributes } from '@parking/domain/api-contract/partners';
import { apiRequest } from '@/lib/api/client';
import type { SingleDocument } from '@/lib/api/jsonapi';

const webhookKey = (partnerId: string) => ['admin', 'partner-webhooks', partnerId] as const;
const webhookPath = (partnerId: string) => `partners/${encodeURIComponent(partnerId)}/webhook`;

export const partnerWebhookQuery = (partnerId: string) =>
  queryOptions({
    queryKey: webhookKey(partnerId),
    queryFn: async ({ signal }): Promise<PartnerWebhookAttributes> =>
      (await apiRequest<SingleDocument<PartnerWebhookAttributes>>(webhookPath(partnerId), { signal })).data
        .attributes,
    // Pushes go out behind the screen's back: every visit asks afresh.
    staleTime: 0,
  });

/** Push Availability Now; the last pushes load afresh whatever the answer. */
export function usePushAvailabilityNow(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(`${webhookPath(partnerId)}/push`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKey(partnerId) }),
  });
}
