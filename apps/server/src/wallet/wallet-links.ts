/**
 * The links that add a booking's pass to a wallet: `wallet-passes/{token}/apple/` (the .pkpass) and
 * `wallet-passes/{token}/google/` (to Google's save page), the token signed like the manage link
 * (bookings/manage-link.ts): for that booking and the address it was sent to, until 30 days after the pick-up.
 */
import type { Config } from '../config/config';
import { issueSignedToken, readSignedToken } from '../signed-token';

const DAYS_AFTER_STAY = 30;
const purpose = (email: string) => `wallet-pass:${email.trim().toLowerCase()}`;

interface LinkedBooking {
  id: number;
  email: string;
  startDatetime: Date;
  endDatetime: Date | null;
}

export function issueWalletPassToken(secret: string, booking: LinkedBooking): string {
  const end = booking.endDatetime ?? booking.startDatetime;
  return issueSignedToken(
    secret,
    purpose(booking.email),
    booking.id,
    new Date(end.getTime() + DAYS_AFTER_STAY * 86_400_000),
  );
}

/** The booking a token names before anything is checked (to read that booking's address). */
export function walletTokenBookingId(token: string): number | null {
  const match = /^(\d{1,10})\./.exec(token);
  return match?.[1] ? Number(match[1]) : null;
}

export const readWalletPassToken = (secret: string, token: string, now: Date, currentEmail: string) =>
  readSignedToken(secret, purpose(currentEmail), token, now);

export interface WalletLinkUrls {
  /** The .pkpass download; null when Apple Wallet is switched off. */
  apple: string | null;
  /** Our redirect to Google's save page; null when Google Wallet is switched off. */
  google: string | null;
}

/** The email's links (absolute, under PUBLIC_URL). */
export function walletLinkUrls(
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'wallet'>,
  booking: LinkedBooking,
): WalletLinkUrls {
  const base = `${config.publicUrl}/backend/api/v1/wallet-passes/${issueWalletPassToken(config.sessionSecret, booking)}`;
  return {
    apple: config.wallet.apple.provider === 'none' ? null : `${base}/apple/`,
    google: config.wallet.google.provider === 'none' ? null : `${base}/google/`,
  };
}
