import type { WaitlistPlaceAttributes } from '@parking/domain/api-contract/waitlist';
import { formatDateShort } from '@parking/domain/dates';
import { waitlistMessages } from '@parking/domain/waitlist-messages';
import { formatDateTime } from '@/lib/format';

/** The entry's stay as the emails word it: one date, or from and to. */
const stay = (place: WaitlistPlaceAttributes) =>
  place.startDate === place.endDate
    ? formatDateShort(place.startDate)
    : `${formatDateShort(place.startDate)} to ${formatDateShort(place.endDate)}`;

/** What the entry's state means for the traveller, in a sentence (the waitlist page and the confirmation's). */
export function statusText(place: WaitlistPlaceAttributes): string {
  switch (place.status) {
    case 'pending':
      return `Your place on the waitlist for ${place.lotName}, ${stay(place)}, is not confirmed yet: open the link in the email we sent you.`;
    case 'offered':
      return `A place is held for you at ${place.lotName} for ${stay(place)} until ${formatDateTime(place.holdExpiresAt)}.`;
    case 'waiting':
      return `You are on the waitlist for ${place.lotName}, ${stay(place)}. We will email you as soon as a place frees up.`;
    case 'booked':
      return `You have booked your place at ${place.lotName} for ${stay(place)}.`;
    case 'lapsed':
      return waitlistMessages.holdLapsed;
    default:
      return waitlistMessages.left;
  }
}
