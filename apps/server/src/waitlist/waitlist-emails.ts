/**
 * The waitlist's emails: the confirmation asked for on joining (the only one sent before the address is
 * proved, issue 38), the welcome once confirmed (with the way off the list), and when a place is held.
 */
import { PENDING_CONFIRMATION_HOURS } from '@parking/domain/waitlist';
import { businessLocalDatetime, formatDateShort, formatTime12 } from '@parking/domain/dates';
import type { Config } from '../config/config';
import type { MailMessage } from '../mail/mailer';
import { message } from '../mail/templates';
import {
  waitlistConfirmationToken,
  waitlistConfirmationUrl,
  waitlistPageUrl,
  waitlistToken,
} from './waitlist-link';

interface Entry {
  id: number;
  nonce: string;
  email: string;
  startDate: string;
  endDate: string;
  holdExpiresAt: Date | null;
}

const formatStay = (entry: { startDate: string; endDate: string }): string =>
  entry.startDate === entry.endDate
    ? formatDateShort(entry.startDate)
    : `${formatDateShort(entry.startDate)} to ${formatDateShort(entry.endDate)}`;

/**
 * Sent on joining, to whatever address was typed: it says who asked for nothing more than the stay, and asks
 * nothing of a stranger but to ignore it.
 */
export function waitlistConfirmationMessage(config: Config, entry: Entry, lotName: string): MailMessage {
  const url = waitlistConfirmationUrl(config, waitlistConfirmationToken(config.sessionSecret, entry));
  return message(
    entry.email,
    `Confirm your place on the waitlist for ${lotName}, ${formatStay(entry)}`,
    'Confirm your place on the waitlist',
    [
      `We were asked to put this email address on the waitlist for ${lotName}, ${formatStay(entry)}. You are on the waitlist once you confirm with the button below, within ${PENDING_CONFIRMATION_HOURS} hours.`,
      'If you did not ask for this, ignore this email: nothing more will be sent.',
    ],
    { label: 'Confirm my place', url },
  );
}

export function waitlistJoinedMessage(config: Config, entry: Entry, lotName: string): MailMessage {
  const url = waitlistPageUrl(config, waitlistToken(config.sessionSecret, entry));
  return message(
    entry.email,
    `You are on the waitlist for ${lotName}, ${formatStay(entry)}`,
    'You are on the waitlist',
    [
      `${lotName} is full for ${formatStay(entry)}. As soon as a place frees up, the first traveller on the waitlist gets an email and the place is held for them for ${config.waitlistHoldMinutes} minutes.`,
      'You do not need to do anything now. If your plans change, you can leave the waitlist at any time.',
    ],
    { label: 'See my place on the waitlist', url },
    { label: 'Leave the waitlist', url: `${url}?leave=1` },
  );
}

export function waitlistOfferMessage(
  config: Config,
  entry: Entry,
  lotName: string,
  timeZone: string,
): MailMessage {
  const url = waitlistPageUrl(config, waitlistToken(config.sessionSecret, entry));
  const until = entry.holdExpiresAt
    ? `${formatTime12(businessLocalDatetime(entry.holdExpiresAt, timeZone).slice(11))} on ${formatDateShort(
        businessLocalDatetime(entry.holdExpiresAt, timeZone).slice(0, 10),
      )}`
    : '';
  return message(
    entry.email,
    `A place is free for you: ${lotName}, ${formatStay(entry)}`,
    'A place is free for you',
    [
      `A place has freed up at ${lotName} for ${formatStay(entry)}, and we are holding it for you until ${until}.`,
      'Book it with the button below. After that time the place goes to the next traveller on the waitlist.',
    ],
    { label: 'Book my place', url },
    { label: 'Leave the waitlist', url: `${url}?leave=1` },
  );
}
