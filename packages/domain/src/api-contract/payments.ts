/** The API contract: Card payments. Value formats and who sees what: see ./json.ts. */

/** `payment-config` (GET payment-config/): the card provider the browser takes cards with, for anyone. */
export interface PaymentConfigAttributes {
  provider: 'stripe' | 'local';
  /** Stripe's publishable key; null for the local simulation. */
  publishableKey: string | null;
}

/** `payments` of POST payments/: a card payment staff open for a saved booking (Make Payment). */
export interface PaymentAttributes {
  amount: string;
  /** The card payment to confirm in the browser, or null when none could be opened. */
  clientSecret: string | null;
}
