import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

/** Resend confirmation (public-site §7): POST confirmation-email-requests with the user's email. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>('confirmation-email-requests', {
        method: 'POST',
        body: writeDocument('confirmation-email-requests', { email }),
      }),
  });
}
