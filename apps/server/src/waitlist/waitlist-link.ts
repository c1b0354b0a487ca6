/**
 * The waitlist emails' link (/waitlist/{token}) opens the traveller's entry: to book a place held for them,
 * or to leave the list. The token is the entry's id and an HMAC (SESSION_SECRET) over it and the entry's
 * random nonce, so the database holds nothing that opens it and no token opens another entry. The confirmation
 * link (/waitlist/confirm/{token}, issue 38) is signed the same way for a purpose of its own, so that neither
 * token passes for the other: only the confirmation is sent before the address is proved.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config';

type Purpose = 'waitlist' | 'waitlist-confirmation';

const sign = (secret: string, purpose: Purpose, id: number, nonce: string) =>
  createHmac('sha256', secret).update(`${purpose}:${id}.${nonce}`).digest('base64url');

export function waitlistToken(
  secret: string,
  entry: { id: number; nonce: string },
  purpose: Purpose = 'waitlist',
): string {
  return `${entry.id}.${sign(secret, purpose, entry.id, entry.nonce)}`;
}

/** The token of the link that confirms an entry: its address's owner asked for it. */
export const waitlistConfirmationToken = (secret: string, entry: { id: number; nonce: string }): string =>
  waitlistToken(secret, entry, 'waitlist-confirmation');

/** The entry id a token names (not yet checked), or null when it is malformed. */
export function waitlistTokenId(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  const id = Number(match?.[1]);
  return match && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Whether `token` is the one issued for this entry. */
export function waitlistTokenMatches(
  secret: string,
  token: string,
  entry: { id: number; nonce: string },
  purpose: Purpose = 'waitlist',
): boolean {
  const expected = Buffer.from(waitlistToken(secret, entry, purpose));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const waitlistPageUrl = (config: Config, token: string): string =>
  `${config.publicUrl}/waitlist/${encodeURIComponent(token)}`;

export const waitlistConfirmationUrl = (config: Config, token: string): string =>
  `${config.publicUrl}/waitlist/confirm/${encodeURIComponent(token)}`;
