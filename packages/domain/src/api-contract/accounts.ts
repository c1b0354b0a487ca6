/** The API contract: Accounts. Value formats and who sees what: see ./json.ts. */
import type { ApiJson } from './json';
import type { SecondFactor, SignInMethod } from '../two-factor';

/** `users`: a user sees themself, staff all. */
export interface UserAttributes {
  email: string;
  roles: string[];
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  business: string;
  emailConfirmed: boolean;
  activeIndoorSubscription: boolean;
  activeOutdoorSubscription: boolean;
  hasPassword: boolean;
  created: string;
  /** Staff only. */
  isActive?: boolean;
  /** Staff only. */
  lastLogin?: string | null;
}

/** `customers`: a customer sees their own record, staff all. */
export interface CustomerAttributes {
  email: string;
  emailConfirmed: boolean;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  business: string;
  fullName: string;
  hasSubscription: boolean;
  created: string;
  /** Staff only: notes about the customer, not for them. */
  privateNotes?: string;
  /** Staff only: staff customers appear in the parked-by list. */
  staff?: boolean;
  /** Staff only: the roles of the customer's login ([] without one). */
  roles?: string[];
  /** Staff only: "name · email · phone". */
  customerDetails?: string;
}

/**
 * `sessions`: a login (POST sessions/) or the current one (GET sessions/current/, `data: null` for a
 * visitor); its `user` is related and included, with the user's own customer.
 */
export interface SessionAttributes {
  email: string;
  /** Login only: the token to send as a bearer token (the session cookie is set too). */
  token?: string;
  /** Login only: when the session ends. */
  expires?: string;
  /** How the session was signed in (password, password+totp, password+recovery, password+passkey, passkey). */
  signInMethod?: SignInMethod;
  /** Staff without a second factor while Admins require one: the session reaches only the set-up. */
  twoFactorSetupRequired?: boolean;
  /**
   * A login whose password was right for an account with two-factor sign-in (answered 202, no session yet): the
   * second step is sent to POST sessions/second-step/ with this `loginToken`.
   */
  secondFactorRequired?: boolean;
  loginToken?: string;
  /** The second steps this account can take. */
  methods?: SecondFactor[];
  /** The account's passkeys' challenge (PublicKeyCredentialRequestOptionsJSON), when it has any. */
  passkeyOptions?: Record<string, unknown>;
}

/**
 * `anon-emails` (GET anon-emails/{email}/): whether an address belongs to no registered user, for
 * anyone (the wizard's guest email check).
 */
export interface AnonEmailAttributes {
  anon: boolean;
  emailAddress: string;
}

/** `vehicles`: a customer's saved vehicles. */
export interface VehicleAttributes {
  rego: string;
  make: string;
  model: string;
  colour: string;
  deleted: boolean;
  /** Created from a booking without a real rego; lists hide them. */
  regoUuid: boolean;
  /** "REGO - Make Model". */
  fullName: string;
  created: string;
}

/** `products`: subscription products. */
export interface ProductAttributes {
  name: string;
  description: string;
  metadata: { [key: string]: ApiJson; codename: string };
}

/** `prices`: a product's prices. */
export interface PriceAttributes {
  amount: string;
  formattedAmount: string;
  currency: string;
  interval: string;
  intervalCount: number;
  active: boolean;
}

/** `subscriptions`: a user's own, staff all. */
export interface SubscriptionAttributes {
  endDatetime: string;
  canceledAt: string | null;
  /** Valid until its end, even when cancelled. */
  valid: boolean;
  created: string;
}

/** `checkout-sessions` (POST checkout-sessions/): a user's own checkout for a price, at the provider. */
export interface CheckoutSessionAttributes {
  sessionId: string;
  /** The provider's checkout page (the local provider's is this site's /local-checkout). */
  url: string;
}

/** `billing-sessions` (POST billing-sessions/): a user's own billing portal, at the provider. */
export interface BillingSessionAttributes {
  url: string;
}

/**
 * `local-checkout-sessions` (GET local-checkout-sessions/{id}/, the local provider only): the checkout's
 * page; its id is the capability, so anyone holding it.
 */
export interface LocalCheckoutSessionAttributes {
  /** Stripe's words: 'open' until paid, then 'complete'. */
  status: string;
  email: string;
  productName: string;
  productDescription: string;
  amount: string;
  interval: string;
  intervalCount: number;
  successUrl: string;
  cancelUrl: string;
}

/** The answer of POST local-checkout-sessions/{id}/complete/: paid, and where to go next. */
export interface LocalCheckoutCompletionAttributes {
  status: 'complete';
  successUrl: string;
}

/** A subscription in the local provider's billing portal. */
export interface LocalBillingSubscription {
  /** The provider's subscription id. */
  id: string;
  /** '' when the price is not known here. */
  productName: string;
  amount: string;
  /** Stripe's words: 'active' while it runs; 'canceled' once ended. */
  status: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

/**
 * `local-billing-sessions` (GET local-billing-sessions/{id}/, the local provider only): the billing
 * portal's page; its id is the capability.
 */
export interface LocalBillingSessionAttributes {
  returnUrl: string;
  subscriptions: LocalBillingSubscription[];
}

/** `contact-submissions`: the contact form's messages (staff read them). */
export interface ContactSubmissionAttributes {
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
  created: string;
}
