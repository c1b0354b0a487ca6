import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

/** Forgot password (public-site §7): POST password-resets with the email; the server sends the link. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>('password-resets', {
        method: 'POST',
        body: writeDocument('password-resets', { email }),
      }),
  });
}

export interface PasswordResetConfirmation {
  uid: string;
  token: string;
  newPassword1: string;
  newPassword2: string;
}

/** Set password (public-site §7): POST password-reset-confirmations; serves both a reset and a welcome link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmation) =>
      apiRequest<unknown>('password-reset-confirmations', {
        method: 'POST',
        body: writeDocument('password-reset-confirmations', { ...input }),
      }),
  });
}
