/**
 * Delivery problems (issue 37, Admins): the emails, texts and refunds the server's job queue gave up on
 * after five failures in a row. GET delivery-problems/ lists them, newest failure first (up to 200, no
 * paging); POST delivery-problems/:id/retry/ runs one once more; DELETE delivery-problems/:id/ discards it.
 * Both answer 404 "This delivery problem has already been dealt with." once it is gone.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { ListDocument, Resource } from '@/lib/api/jsonapi';

const DELIVERY_PROBLEMS = 'delivery-problems';

export interface DeliveryProblemAttributes {
  /** In a person's words: "Email: Reset your password", "Email and text: flight delayed". */
  what: string;
  /** The address (or number) it was for. */
  to: string;
  lastError: string;
  attempts: number;
  failedAt: string;
  created: string;
}

export type DeliveryProblem = Resource<DeliveryProblemAttributes>;

const deliveryProblemKeys = {
  all: ['admin', DELIVERY_PROBLEMS] as const,
};

export const deliveryProblemsQuery = queryOptions({
  queryKey: deliveryProblemKeys.all,
  queryFn: async ({ signal }): Promise<DeliveryProblem[]> =>
    (await apiRequest<ListDocument<DeliveryProblemAttributes>>(DELIVERY_PROBLEMS, { signal })).data,
  // Jobs fail and get retried behind the screen's back: every visit asks afresh.
  staleTime: 0,
});

export type DeliveryAction = 'retry' | 'discard';

/** Runs the job once more (retry) or drops it (discard). */
async function settleDeliveryProblem(id: string, action: DeliveryAction): Promise<void> {
  const path = `${DELIVERY_PROBLEMS}/${encodeURIComponent(id)}`;
  await (action === 'retry'
    ? apiRequest<unknown>(`${path}/retry`, { method: 'POST', body: {} })
    : apiRequest<unknown>(path, { method: 'DELETE' }));
}

/**
 * Retry or Discard; whatever the answer, the list loads afresh, because a problem already dealt with
 * elsewhere (a 404) is gone from it too.
 */
export function useSettleDeliveryProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DeliveryAction }) => settleDeliveryProblem(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryProblemKeys.all }),
  });
}
