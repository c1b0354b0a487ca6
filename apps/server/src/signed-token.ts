/**
 * A stateless token naming one record until a time: `id.expires.signature`, the signature an HMAC of the
 * payload under SESSION_SECRET and a purpose. Any server instance can check it and none has to remember
 * it; the purpose keeps a token issued for one use from passing for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

/** A token for `id`, valid until `expires` (to the second). */
export function issueSignedToken(secret: string, purpose: string, id: number, expires: Date): string {
  const payload = `${id}.${Math.floor(expires.getTime() / 1000)}`;
  return `${payload}.${sign(secret, purpose, payload)}`;
}

/** The id a token names, or null when it is forged, malformed, for another purpose or expired. */
export function readSignedToken(secret: string, purpose: string, token: string, now: Date): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(sign(secret, purpose, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[2]) * 1000 <= now.getTime()) return null;
  return Number(match[1]);
}
