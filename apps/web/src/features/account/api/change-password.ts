import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

/** Change password (public-site §7): a user update carrying the current password and the new one. */
export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (input: { currentPassword: string; password: string }) =>
      apiRequest<unknown>(`users/${userId}`, {
        method: 'PATCH',
        body: writeDocument(
          'users',
          { currentPassword: input.currentPassword, password: input.password },
          { id: userId },
        ),
      }),
  });
}
