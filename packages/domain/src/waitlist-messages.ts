/**
 * The waitlist's texts (waitlist.ts), on their own, with the email check the join form makes before asking
 * the server: the quote form that offers the waitlist is on the home page, whose scripts carry no zod.
 */
import { messages } from './messages';

export const waitlistMessages = {
  // The same words whether or not the address was on the list already (issue 38): the answer reveals nothing.
  joined: 'Check your email: open the link we have sent to confirm your place on the waitlist.',
  confirmationInvalid:
    'This confirmation link is not valid or has expired. Join the waitlist again from the quote for your dates.',
  notFull: 'This car park has space for these dates: you can book it now.',
  endBeforeStart: 'The return date must be on or after the departure date.',
  pastDate: 'Date must be today or later.',
  linkInvalid: 'This waitlist link is not valid.',
  holdLapsed: 'The place held for you has been released to the next traveller on the waitlist.',
  holdMismatch: 'The place held for you is for other dates or another car park.',
  left: 'You have left the waitlist.',
  tooMany: 'Too many waitlist requests from your network. Please try again later, or give us a call.',
  tooManyForAddress:
    'Too many waitlist requests for this email address. Please try again later, or give us a call.',
} as const;

/** The join form's email check (the server's schema says the same): a message, or '' when it will do. */
export function waitlistEmailProblem(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) return messages.emailRequired;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? '' : messages.emailInvalid;
}
