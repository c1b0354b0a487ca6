/**
 * A software passkey for the API tests: a P-256 key made with node:crypto, answering WebAuthn's registration
 * ("none" attestation) and authentication as a platform authenticator with user verification would. Its answers
 * are checked for real by @simplewebauthn/server: the CBOR, the authenticator data and the ECDSA signature.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string) => createHash('sha256').update(bytes).digest();

/** Flags: user present (0x01), user verified (0x04), attested credential data included (0x40). */
const UP_UV = 0x05;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: string;
  /** The answer to POST two-factor/passkey-options/'s options. */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
  ): Record<string, unknown>;
  /** The answer to a login's (or a passkey sign-in's) options. */
  assert(
    options: { challenge: string; rpId?: string },
    origin: string,
    tamper?: boolean,
  ): Record<string, unknown>;
}

export function softPasskey(rpId = 'localhost'): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(16);
  const credentialId = b64url(rawId);
  let counter = 0;
  let userHandle = '';

  const authenticatorData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };

  return {
    credentialId,
    register(options, origin) {
      userHandle = options.user.id;
      const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authenticatorData(UP_UV | AT, attested)],
        ]),
      );
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      });
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    assert(options, origin, tamper = false) {
      counter += 1;
      const data = authenticatorData(UP_UV);
      const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin });
      const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), privateKey);
      if (tamper)
        signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
      };
    },
  };
}
