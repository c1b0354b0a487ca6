/**
 * The API contract: the attributes of each JSON:API resource exactly as the server answers them, and of
 * the declared actions' answers (quotes, sessions, manage my booking, payments...). The server's
 * serializers (apps/server/src/resources/<type>.ts, `attributes()`) and actions (apps/server/src/routes/)
 * `satisfies` these types, so that a change to what the API answers fails the typecheck until the
 * contract (and so the web) follows; the web reads its documents with these types instead of declaring
 * its own.
 *
 * Value formats (architecture.md): datetimes are ISO strings; money is a string with two places
 * ("12.50"); fractions are trimmed strings ("0.15", "1"); times of day are 'HH:mm:ss'. Fields only some
 * callers see are optional, with who sees them beside them.
 */

/** Any JSON value (booking-log info, audit changes, product metadata). */
export type ApiJson = string | number | boolean | null | ApiJson[] | { [key: string]: ApiJson };

/** Resources whose only attribute is a name: airlines, vehicle-types. */
export interface NamedAttributes {
  name: string;
}

export type AirlineAttributes = NamedAttributes;
export type VehicleTypeAttributes = NamedAttributes;

// ---------------------------------------------------------------------------------------------------
// Bookings

/** `bookings`: a customer sees their own, staff all. */
export interface BookingAttributes {
  bookingCode: string;
  status: string;
  bookingType: string;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  business: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  startDatetime: string;
  /** Null for an open-ended stay. */
  endDatetime: string | null;
  /** 'HH:mm:ss', or null without a shuttle. */
  busDepartureTime: string | null;
  passengersOut: number;
  passengersIn: number;
  flightNumberOut: string;
  flightNumberIn: string;
  lotRegionRow: number | null;
  parkingCost: string;
  extrasCost: string;
  /** The price each extra was sold at, keyed by extra id. */
  extrasPrices: Record<string, string>;
  discountRate: string;
  promoCode: string;
  amountDiscounted: string;
  subscriptionDiscount: string;
  totalCost: string;
  amountPaid: string;
  paymentMethod: string | null;
  paymentStatus: string;
  paymentDatetime: string | null;
  stripeComplete: boolean;
  hadSubscription: boolean;
  publicNotes: string;
  created: string;
  /** When the car was checked in, or null (everyone: My Bookings shows "Parked now"). */
  timeParked: string | null;
  /** Staff only: admin notes. */
  notes?: string;
  /** Staff only: the check-in record. */
  fuelLevel?: string;
  /** Staff only. */
  damage?: string;
  /** Staff only. */
  kilometers?: number | null;
  /** Staff only. */
  vehicleNotes?: string;
}

/** `booking-logs`: the edit history of a booking (Admins only). */
export interface BookingLogAttributes {
  timestamp: string;
  action: string;
  /** Changed fields `{ field: [before, after] }`, or context for the action. */
  info: ApiJson;
}

/** `audit-logs` (Admins only). */
export interface AuditLogAttributes {
  timestamp: string;
  resourceType: string;
  resourceId: string;
  action: string;
  /** 'system' for what the server did by itself; 'user' otherwise. */
  actor: string;
  changes: ApiJson;
}

// ---------------------------------------------------------------------------------------------------
// Prices of a stay

/**
 * `quotes` (GET quotes/?start_date&end_date): one per lot for a stay's dates, for anyone; its lot is
 * related (`lot`, included with include=lot). A customer's own subscription makes its lot's price 0;
 * staff and visitors get the list price.
 */
export interface QuoteAttributes {
  /** "45.00" */
  price: string;
  /** "$45", "$45.50": whole dollars lose their ".00". */
  formattedPrice: string;
  /** 'YYYY-MM-DD', as asked. */
  startDate: string;
  /** 'YYYY-MM-DD', as asked. */
  endDate: string;
  /** The lot is fuller than its fill-rate threshold on a day of the stay. */
  fillThresholdExceeded: boolean;
}

/**
 * `booking-quotes` (POST booking-quotes/): the cost calculation of the wizard's summary and the back
 * office's booking form, for anyone (only staff may send a discount rate). The stay as taken, the rate
 * applied (a promo code's, for everyone but staff who give one), and the charges.
 */
export interface BookingQuoteAttributes {
  startDatetime: string;
  endDatetime: string;
  /** The rate applied, a trimmed fraction ("0.15", "0"). */
  discountRate: string;
  calculateSubscriptionGaps: boolean;
  /** As sent, normalised ('' for none). */
  promoCode: string;
  parkingCost: string;
  subscriptionDiscount: string;
  amountDiscounted: string;
  extrasCost: string;
  totalCost: string;
  /** The GST included in the total. */
  gst: string;
}

/**
 * `promo-codes` (POST promo-codes/): a promo code checked for a stay's drop-off, for anyone; a code that
 * does not apply is refused (400), not answered.
 */
export interface PromoCodeAttributes {
  /** The code as the discount holds it (upper case). */
  code: string;
  /** The discount's rate, a trimmed fraction ("0.1"). */
  discountRate: string;
  /** The drop-off window as sent, or null. */
  dropOffStart: string | null;
  dropOffEnd: string | null;
}

// ---------------------------------------------------------------------------------------------------
// Manage my booking (the booking's code and email, or its customer, or staff)

/** An extra on a managed booking, at the price it was sold at. */
export interface ManagedBookingExtra {
  id: string;
  name: string;
  price: string;
}

/**
 * `manage-bookings` (GET manage-bookings/{id}/, and the answers of its actions): the booking as manage
 * my booking shows it, with the rules of changing and cancelling it, for staff, the customer it belongs
 * to and a guest holding its token. Related records are named inline (no relationships).
 */
export interface ManagedBookingAttributes {
  bookingCode: string;
  status: string;
  paymentStatus: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  startDatetime: string;
  /** Null for an open-ended stay. */
  endDatetime: string | null;
  /** '' when the lot is gone. */
  lotName: string;
  lotSlug: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: string | null;
  /** '' without a vehicle type. */
  vehicleTypeName: string;
  airlineOutId: string | null;
  /** '' without an airline. */
  airlineOutName: string;
  airlineInId: string | null;
  airlineInName: string;
  flightNumberOut: string;
  flightNumberIn: string;
  /** 'HH:mm:ss', or null without a shuttle. */
  busDepartureTime: string | null;
  passengersOut: number;
  passengersIn: number;
  extras: ManagedBookingExtra[];
  promoCode: string;
  parkingCost: string;
  subscriptionDiscount: string;
  amountDiscounted: string;
  extrasCost: string;
  totalCost: string;
  /** The GST included in the total. */
  gst: string;
  /** What the ledger holds as paid, less refunds. */
  amountPaid: string;
  /** What is still owed. */
  amountDue: string;
  /** Going ahead (complete, pending or payment failed), and before the cut-off. */
  canManage: boolean;
  /** Changes and cancellations are taken until then. */
  cutoffDatetime: string;
  cutoffHours: number;
  /** What cancelling now would refund; null when it can no longer be managed. */
  cancellationRefund: string | null;
  /** Cancelling now refunds the parking in full (more than fullRefundHours ahead). */
  fullParkingRefund: boolean;
  fullRefundHours: number;
}

/**
 * The answer of POST manage-bookings/{id}/changes/ (a `manage-bookings` resource): the booking as
 * changed, and what the change did with the money.
 */
export interface BookingChangeAttributes extends ManagedBookingAttributes {
  /** The card payment for the difference, or null when there is none to pay. */
  clientSecret: string | null;
  /** Refunded to the card. */
  refunded: string;
  /** Owed back but paid some other way (cash, EFTPOS, account): for staff to settle. */
  credit: string;
  /** A change that costs more is made once its difference is paid (amountDue is that difference). */
  changePending: boolean;
  /** Until when the new days are held for a pending change; null otherwise. */
  holdExpires: string | null;
  /** The promo code the booking was made with, when it does not apply to the new dates. */
  promoDropped: string | null;
}

/** The answer of POST manage-bookings/{id}/cancellation/ (a `manage-bookings` resource). */
export interface CancellationAttributes extends ManagedBookingAttributes {
  /** Refunded by this cancellation ("0.00" when asked again). */
  refunded: string;
}

/** `change-quotes` (POST manage-bookings/{id}/change-quotes/): what a change would cost, nothing saved. */
export interface ChangeQuoteAttributes {
  parkingCost: string;
  subscriptionDiscount: string;
  amountDiscounted: string;
  extrasCost: string;
  /** The new total. */
  totalCost: string;
  gst: string;
  /** Paid so far. */
  amountPaid: string;
  /** To pay for the change. */
  amountDue: string;
  /** To refund for the change. */
  refund: string;
  /** The booking's fields the change alters ([] when nothing would change). */
  changed: string[];
  promoDropped: string | null;
}

/** `manage-booking-sessions` (POST manage-booking-sessions/): a guest's short-lived token for a booking. */
export interface ManageBookingSessionAttributes {
  /** Sent back as X-Manage-Token. */
  token: string;
  expires: string;
  bookingId: string;
}

/** `payments` of POST manage-bookings/{id}/payments/: a card payment opened for what is owed. */
export interface BalancePaymentAttributes {
  amount: string;
  clientSecret: string;
}

// ---------------------------------------------------------------------------------------------------
// Card payments

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

// ---------------------------------------------------------------------------------------------------
// Accounts

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

// ---------------------------------------------------------------------------------------------------
// Catalogue and settings

/** `lots`: the car parks. */
export interface LotAttributes {
  name: string;
  slug: string;
  productCodename: string;
  lotType: string;
  spaces: number;
  fillRateThreshold: string | null;
  rate: string;
  subscriptionParkingDiscount: string;
}

/** `lot-regions` (staff). */
export interface LotRegionAttributes {
  name: string;
  rows: number;
}

/** `flights`. */
export interface FlightAttributes {
  flightNumber: string;
  flightLabel: string;
  /** 'HH:mm:ss' */
  time: string;
  departure: boolean;
  /** 'weekday' or 'weekend'. */
  service: string;
}

/** `bus-trips`. */
export interface BusTripAttributes {
  service: string;
  /** 'HH:mm:ss' */
  departureTime: string;
  /** '5:30 am' */
  formattedTime: string;
}

/** `extras`. */
export interface ExtraAttributes {
  name: string;
  description: string;
  extraType: string;
  basePrice: string;
  /** "$12.50" */
  formattedPrice: string;
  available: boolean;
  public: boolean;
}

/** `extra-variations`: an extra's price for a vehicle type. */
export interface ExtraVariationAttributes {
  price: string;
  formattedPrice: string;
}

/** `discounts` (promo codes). */
export interface DiscountAttributes {
  name: string;
  notes: string;
  promoCode: string;
  rate: string;
  validFrom: string;
  validTo: string;
  dropOffStart: string | null;
  dropOffEnd: string | null;
  /** Valid now. */
  active: boolean;
  discountDetails: string;
  created: string;
}

/** `blockout-periods`. */
export interface BlockoutPeriodAttributes {
  name: string;
  message: string;
  startDatetime: string;
  endDatetime: string;
  blockType: string;
}

/** `exceptional-days`. */
export interface ExceptionalDayAttributes {
  name: string;
  /** 'YYYY-MM-DD' */
  date: string;
}

/** `exceptional-rates`: a lot's surcharge on an exceptional day. */
export interface ExceptionalRateAttributes {
  surcharge: string;
  formattedSurcharge: string;
}

/** `short-term-rate-days`. */
export interface RateDayAttributes {
  days: number;
}

/** `short-term-rates`: a lot's price for a number of days. */
export interface ShortTermRateAttributes {
  rate: string;
  formattedRate: string;
}
