import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@parking/domain/accounts';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';
import { sessionQueryKey } from '@/lib/auth/session';

/** Profile (public-site §7): save the customer's title, names, phone and business. */
export function useUpdateProfile(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiRequest<unknown>(`customers/${customerId}`, {
        method: 'PATCH',
        body: writeDocument(
          'customers',
          {
            title: input.title,
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber,
            business: input.business,
          },
          { id: customerId },
        ),
      }),
    // The header's name and initials come from the session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
