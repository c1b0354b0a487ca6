/**
 * The wallets' interfaces (issue 41), like the payment provider's: wallet-services.ts chooses the adapters
 * (apple-push.ts, google-wallet.ts: real or local) from the settings.
 */
import type { PassCertificates } from './apple-certificates';

export interface GoogleServiceAccount {
  clientEmail: string;
  /** PKCS#8 PEM. */
  privateKey: string;
  /** Its public half (PEM), to check our own signatures (tests, the local adapter). */
  publicKey: string | null;
}

/** The answer of a push: `gone` when Apple says the device no longer has the pass (its registration is dropped). */
export type PushOutcome = 'sent' | 'gone';

export interface ApplePush {
  push(pushToken: string, serialNumber: string): Promise<PushOutcome>;
}

export interface AppleWallet {
  readonly name: 'apns' | 'local';
  readonly passTypeIdentifier: string;
  readonly teamIdentifier: string;
  readonly certificates: PassCertificates;
  readonly push: ApplePush;
}

export interface GoogleObjectUpdates {
  /** Patches the object (genericObject); false when Google has no such object yet (the traveller never saved it). */
  patch(objectId: string, object: Record<string, unknown>, serialNumber: string): Promise<boolean>;
}

export interface GoogleWallet {
  readonly name: 'google' | 'local';
  readonly issuerId: string;
  readonly serviceAccount: GoogleServiceAccount;
  readonly updates: GoogleObjectUpdates;
}

export interface WalletServices {
  apple: AppleWallet | null;
  google: GoogleWallet | null;
}
