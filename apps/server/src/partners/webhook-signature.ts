/**
 * The signature of a partner's availability message (issue 42, item 3), as Stripe signs its webhooks: the header
 * `SkyPark-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the webhook's secret>`. A partner
 * recomputes it over the raw body and refuses a message whose timestamp is further than the tolerance from its
 * clock (a replay). The README's "Partner webhooks" section shows the partner's side.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'SkyPark-Signature';
/** How far a message's timestamp may be from the receiver's clock: 5 minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new webhook secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The header's value for `body` sent at `now`. */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Whether a header signs `body` under `secret`, within the tolerance of `now` (the receiver's check). */
export function verifySignature(secret: string, body: string, header: string, now: Date): boolean {
  const parts = new Map(
    header.split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(hmac(secret, timestamp, body), 'hex'));
}
