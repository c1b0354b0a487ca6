import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';
import { sessionQueryKey } from '@/lib/auth/session';

/** Confirm email (public-site §7): POST email-confirmations with uid and token from the emailed link. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uid: string; token: string }) =>
      apiRequest<unknown>('email-confirmations', {
        method: 'POST',
        body: writeDocument('email-confirmations', { uid: input.uid, token: input.token }),
      }),
    // A signed-in user's "email confirmed" flag has just changed: My Bookings opens up.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
