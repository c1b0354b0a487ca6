import { useMutation } from '@tanstack/react-query';
import type { ContactSubmissionInput } from '@parking/domain/contact';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

/** Contact (public-site §7): save a contact-submissions resource. */
export function useSendMessage() {
  return useMutation({
    mutationFn: (values: ContactSubmissionInput) =>
      apiRequest<unknown>('contact-submissions', {
        method: 'POST',
        body: writeDocument('contact-submissions', {
          name: values.name,
          email: values.email,
          phoneNumber: values.phoneNumber,
          message: values.message,
        }),
      }),
  });
}
