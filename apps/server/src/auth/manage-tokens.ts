/**
 * A guest's short-lived access to one booking, earned by its code and email (manage my booking).
 * Stateless and signed with SESSION_SECRET, so that any server instance can check it and none has
 * to remember it; it expires on its own after MANAGE_TOKEN_TTL_MS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MANAGE_TOKEN_TTL_MS = 60 * 60_000;
export const MANAGE_TOKEN_HEADER = 'x-manage-token';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`manage-booking:${payload}`).digest('base64url');

export function issueManageToken(
  secret: string,
  bookingId: number,
  now: Date,
  ttlMs = MANAGE_TOKEN_TTL_MS,
): { token: string; expires: Date } {
  const expires = new Date(now.getTime() + ttlMs);
  const payload = `${bookingId}.${Math.floor(expires.getTime() / 1000)}`;
  return { token: `${payload}.${sign(secret, payload)}`, expires };
}

/** The booking id a token opens, or null when it is forged, malformed or expired. */
export function readManageToken(secret: string, token: string, now: Date): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(sign(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[2]) * 1000 <= now.getTime()) return null;
  return Number(match[1]);
}
