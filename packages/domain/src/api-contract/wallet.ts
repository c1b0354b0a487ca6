/**
 * The API contract: wallet passes (issue 41).
 *
 *   GET bookings/{id}/wallet-links/          the booking's wallet links (its customer, staff, or the payment's
 *                                            ?client_secret= on the success page)
 *   GET manage-bookings/{id}/wallet-links/   the same for Manage my booking (a manage token)
 *   GET wallet-passes/{token}/apple/         the .pkpass (the token signed like the manage link)
 *   GET wallet-passes/{token}/google/        302 to Google's save page
 *   GET wallet-deliveries/                   Admins: the local adapters' pushes and object updates
 */

/** `wallet-links`: each null when that wallet is switched off. */
export interface WalletLinksAttributes {
  /** The .pkpass download, below the site's origin. */
  applePassUrl: string | null;
  /** https://pay.google.com/gp/v/save/{jwt}. */
  googleSaveUrl: string | null;
}

/** `wallet-deliveries`: what a local adapter recorded instead of sending it. */
export interface WalletDeliveryAttributes {
  kind: 'apple-push' | 'google-update';
  /** The device's push token, or the Google object's id. */
  target: string;
  serialNumber: string;
  bookingCode: string | null;
  created: string;
}
