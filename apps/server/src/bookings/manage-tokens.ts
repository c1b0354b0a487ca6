/**
 * A guest's short-lived access to one booking, earned by its code and email (manage my booking).
 * Stateless and signed with SESSION_SECRET, so that any server instance can check it and none has
 * to remember it; it expires on its own after MANAGE_TOKEN_TTL_MS.
 */
import { issueSignedToken, readSignedToken } from '../signed-token';

const MANAGE_TOKEN_TTL_MS = 60 * 60_000;
export const MANAGE_TOKEN_HEADER = 'x-manage-token';

const PURPOSE = 'manage-booking';

export function issueManageToken(
  secret: string,
  bookingId: number,
  now: Date,
  ttlMs = MANAGE_TOKEN_TTL_MS,
): { token: string; expires: Date } {
  const expires = new Date(now.getTime() + ttlMs);
  return { token: issueSignedToken(secret, PURPOSE, bookingId, expires), expires };
}

/** The booking id a token opens, or null when it is forged, malformed or expired. */
export const readManageToken = (secret: string, token: string, now: Date): number | null =>
  readSignedToken(secret, PURPOSE, token, now);
