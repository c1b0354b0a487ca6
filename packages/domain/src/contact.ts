/** The contact form (public-site §3 contact-submissions, §5 "Contact form"): name, email and message required, phone optional. */
import { z } from 'zod';
import { EMAIL_PATTERN, optionalText, requiredText } from './fields';
import { messages } from './messages';

export const contactSubmissionSchema = z.object({
  name: requiredText(100),
  email: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, { error: messages.emailRequired, abort: true })
    .max(254, { error: 'Ensure this field has no more than 254 characters.' })
    // The contact form's own wording (public-site §5).
    .regex(EMAIL_PATTERN, { error: messages.contactEmailInvalid })
    .transform((value) => value.toLowerCase()),
  phoneNumber: optionalText(30),
  message: requiredText(5000),
});
export type ContactSubmissionInput = z.output<typeof contactSubmissionSchema>;

export const contactMessages = {
  tooMany: 'Too many messages from your network. Please try again later, or give us a call.',
  tooManyFromAddress: 'Too many messages from this email address. Please try again later, or give us a call.',
  failure: (detail: string) => `Sorry, the following error has occured: ${detail}`,
} as const;
