/**
 * The wallets behind interfaces (issue 41), like the payment provider: Apple Wallet's signing certificates and its
 * push (APNs over HTTP/2 with the pass-type certificate, or the local adapter that records each push), and Google
 * Wallet's signing key and object updates (its REST API, or the local adapter that records each update). The
 * local adapters generate their certificate and key at start and keep what they "sent" in wallet_deliveries, listed
 * for Admins (wallet-routes.ts). Chosen by config-wallet.ts; production refuses the local ones.
 */
import type { Database } from '../db/client';
import type { AppleWalletConfig, GoogleWalletConfig, WalletConfig } from '../config/config-wallet';
import { configuredCertificates, developmentCertificates } from './apple-certificates';
import { createApnsPush, createLocalApplePush } from './apple-push';
import {
  createGoogleApiUpdates,
  createLocalGoogleUpdates,
  developmentServiceAccount,
  readServiceAccount,
} from './google-wallet';
import type { AppleWallet, GoogleWallet, WalletServices } from './wallet-provider';

const LOCAL_PASS_TYPE = 'pass.example.skypark.local';
const LOCAL_TEAM = 'LOCALTEAM0';
const LOCAL_ISSUER = '3388000000000000000';

function createAppleWallet(config: AppleWalletConfig, database: Database): AppleWallet | null {
  if (config.provider === 'none') return null;
  if (config.provider === 'local')
    return {
      name: 'local',
      passTypeIdentifier: LOCAL_PASS_TYPE,
      teamIdentifier: LOCAL_TEAM,
      certificates: developmentCertificates(LOCAL_PASS_TYPE, LOCAL_TEAM),
      push: createLocalApplePush(database),
    };
  const certificates = configuredCertificates(config);
  return {
    name: 'apns',
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    certificates,
    push: createApnsPush(config.apnsUrl, config.passTypeIdentifier, certificates),
  };
}

function createGoogleWallet(config: GoogleWalletConfig, database: Database): GoogleWallet | null {
  if (config.provider === 'none') return null;
  if (config.provider === 'local')
    return {
      name: 'local',
      issuerId: LOCAL_ISSUER,
      serviceAccount: developmentServiceAccount(),
      updates: createLocalGoogleUpdates(database),
    };
  const serviceAccount = readServiceAccount(config.serviceAccountFile);
  return {
    name: 'google',
    issuerId: config.issuerId,
    serviceAccount,
    updates: createGoogleApiUpdates(config, serviceAccount),
  };
}

export function createWalletServices(config: WalletConfig, database: Database): WalletServices {
  return {
    apple: createAppleWallet(config.apple, database),
    google: createGoogleWallet(config.google, database),
  };
}
