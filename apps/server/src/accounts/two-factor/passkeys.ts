/**
 * Passkeys (WebAuthn through @simplewebauthn/server): registration by a signed-in user, and authentication either
 * as a login's second step (the user's own passkeys offered) or alone (a discoverable passkey names its user).
 * User verification (a PIN, a fingerprint) is required, so that a passkey is two factors on its own.
 */
import type { FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { twoFactorMessages } from '@parking/domain/two-factor';
import type { TwoFactorConfig } from '../../config/config';
import type { Executor } from '../../db/client';
import { webauthnCredentials } from '../../db/schema/index';
import { DomainError } from '@parking/domain/errors';

export interface RelyingParty {
  rpId: string;
  origin: string;
}

/**
 * Production's relying party is PUBLIC_URL's (or WEBAUTHN_*); in development and tests it is the host the browser
 * asked for, so that http://localhost:PORT works whatever the port (WebAuthn refuses an IP address as RP ID).
 */
export function relyingParty(config: TwoFactorConfig, request: FastifyRequest): RelyingParty {
  return {
    rpId: config.rpId ?? request.hostname,
    origin: config.origin ?? `${request.protocol}://${request.host}`,
  };
}

const TRANSPORTS = new Set<string>(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const transportsOf = (values: readonly string[]): AuthenticatorTransportFuture[] =>
  values.filter((value): value is AuthenticatorTransportFuture => TRANSPORTS.has(value));

function userPasskeys(db: Executor, userId: number) {
  return db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
}

export async function registrationOptions(
  db: Executor,
  config: TwoFactorConfig,
  rp: RelyingParty,
  user: { id: number; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await userPasskeys(db, user.id);
  return generateRegistrationOptions({
    rpName: config.issuer,
    rpID: rp.rpId,
    userName: user.email,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks the browser's answer to the registration options; answers the credential to store, or a 400. */
export async function verifyRegistration(
  credential: Record<string, unknown>,
  expectedChallenge: string,
  rp: RelyingParty,
) {
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch {
    throw new DomainError('passkey_refused', twoFactorMessages.passkeyRefused, { field: 'credential' });
  }
  if (!result.verified)
    throw new DomainError('passkey_refused', twoFactorMessages.passkeyRefused, { field: 'credential' });
  const { credential: made } = result.registrationInfo;
  return {
    credentialId: made.id,
    publicKey: Buffer.from(made.publicKey).toString('base64url'),
    counter: made.counter,
    transports: made.transports ?? [],
  };
}

export async function authenticationOptions(
  rp: RelyingParty,
  allow: ReadonlyArray<{ credentialId: string; transports: string[] }> | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: 'required',
    ...(allow
      ? {
          allowCredentials: allow.map((row) => ({
            id: row.credentialId,
            transports: transportsOf(row.transports),
          })),
        }
      : {}),
  });
}

/**
 * Checks a passkey's answer to `expectedChallenge`: the credential must be registered (to `userId`, when the
 * login already knows who signs in). Answers the user it belongs to; moves its signature counter on.
 */
export async function verifyAuthentication(
  db: Executor,
  credential: Record<string, unknown>,
  expectedChallenge: string,
  rp: RelyingParty,
  now: Date,
  userId?: number,
): Promise<number> {
  const id = typeof credential.id === 'string' ? credential.id : '';
  const [row] = id
    ? await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.credentialId, id)).limit(1)
    : [];
  if (!row || (userId !== undefined && row.userId !== userId))
    throw new DomainError('passkey_unknown', twoFactorMessages.passkeyUnknown, { field: 'credential' });
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: transportsOf(row.transports),
      },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('not verified');
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw new DomainError('passkey_refused', twoFactorMessages.passkeyRefused, { field: 'credential' });
  }
  await db
    .update(webauthnCredentials)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(eq(webauthnCredentials.id, row.id));
  return row.userId;
}
