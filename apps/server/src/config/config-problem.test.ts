/** A provider's settings left empty: one line each, in the same shape for SMS and both wallets. */
import { describe, expect, it } from 'vitest';
import { missingSettings } from './config-problem';
import { envSchema } from './config-env';
import { outsideServicesProblems } from './config-services';
import { walletProblems } from './config-wallet';

describe('missing settings', () => {
  it('names each empty one, with what to set and why, and nothing for those set', () => {
    expect(
      missingSettings(
        [
          ['A_KEY', 'set', 'the key'],
          ['A_SECRET', undefined, 'its secret'],
          ['A_FROM', '', 'the sender'],
        ],
        'the provider needs all three',
      ),
    ).toEqual([
      { variable: 'A_SECRET', message: 'A_SECRET is not set: set its secret; the provider needs all three.' },
      { variable: 'A_FROM', message: 'A_FROM is not set: set the sender; the provider needs all three.' },
    ]);
  });

  it('lists what Twilio, Apple Wallet and Google Wallet lack when chosen', () => {
    const sms = outsideServicesProblems(
      envSchema.parse({ NODE_ENV: 'test', SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' }),
    );
    expect(sms.map((problem) => problem.variable)).toEqual(['TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
    expect(sms[0]?.message).toMatch(
      /^TWILIO_AUTH_TOKEN is not set: set the Auth Token from the Twilio console; /,
    );

    const wallets = walletProblems(
      envSchema.parse({
        NODE_ENV: 'test',
        APPLE_WALLET_PROVIDER: 'apns',
        APPLE_PASS_TYPE_ID: 'pass.example',
        GOOGLE_WALLET_PROVIDER: 'google',
        GOOGLE_WALLET_ISSUER_ID: '338',
      }),
    );
    expect(wallets.map((problem) => problem.variable)).toEqual([
      'APPLE_TEAM_ID',
      'APPLE_PASS_CERT',
      'APPLE_PASS_KEY',
      'APPLE_WWDR_CERT',
      'GOOGLE_WALLET_SERVICE_ACCOUNT',
    ]);
    expect(wallets.at(-1)?.message).toBe(
      "GOOGLE_WALLET_SERVICE_ACCOUNT is not set: set the service account's JSON key file; Google Wallet save links are signed with it.",
    );
  });
});
