import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@parking/domain/accounts';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

/** Register (public-site §7): POST users; the server emails a confirmation link. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiRequest<unknown>('users', {
        method: 'POST',
        body: writeDocument('users', {
          email: input.email,
          password: input.password,
          title: input.title,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber,
          business: input.business,
        }),
      }),
  });
}
