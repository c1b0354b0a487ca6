/**
 * The "Manage my booking" link of a booking's emails carries a token signed with SESSION_SECRET for that
 * booking: it opens the booking without its code and email until 30 days after its pick-up. The page
 * exchanges it (POST manage-booking-links/) for the one-hour token the manage calls take
 * (auth/manage-tokens.ts); its own purpose in the signature keeps one from passing for the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long after its pick-up a booking's emailed link still opens it (the receipt, a late question). */
export const MANAGE_LINK_DAYS_AFTER_STAY = 30;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`manage-link:${payload}`).digest('base64url');

export function issueManageLinkToken(
  secret: string,
  booking: { id: number; startDatetime: Date; endDatetime: Date | null },
): string {
  const end = booking.endDatetime ?? booking.startDatetime;
  const expires = Math.floor(end.getTime() / 1000) + MANAGE_LINK_DAYS_AFTER_STAY * 86_400;
  const payload = `${booking.id}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The booking id an emailed link's token opens, or null when it is forged, malformed or expired. */
export function readManageLinkToken(secret: string, token: string, now: Date): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(sign(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[2]) * 1000 <= now.getTime()) return null;
  return Number(match[1]);
}
