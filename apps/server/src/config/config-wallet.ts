/**
 * The wallet passes' settings (issue 41): Apple Wallet (the pass-type certificate that signs each .pkpass and
 * pushes through APNs) and Google Wallet (a service account's key that signs the save links and updates the
 * objects). Each is `live` with its settings, `local` (development, tests, the demo: a generated certificate or
 * key, pushes and updates recorded in the database for Admins) or `none`; production refuses `local`.
 */
import { z } from 'zod';
import { missingSettings, settingProblem, type SettingProblem } from './config-problem';

/** Their environment variables, part of config-env.ts's schema. */
export const walletEnv = {
  /** `apns` (the pass-type certificate below), `local` or `none`; default: apns when APPLE_PASS_CERT is set. */
  APPLE_WALLET_PROVIDER: z.enum(['apns', 'local', 'none']).optional(),
  /** The Pass Type ID registered with Apple (pass.com.example.parking) and the team's id. */
  APPLE_PASS_TYPE_ID: z.string().trim().min(1).optional(),
  APPLE_TEAM_ID: z.string().trim().min(1).optional(),
  /** The pass-type certificate and its private key (PEM files), and Apple's WWDR intermediate (PEM). */
  APPLE_PASS_CERT: z.string().trim().min(1).optional(),
  APPLE_PASS_KEY: z.string().trim().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().trim().min(1).optional(),
  APPLE_APNS_URL: z.string().url().default('https://api.push.apple.com'),
  /** `google` (the service account below), `local` or `none`; default: google when its key is set. */
  GOOGLE_WALLET_PROVIDER: z.enum(['google', 'local', 'none']).optional(),
  GOOGLE_WALLET_ISSUER_ID: z.string().trim().min(1).optional(),
  /** The service account's JSON key file (client_email, private_key). */
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().trim().min(1).optional(),
  GOOGLE_WALLET_API_URL: z.string().url().default('https://walletobjects.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
};

type WalletEnv = z.output<z.ZodObject<typeof walletEnv>> & {
  NODE_ENV: 'development' | 'production' | 'test';
};

export type AppleWalletConfig =
  | { provider: 'none' }
  | { provider: 'local' }
  | {
      provider: 'apns';
      passTypeIdentifier: string;
      teamIdentifier: string;
      certFile: string;
      keyFile: string;
      keyPassphrase: string | undefined;
      wwdrFile: string;
      apnsUrl: string;
    };

export type GoogleWalletConfig =
  | { provider: 'none' }
  | { provider: 'local' }
  | { provider: 'google'; issuerId: string; serviceAccountFile: string; apiUrl: string; tokenUrl: string };

export interface WalletConfig {
  apple: AppleWalletConfig;
  google: GoogleWalletConfig;
}

const appleKind = (e: WalletEnv) =>
  e.APPLE_WALLET_PROVIDER ?? (e.APPLE_PASS_CERT ? 'apns' : e.NODE_ENV === 'production' ? 'none' : 'local');
const googleKind = (e: WalletEnv) =>
  e.GOOGLE_WALLET_PROVIDER ??
  (e.GOOGLE_WALLET_SERVICE_ACCOUNT ? 'google' : e.NODE_ENV === 'production' ? 'none' : 'local');

export function walletConfig(e: WalletEnv): WalletConfig {
  const apple = appleKind(e);
  const google = googleKind(e);
  // walletProblems refused the missing settings before: these checks narrow the types.
  const fail = (what: string) => {
    throw new Error(`Invalid environment: ${what}`);
  };
  return {
    apple:
      apple === 'apns'
        ? {
            provider: 'apns',
            passTypeIdentifier: e.APPLE_PASS_TYPE_ID ?? fail('APPLE_PASS_TYPE_ID'),
            teamIdentifier: e.APPLE_TEAM_ID ?? fail('APPLE_TEAM_ID'),
            certFile: e.APPLE_PASS_CERT ?? fail('APPLE_PASS_CERT'),
            keyFile: e.APPLE_PASS_KEY ?? fail('APPLE_PASS_KEY'),
            keyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
            wwdrFile: e.APPLE_WWDR_CERT ?? fail('APPLE_WWDR_CERT'),
            apnsUrl: e.APPLE_APNS_URL,
          }
        : { provider: apple },
    google:
      google === 'google'
        ? {
            provider: 'google',
            issuerId: e.GOOGLE_WALLET_ISSUER_ID ?? fail('GOOGLE_WALLET_ISSUER_ID'),
            serviceAccountFile: e.GOOGLE_WALLET_SERVICE_ACCOUNT ?? fail('GOOGLE_WALLET_SERVICE_ACCOUNT'),
            apiUrl: e.GOOGLE_WALLET_API_URL,
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
          }
        : { provider: google },
  };
}

/** Every problem of the wallets' settings at once (config-check.ts adds them to the others). */
export function walletProblems(e: WalletEnv): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const production = e.NODE_ENV === 'production';
  if (appleKind(e) === 'local' && production)
    problems.push(
      settingProblem(
        'APPLE_WALLET_PROVIDER',
        'APPLE_WALLET_PROVIDER=local cannot run in production',
        'set APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT, APPLE_PASS_TYPE_ID and APPLE_TEAM_ID, or APPLE_WALLET_PROVIDER=none',
        'the local adapter signs passes with a self-signed certificate no iPhone accepts and pushes nothing',
      ),
    );
  if (googleKind(e) === 'local' && production)
    problems.push(
      settingProblem(
        'GOOGLE_WALLET_PROVIDER',
        'GOOGLE_WALLET_PROVIDER=local cannot run in production',
        'set GOOGLE_WALLET_SERVICE_ACCOUNT and GOOGLE_WALLET_ISSUER_ID, or GOOGLE_WALLET_PROVIDER=none',
        'the local adapter signs save links with a generated key Google does not know and updates nothing',
      ),
    );
  const apple = [
    [
      'APPLE_PASS_TYPE_ID',
      e.APPLE_PASS_TYPE_ID,
      'the Pass Type ID registered with Apple (pass.com.example…)',
    ],
    ['APPLE_TEAM_ID', e.APPLE_TEAM_ID, "the team's id from Apple's developer account"],
    ['APPLE_PASS_CERT', e.APPLE_PASS_CERT, "the pass-type certificate's PEM file"],
    ['APPLE_PASS_KEY', e.APPLE_PASS_KEY, "its private key's PEM file"],
    ['APPLE_WWDR_CERT', e.APPLE_WWDR_CERT, "Apple's WWDR intermediate certificate (PEM)"],
  ] as const;
  if (appleKind(e) === 'apns')
    problems.push(...missingSettings(apple, 'Apple Wallet passes are signed with them'));
  const google = [
    ['GOOGLE_WALLET_ISSUER_ID', e.GOOGLE_WALLET_ISSUER_ID, 'the issuer id from Google Pay & Wallet Console'],
    ['GOOGLE_WALLET_SERVICE_ACCOUNT', e.GOOGLE_WALLET_SERVICE_ACCOUNT, "the service account's JSON key file"],
  ] as const;
  if (googleKind(e) === 'google')
    problems.push(...missingSettings(google, 'Google Wallet save links are signed with it'));
  return problems;
}
