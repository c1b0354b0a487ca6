/**
 * The "Manage my booking" link of a booking's emails carries a token signed with SESSION_SECRET for that
 * booking: it opens the booking without its code and email until 30 days after its pick-up. The page
 * exchanges it (POST manage-booking-links/) for the one-hour token the manage calls take
 * (auth/manage-tokens.ts); its own purpose in the signature keeps one from passing for the other.
 */
import { issueSignedToken, readSignedToken } from '../signed-token';

/** How long after its pick-up a booking's emailed link still opens it (the receipt, a late question). */
export const MANAGE_LINK_DAYS_AFTER_STAY = 30;

const PURPOSE = 'manage-link';

export function issueManageLinkToken(
  secret: string,
  booking: { id: number; startDatetime: Date; endDatetime: Date | null },
): string {
  const end = booking.endDatetime ?? booking.startDatetime;
  return issueSignedToken(
    secret,
    PURPOSE,
    booking.id,
    new Date(end.getTime() + MANAGE_LINK_DAYS_AFTER_STAY * 86_400_000),
  );
}

/** The booking id an emailed link's token opens, or null when it is forged, malformed or expired. */
export const readManageLinkToken = (secret: string, token: string, now: Date): number | null =>
  readSignedToken(secret, PURPOSE, token, now);
