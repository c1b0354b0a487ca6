/**
 * Partner API keys: `spk_` and 43 characters of base64url (32 random bytes). Stored as the sha256 of the whole key
 * (a key this random needs no slow hash: no dictionary reaches it), with its first characters in clear.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PARTNER_KEY_PREFIX, PARTNER_KEY_VISIBLE } from '@parking/domain/partners';

export const hashPartnerKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function newPartnerKey(): { key: string; prefix: string; hash: string } {
  const key = `${PARTNER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PARTNER_KEY_VISIBLE), hash: hashPartnerKey(key) };
}
