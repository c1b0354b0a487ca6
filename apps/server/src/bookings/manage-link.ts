/**
 * The "Manage my booking" link of a booking's emails carries a token signed with SESSION_SECRET for that
 * booking and the address it was sent to: it opens the booking without its code and email until 30 days after
 * its pick-up, and no longer once the booking's email has changed (its new owner's details are not the old
 * address's to see) or the booking is cancelled (bookings/manage-booking-routes.ts). The page
 * exchanges it (POST manage-booking-links/) for the one-hour token the manage calls take
 * (bookings/manage-tokens.ts); its own purpose in the signature keeps one from passing for the other.
 */
import { issueSignedToken, readSignedToken } from '../signed-token';

/** How long after its pick-up a booking's emailed link still opens it (the receipt, a late question). */
const MANAGE_LINK_DAYS_AFTER_STAY = 30;

/** The address is part of what is signed: a link sent to one address opens nothing once the booking has another. */
const purpose = (email: string) => `manage-link:${email.trim().toLowerCase()}`;

export function issueManageLinkToken(
  secret: string,
  booking: { id: number; email: string; startDatetime: Date; endDatetime: Date | null },
): string {
  const end = booking.endDatetime ?? booking.startDatetime;
  return issueSignedToken(
    secret,
    purpose(booking.email),
    booking.id,
    new Date(end.getTime() + MANAGE_LINK_DAYS_AFTER_STAY * 86_400_000),
  );
}

/** The booking a token says it is for, before anything is checked (to read that booking's address). */
export function manageLinkBookingId(token: string): number | null {
  const match = /^(\d{1,10})\./.exec(token);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * The booking id an emailed link's token opens, given that booking's address now, or null when it is forged,
 * malformed, expired or was sent to another address.
 */
export const readManageLinkToken = (
  secret: string,
  token: string,
  now: Date,
  currentEmail: string,
): number | null => readSignedToken(secret, purpose(currentEmail), token, now);
