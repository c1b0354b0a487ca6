/**
 * A partner's monthly statement (issue 42, item 5, Admins): GET partners/{id}/statements/{month}/ answers its lines
 * and figures; its PDF and CSV are plain GETs opened in a new tab (…/pdf/, …/csv/, authorised by the session cookie);
 * POST partner-payments/ marks a payment received for the month, once per submissionKey.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerStatementAttributes } from '@parking/domain/api-contract/partners';
import { apiRequest, apiUrl } from '@/lib/api/client';
import type { Resource } from '@/lib/api/jsonapi';
import { invalidateTypes } from '@/lib/api/resource-queries';
import { ref, saveResource } from '@/lib/api/resources';

const statementKeys = {
  all: ['admin', 'partner-statements'] as const,
  one: (partnerId: string, month: string) => ['admin', 'partner-statements', partnerId, month] as const,
};

const statementPath = (partnerId: string, month: string) =>
  `partners/${encodeURIComponent(partnerId)}/statements/${encodeURIComponent(month)}`;

export const partnerStatementQuery = (partnerId: string, month: string) =>
  queryOptions({
    queryKey: statementKeys.one(partnerId, month),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: Resource<PartnerStatementAttributes> }>(statementPath(partnerId, month), {
          signal,
        })
      ).data.attributes,
    // A payment marked, a booking changed: every visit asks afresh.
    staleTime: 0,
  });

/** The statement as a PDF or a CSV file, opened in a new tab. */
export const statementDocumentHref = (partnerId: string, month: string, format: 'pdf' | 'csv') =>
  apiUrl(`${statementPath(partnerId, month)}/${format}`);

export interface PaymentReceived {
  month: string;
  amount: string;
  receivedOn: string;
  reference: string;
  /** Made when the form opened: the same payment sent twice is recorded once. */
  submissionKey: string;
}

/** Marks a payment received; the partner's statements load afresh. */
export function useMarkPaymentReceived(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: PaymentReceived) =>
      saveResource('partner-payments', {
        attributes: { ...payment },
        relationships: { partner: ref('partners', partnerId) },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: statementKeys.all });
      await invalidateTypes(queryClient, 'partner-payments');
    },
  });
}
