/**
 * Google Wallet: the "Add to Google Wallet" link is https://pay.google.com/gp/v/save/{jwt}, the JWT signed (RS256)
 * with the issuer's service-account key and carrying the pass's class and object; once saved, the object is kept
 * current through the Wallet API (PATCH walletobjects/v1/genericObject/{id}, with an OAuth token the same key
 * asks for). The local adapter signs with a key generated once per process and records each update.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { Database } from '../db/client';
import { walletDeliveries } from '../db/schema/index';
import type { GoogleObjectUpdates, GoogleServiceAccount } from './wallet-provider';

const keyFileSchema = z.object({ client_email: z.string().email(), private_key: z.string().min(1) });

export function readServiceAccount(file: string): GoogleServiceAccount {
  const parsed = keyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { clientEmail: parsed.client_email, privateKey: parsed.private_key, publicKey: null };
}

let generated: GoogleServiceAccount | undefined;

export function developmentServiceAccount(): GoogleServiceAccount {
  if (generated) return generated;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  generated = { clientEmail: 'wallet@skypark-local.iam.gserviceaccount.com', privateKey, publicKey };
  return generated;
}

const signer = (account: GoogleServiceAccount) => importPKCS8(account.privateKey, 'RS256');

/** The save link: a JWT of `typ` savetowallet whose payload carries the class and the object. */
export async function googleSaveUrl(
  account: GoogleServiceAccount,
  payload: { genericClasses: unknown[]; genericObjects: unknown[] },
  origin: string,
  now: Date,
): Promise<string> {
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(await signer(account));
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

export function createGoogleApiUpdates(
  settings: { apiUrl: string; tokenUrl: string },
  account: GoogleServiceAccount,
): GoogleObjectUpdates {
  let cached: { token: string; until: number } | undefined;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now() + 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.clientEmail)
      .setAudience(settings.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await signer(account));
    const response = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Google's token endpoint answered ${response.status}`);
    const body = z.object({ access_token: z.string(), expires_in: z.number() }).parse(await response.json());
    cached = { token: body.access_token, until: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }
  return {
    async patch(objectId, object) {
      const url = `${settings.apiUrl}/walletobjects/v1/genericObject/${encodeURIComponent(objectId)}`;
      const response = await fetch(url, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(object),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 404) return false;
      if (!response.ok)
        throw new Error(
          `Google Wallet answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
        );
      return true;
    },
  };
}

export function createLocalGoogleUpdates(database: Database): GoogleObjectUpdates {
  return {
    async patch(objectId, object, serialNumber) {
      await database.insert(walletDeliveries).values({
        kind: 'google-update',
        target: objectId,
        serialNumber,
        payload: object,
      });
      return true;
    },
  };
}
